import { z } from "zod";
import { text } from "./text.ts";

/**
 * Account rights (spec §9 legal facts): the user's data exported as CSV or JSON, and the account
 * deleted on request, kept recoverable for 30 days and removed after.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;

export const AccountExportFormatSchema = z.enum(["json", "csv"]);
export type AccountExportFormat = z.infer<typeof AccountExportFormatSchema>;

/** `GET /api/me/export?format=json|csv`: a download, JSON unless asked otherwise. */
export const AccountExportQuerySchema = z.object({
  format: AccountExportFormatSchema.default("json"),
});
export type AccountExportQuery = z.infer<typeof AccountExportQuerySchema>;

/** The download's body: a JSON document or one CSV whose first column names the record type. */
export const AccountExportFileSchema = z.string();

export const ACCOUNT_DELETION_CONFIRM_WORD = "DELETE";

/**
 * `POST /api/me/deletion`: the password, or for an account without one (Google sign-in only)
 * the word DELETE typed out.
 */
export const RequestAccountDeletionSchema = z.union([
  z.object({
    password: text("Password", { error: "Enter your password" })
      .min(1, "Enter your password")
      .max(128),
  }),
  z.object({ confirm: z.literal(ACCOUNT_DELETION_CONFIRM_WORD) }),
]);
export type RequestAccountDeletion = z.infer<typeof RequestAccountDeletionSchema>;

export const AccountDeletionResponseSchema = z.object({
  /** After this time the purge job removes the account; signing in before it offers recovery. */
  purgeAfter: z.iso.datetime(),
});
export type AccountDeletionResponse = z.infer<typeof AccountDeletionResponseSchema>;
