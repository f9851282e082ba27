import { z } from "zod";
import { text } from "./text.ts";

/**
 * The UTM link builder (ADR 012): a workspace's history of tagged links, each checked against
 * its naming conventions and saved with the GA4 channel it is predicted to land in.
 */

/**
 * The page the link leads to. That it is http(s) and carries no utm_ parameters of its own is
 * checked by the engine's baseUrlProblem, in the browser as typed and on the server.
 */
export const BuilderBaseUrlSchema = text("Website URL")
  .trim()
  .min(1, "Website URL is required")
  .max(2_000, "Website URL must be at most 2000 characters");

function utmText(label: string) {
  return text(label, {
    error: (issue) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  }).max(500, `${label} must be at most 500 characters`);
}

function requiredUtm(label: string) {
  return utmText(label).refine((value) => value.trim() !== "", `${label} is required`);
}

/** `POST /api/workspaces/:workspaceId/links`; values are kept as typed (the checks warn about spaces). */
export const CreateBuilderLinkRequestSchema = z.object({
  baseUrl: BuilderBaseUrlSchema,
  utmSource: requiredUtm("Campaign source"),
  utmMedium: requiredUtm("Campaign medium"),
  utmCampaign: requiredUtm("Campaign name"),
  utmTerm: utmText("Campaign term").optional(),
  utmContent: utmText("Campaign content").optional(),
  utmId: utmText("Campaign ID").optional(),
});
export type CreateBuilderLinkRequest = z.infer<typeof CreateBuilderLinkRequestSchema>;

export const BuilderLinkSchema = z.object({
  id: z.uuid(),
  baseUrl: z.string(),
  utmSource: z.string(),
  utmMedium: z.string(),
  utmCampaign: z.string(),
  utmTerm: z.string().nullable(),
  utmContent: z.string().nullable(),
  utmId: z.string().nullable(),
  url: z.string(),
  /** The GA4 default channel group predicted when the link was made. */
  predictedChannel: z.string(),
  createdByName: z.string().nullable(),
  /** The signed-in user made it, or is the workspace's owner or an admin. */
  canDelete: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type BuilderLink = z.infer<typeof BuilderLinkSchema>;

export const BuilderLinkResponseSchema = z.object({ link: BuilderLinkSchema });
export type BuilderLinkResponse = z.infer<typeof BuilderLinkResponseSchema>;

/** `GET /api/workspaces/:workspaceId/links`: newest first, a page at a time. */
export const BuilderLinkListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type BuilderLinkListQuery = z.infer<typeof BuilderLinkListQuerySchema>;

export const BuilderLinkListResponseSchema = z.object({
  links: z.array(BuilderLinkSchema),
  total: z.number().int(),
});
export type BuilderLinkListResponse = z.infer<typeof BuilderLinkListResponseSchema>;

export const BuilderLinkIdParamsSchema = z.object({ linkId: z.uuid("Link not found") });
