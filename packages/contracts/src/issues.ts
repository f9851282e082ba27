import { z } from "zod";
import { DateRangeDaysSchema } from "./scans.ts";
import { text } from "./text.ts";

export const IssueSeveritySchema = z.enum(["critical", "warning", "info"]);
export type IssueSeverity = z.infer<typeof IssueSeveritySchema>;

export const IssueStatusSchema = z.enum(["active", "muted", "resolved"]);
export type IssueStatus = z.infer<typeof IssueStatusSchema>;

/** Spec §3 resolution_guide. */
export const ResolutionGuideSchema = z.object({
  whyItMatters: z.string(),
  howToFix: z.string(),
  exampleWrong: z.string(),
  exampleCorrect: z.string(),
  ga4DocumentationUrl: z.string(),
});
export type ResolutionGuide = z.infer<typeof ResolutionGuideSchema>;

/** A row of GA4 data that shows the issue, as the engine reported it. */
export const IssueExampleSchema = z.object({
  values: z.record(z.string(), z.string()),
  sessions: z.number(),
});
export type IssueExample = z.infer<typeof IssueExampleSchema>;

/**
 * Another check's reason for the same problem on the same sessions: shown on this issue, not as
 * an issue of its own, and costed once in the score.
 */
export const IssueReasonSchema = z.object({
  /** The engine check id that found it too. */
  issueType: z.string(),
  title: z.string(),
});
export type IssueReason = z.infer<typeof IssueReasonSchema>;

/** One UTM issue of a property (spec §3 utm_issues). */
export const IssueSchema = z.object({
  id: z.uuid(),
  dataSourceId: z.uuid(),
  /** The engine check id, e.g. `case-inconsistency` (spec: issue_type). */
  issueType: z.string(),
  title: z.string(),
  description: z.string(),
  severity: IssueSeveritySchema,
  status: IssueStatusSchema,
  affectedSessionsCount: z.number().int(),
  /** The offending values (personal data already redacted). */
  values: z.array(z.string()),
  examples: z.array(IssueExampleSchema),
  /** Other checks' reasons for this same problem. */
  alsoFound: z.array(IssueReasonSchema),
  firstDetectedAt: z.iso.datetime(),
  lastDetectedAt: z.iso.datetime(),
  mutedAt: z.iso.datetime().nullable(),
  mutedByUserId: z.string().nullable(),
  muteReason: z.string().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  /**
   * Resolved once, then found again by an audit: active again, counted, and marked Re-opened
   * (the counts model, `counts.ts`).
   */
  reopened: z.boolean(),
  /**
   * The latest completed audit found it. Only these count (`counts.ts`); an active issue the
   * latest audit no longer finds is listed apart, as no longer found.
   */
  foundByLatestAudit: z.boolean(),
  resolutionGuide: ResolutionGuideSchema,
});
export type Issue = z.infer<typeof IssueSchema>;

/**
 * `GET /api/data-sources/:dataSourceId/issues?days=7|30|90` (absent: all time): the issues last
 * detected within the range, sorted by severity then newest first detection (spec §7). Muted
 * issues are hidden from reports (spec §8 'Issue muted'); `includeMuted=true` lists them too,
 * and `status=active|muted|resolved` lists only the issues of that status.
 */
export const IssueListQuerySchema = z.object({
  days: DateRangeDaysSchema.optional(),
  includeMuted: z
    .enum(["true", "false"], { error: "includeMuted must be true or false" })
    .transform((value) => value === "true")
    .optional(),
  status: IssueStatusSchema.optional(),
});
export type IssueListQuery = z.input<typeof IssueListQuerySchema>;

export const IssueListResponseSchema = z.object({ issues: z.array(IssueSchema) });
export type IssueListResponse = z.infer<typeof IssueListResponseSchema>;

export const IssueIdParamsSchema = z.object({ issueId: z.uuid("Issue not found") });

/** `POST /api/issues/:issueId/mute`: spec §5, the dialog needs a reason. */
export const MuteIssueRequestSchema = z.object({
  reason: text("The reason", { error: "A reason is required" })
    .trim()
    .min(1, "A reason is required")
    .max(500, "The reason must be at most 500 characters"),
});
export type MuteIssueRequest = z.infer<typeof MuteIssueRequestSchema>;

/**
 * `POST /api/issues/:issueId/mute` and `/resolve` answer the updated issue, as do their
 * reversals (ADR 014): `/unmute` (muted to active) and `/reopen` (resolved to active).
 */
export const IssueResponseSchema = z.object({ issue: IssueSchema });
export type IssueResponse = z.infer<typeof IssueResponseSchema>;

/**
 * `GET /api/issues/:issueId/export.csv` (the issue's detection history) and
 * `GET /api/scans/:scanId/export.csv` (the property's issues), both `?days=7|30|90` or all time
 * (spec §7 export-issue-csv, export-audit-csv): a file download, RFC 4180 CSV in UTF-8 with a
 * byte order mark, its name in `Content-Disposition`.
 */
export const CsvExportSchema = z.string();
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
