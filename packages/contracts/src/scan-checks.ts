import { z } from "zod";
import { IssueSeveritySchema } from "./issues.ts";
import { ScanSchema } from "./scans.ts";

/**
 * What each of a scan's checks concluded. Spec: no check is silently starved; one the data
 * could not feed says `skipped`, with the reason, in the report and the API.
 */
export const CheckStatusSchema = z.enum(["passed", "failed", "skipped"]);
export type CheckStatus = z.infer<typeof CheckStatusSchema>;

export const ScanCheckSchema = z.object({
  /** The engine's stable check id, e.g. `case-inconsistency`. */
  id: z.string(),
  title: z.string(),
  /** The check's severity, raised to its worst finding's when it failed. */
  severity: IssueSeveritySchema,
  status: CheckStatusSchema,
  /**
   * The engine's words for what the data lacked, e.g. `needs sessionManualTerm` or
   * `no previous scan to compare with`; null unless skipped.
   */
  skippedReason: z.string().nullable(),
  /** Sessions its findings cover; 0 unless failed. */
  affectedSessions: z.number().int(),
});
export type ScanCheck = z.infer<typeof ScanCheckSchema>;

/**
 * One scan with every check's outcome (`GET /api/scans/:scanId`). `checks` is empty while the
 * scan runs, when it failed, and for scans recorded before checks were kept. Lists stay lean.
 */
export const ScanDetailSchema = ScanSchema.extend({
  checks: z.array(ScanCheckSchema),
  /**
   * Sessions whose attribution GA4 hides: replaced by `(data deleted)` after a data-deletion
   * request, or folded into a row-limit `(other)` row. Context, not a tagging error; null for a
   * running or failed scan and for scans recorded before it was kept.
   */
  hiddenSessions: z
    .object({
      dataDeleted: z.number().int().nonnegative(),
      rowLimit: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type ScanDetail = z.infer<typeof ScanDetailSchema>;

export const ScanDetailResponseSchema = z.object({ scan: ScanDetailSchema });
export type ScanDetailResponse = z.infer<typeof ScanDetailResponseSchema>;
