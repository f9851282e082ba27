import { z } from "zod";
import { IssueSeveritySchema, ResolutionGuideSchema } from "./issues.ts";
import { text } from "./text.ts";

/**
 * One engine check as the public docs show it (`/docs/checks/:checkId`): the same title,
 * severity and resolution guide an issue found by the check carries.
 */
export const DocsCheckSchema = z.object({
  /** The stable kebab-case check id, also an issue's `issueType`. */
  id: z.string(),
  title: z.string(),
  /** The default severity of its findings. */
  severity: IssueSeveritySchema,
  /** The other severities a finding may take, and when: what a report may show beside the default. */
  severityWhen: z.array(z.object({ severity: IssueSeveritySchema, when: z.string() })),
  description: z.string(),
  guide: ResolutionGuideSchema,
});
export type DocsCheck = z.infer<typeof DocsCheckSchema>;

/** `GET /api/docs/checks`: every check the engine runs, in report order. */
export const DocsCheckListResponseSchema = z.object({ checks: z.array(DocsCheckSchema) });
export type DocsCheckListResponse = z.infer<typeof DocsCheckListResponseSchema>;

export const DocsCheckParamsSchema = z.object({ checkId: text("Check").min(1).max(100) });

/** `GET /api/docs/checks/:checkId`; an unknown id answers 404 NOT_FOUND. */
export const DocsCheckResponseSchema = z.object({ check: DocsCheckSchema });
export type DocsCheckResponse = z.infer<typeof DocsCheckResponseSchema>;
