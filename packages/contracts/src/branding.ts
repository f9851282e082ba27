import { z } from "zod";
import { text } from "./text.ts";

/**
 * White-label branding of a workspace's PDF reports (issue 10, ADR 012): the name, colour and
 * logo printed in place of the product's own. Sold on the Agency plan (`whiteLabelReports`).
 */

/** The colour of a workspace that has not chosen one: a neutral slate. */
export const DEFAULT_BRAND_COLOR = "#334155";

/** The largest logo accepted, in bytes of the image itself. */
export const BRAND_LOGO_MAX_BYTES = 512 * 1024;

/** The image types a logo may be; recognised by the file's first bytes, not by its label. */
export const BRAND_LOGO_CONTENT_TYPES = ["image/png", "image/jpeg"] as const;
export type BrandLogoContentType = (typeof BRAND_LOGO_CONTENT_TYPES)[number];

export const BrandDisplayNameSchema = text("Display name")
  .trim()
  .min(1, "Display name is required")
  .max(80, "Display name must be at most 80 characters");

export const BrandColorSchema = text("Brand colour")
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Brand colour must be a hex colour such as #1a73e8")
  .transform((value) => value.toLowerCase());

/** `PUT /api/workspaces/:workspaceId/branding` (owner or admin). */
export const UpdateBrandingRequestSchema = z.object({
  displayName: BrandDisplayNameSchema,
  brandColor: BrandColorSchema,
});
export type UpdateBrandingRequest = z.input<typeof UpdateBrandingRequestSchema>;

/**
 * `PUT /api/workspaces/:workspaceId/branding/logo`: the image as a data URL
 * (`data:image/png;base64,...`). Its bytes decide its type; PNG or JPEG, at most 512 KB.
 */
export const UploadBrandLogoRequestSchema = z.object({
  dataUrl: text("The logo", { error: "The logo is required" })
    .min(1, "The logo is required")
    // Base64 makes a file a third larger; anything far beyond the limit is refused unread.
    .max(Math.ceil((BRAND_LOGO_MAX_BYTES * 4) / 3) + 1024, "The logo must be at most 512 KB"),
});
export type UploadBrandLogoRequest = z.infer<typeof UploadBrandLogoRequestSchema>;

/** A workspace's report branding; without saved branding, the defaults (its name, a neutral colour). */
export const BrandingSchema = z.object({
  workspaceId: z.uuid(),
  displayName: z.string(),
  brandColor: z.string(),
  hasLogo: z.boolean(),
  /** False while the workspace shows the defaults (nothing saved yet). */
  isCustom: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type Branding = z.infer<typeof BrandingSchema>;

export const BrandingResponseSchema = z.object({ branding: BrandingSchema });
export type BrandingResponse = z.infer<typeof BrandingResponseSchema>;

/** `GET .../branding/logo` answers the image itself. */
export const BrandLogoFileSchema = z.string();
