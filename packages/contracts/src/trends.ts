import { z } from "zod";
import { IssueSeveritySchema } from "./issues.ts";
import { HealthGradeSchema } from "./scans.ts";

/** At most this many scans are drawn, the most recent ones: a year of daily scans. */
export const TREND_POINTS_MAX = 365;

/** One completed scan of a property, as the score-over-time chart draws it. */
export const TrendPointSchema = z.object({
  scanId: z.uuid(),
  completedAt: z.iso.datetime(),
  healthScore: z.number().int().min(0).max(100).nullable(),
  healthGrade: HealthGradeSchema.nullable(),
  criticalIssuesCount: z.number().int(),
  warningIssuesCount: z.number().int(),
  /** How many issues the scan found (its issue_occurrences). */
  issuesFound: z.number().int(),
});
export type TrendPoint = z.infer<typeof TrendPointSchema>;

/** An issue that changed between the two latest completed scans. */
export const TrendIssueSchema = z.object({
  issueId: z.uuid(),
  title: z.string(),
  issueType: z.string(),
  severity: IssueSeveritySchema,
  /** Sessions affected as the scan that found it counted them (the previous one for a fixed issue). */
  affectedSessionsCount: z.number().int(),
});
export type TrendIssue = z.infer<typeof TrendIssueSchema>;

/**
 * What changed between the latest completed scan and the one before it: new issues (never found
 * before), fixed ones (found by the previous scan, not the latest) and re-opened ones (found by
 * the latest, not the previous, but by an earlier scan; or resolved, then found again by the latest).
 */
export const TrendChangesSchema = z.object({
  latestScanId: z.uuid(),
  previousScanId: z.uuid(),
  /** Latest score minus previous score; null when either scan has none. */
  scoreChange: z.number().int().nullable(),
  newCount: z.number().int(),
  fixedCount: z.number().int(),
  reopenedCount: z.number().int(),
  new: z.array(TrendIssueSchema),
  fixed: z.array(TrendIssueSchema),
  reopened: z.array(TrendIssueSchema),
});
export type TrendChanges = z.infer<typeof TrendChangesSchema>;

/**
 * `GET /api/data-sources/:dataSourceId/trends`: every completed scan, oldest first (the most
 * recent TREND_POINTS_MAX), and the changes since the previous scan (null with fewer than two).
 */
export const TrendsResponseSchema = z.object({
  points: z.array(TrendPointSchema),
  changes: TrendChangesSchema.nullable(),
});
export type TrendsResponse = z.infer<typeof TrendsResponseSchema>;
