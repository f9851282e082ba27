import { z } from "zod";
import { ErrorResponseSchema } from "./errors.ts";
import { IssueSeveritySchema, IssueStatusSchema } from "./issues.ts";
import { CheckStatusSchema } from "./scan-checks.ts";
import { HealthGradeSchema, ScanStatusSchema, ScanTypeSchema } from "./scans.ts";

/**
 * The public API, version 1 (`/api/v1`, ADR 012): what a workspace API key reads and starts.
 * These shapes are a promise to integrations, kept apart from the app's own so the app may change
 * freely; a breaking change here means a `/api/v2`. Descriptions become the OpenAPI document.
 */

const timestamp = (description: string) =>
  z.iso.datetime().describe(`${description} (ISO 8601, UTC).`);

export const PublicPropertyStatusSchema = z
  .enum(["active", "inactive", "paused"])
  .describe(
    "`active`: scanned on schedule. `inactive`: Utmost lost access to the property in Google Analytics and it must be reconnected in the app. `paused`: the workspace owner's plan covers fewer properties; kept with its history, not scanned.",
  );
export type PublicPropertyStatus = z.infer<typeof PublicPropertyStatusSchema>;

const HealthScoreSchema = z
  .number()
  .int()
  .min(0)
  .max(100)
  .nullable()
  .describe("The health score (0-100) of the latest completed scan; null before the first.");
const HealthGradePublicSchema = HealthGradeSchema.nullable().describe(
  "The grade (A+ to F) of the latest completed scan; null before the first.",
);

export const PublicPropertySchema = z
  .object({
    id: z.uuid().describe("The property's id in Utmost."),
    name: z.string().describe("The property's name as shown in Google Analytics."),
    ga4PropertyId: z
      .string()
      .describe('The Google Analytics 4 property id, digits only, e.g. "312456789".'),
    status: PublicPropertyStatusSchema,
    healthScore: HealthScoreSchema,
    healthGrade: HealthGradePublicSchema,
    lastScanAt: timestamp(
      "When the latest completed scan finished; null before the first",
    ).nullable(),
  })
  .meta({ id: "Property", description: "A Google Analytics 4 property audited by Utmost." });
export type PublicProperty = z.infer<typeof PublicPropertySchema>;

export const PublicScanSchema = z
  .object({
    id: z.uuid().describe("The scan's id."),
    propertyId: z.uuid().describe("The property scanned."),
    type: ScanTypeSchema.describe(
      "What started the scan: `manual` (Run Audit or this API), `onboarding`, `connect` or `scheduled`.",
    ),
    status: ScanStatusSchema.describe("`running` until it is `completed` or `failed`."),
    progress: z.number().int().min(0).max(100).describe("Percent done; 100 once finished."),
    healthScore: z
      .number()
      .int()
      .min(0)
      .max(100)
      .nullable()
      .describe("0-100; null until completed."),
    healthGrade: HealthGradeSchema.nullable().describe("A+ to F; null until completed."),
    criticalIssuesCount: z
      .number()
      .int()
      .describe(
        "Critical issues the scan found that are active now: muted and resolved ones are not counted, re-opened ones are (the same numbers as the app).",
      ),
    warningIssuesCount: z
      .number()
      .int()
      .describe("Warnings the scan found that are active now, counted as critical issues are."),
    passedChecksCount: z
      .number()
      .int()
      .describe(
        "Checks that ran on the property's data and found nothing; skipped checks count neither way.",
      ),
    isComplete: z
      .boolean()
      .describe(
        "False when the property's Google Analytics quota ran out and the scan kept what it had. True means every day of the date range was read, not that the counts are exact: see `isSampled` and `isThresholded`.",
      ),
    isSampled: z
      .boolean()
      .describe(
        "True when Google Analytics answered some of the scan's reports from a sample of the property's events, so session counts are estimates.",
      ),
    samplingRate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe(
        "The share of the property's events the sampled reports were computed from, 0-1 (e.g. 0.25 for 25%); null when no report was sampled.",
      ),
    isThresholded: z
      .boolean()
      .describe(
        "True when Google Analytics withheld rows of some report to protect user privacy (data thresholds), so small values may be missing.",
      ),
    dateRangeStart: z.iso.date().nullable().describe("First day of data audited (YYYY-MM-DD)."),
    dateRangeEnd: z.iso
      .date()
      .nullable()
      .describe("Last day of data audited (YYYY-MM-DD), inclusive."),
    errorMessage: z.string().nullable().describe("Why a failed scan failed."),
    createdAt: timestamp("When the scan was requested"),
    startedAt: timestamp("When the scan started reading data").nullable(),
    completedAt: timestamp("When the scan finished").nullable(),
  })
  .meta({ id: "Scan", description: "One audit of one property." });
export type PublicScan = z.infer<typeof PublicScanSchema>;

export const PublicScanCheckSchema = z
  .object({
    id: z
      .string()
      .describe("The check's stable id, e.g. `case-inconsistency` (see /docs/checks in the app)."),
    title: z.string(),
    severity: IssueSeveritySchema.describe(
      "`critical`, `warning` or `info`; for a failed check, its worst finding's.",
    ),
    status: CheckStatusSchema.describe(
      "`passed`: nothing wrong found. `failed`: issues found. `skipped`: the data could not feed the check, see `skippedReason`.",
    ),
    skippedReason: z
      .string()
      .nullable()
      .describe(
        'Why the check was skipped, e.g. "needs sessionManualTerm" (a Google Analytics dimension the data lacks) or "no previous scan to compare with"; null unless skipped.',
      ),
    affectedSessions: z
      .number()
      .int()
      .describe("Sessions carrying the issues the check found; 0 unless failed."),
  })
  .meta({ id: "Check", description: "What one of a scan's checks concluded." });
export type PublicScanCheck = z.infer<typeof PublicScanCheckSchema>;

export const PublicScanDetailSchema = PublicScanSchema.extend({
  checks: z
    .array(PublicScanCheckSchema)
    .describe(
      "Every check the completed scan ran, passed, failed or skipped; empty while running, for a failed scan, and for scans made before checks were recorded.",
    ),
}).meta({ id: "ScanDetail", description: "One audit of one property, with each check's outcome." });
export type PublicScanDetail = z.infer<typeof PublicScanDetailSchema>;

export const PublicIssueSchema = z
  .object({
    id: z.uuid().describe("The issue's id."),
    propertyId: z.uuid().describe("The property it was found in."),
    checkId: z
      .string()
      .describe(
        "The check that found it, e.g. `case-inconsistency` (see /docs/checks in the app).",
      ),
    title: z.string(),
    description: z.string(),
    severity: IssueSeveritySchema.describe("`critical`, `warning` or `info`."),
    status: IssueStatusSchema.describe(
      "`active`, `muted` (hidden from reports by a person) or `resolved`.",
    ),
    affectedSessions: z.number().int().describe("Sessions carrying the offending values."),
    values: z.array(z.string()).describe("The offending UTM values."),
    alsoFoundBy: z
      .array(z.object({ checkId: z.string(), title: z.string() }))
      .describe(
        "Other checks that found the same problem on the same sessions: one issue with every reason, counted once in the score.",
      ),
    firstDetectedAt: timestamp("When a scan first found it"),
    lastDetectedAt: timestamp("When a scan last found it"),
    reopened: z
      .boolean()
      .describe("Resolved once, then found again by a scan: active, counted, marked re-opened."),
    foundByLatestScan: z
      .boolean()
      .describe("The property's latest completed scan found it; only these are counted."),
    resolutionGuide: z
      .object({
        whyItMatters: z.string(),
        howToFix: z.string(),
        exampleWrong: z.string(),
        exampleCorrect: z.string(),
        ga4DocumentationUrl: z.string().describe("Google's documentation on the subject."),
      })
      .describe("How to fix it."),
  })
  .meta({ id: "Issue", description: "A UTM tagging problem found in a property." });
export type PublicIssue = z.infer<typeof PublicIssueSchema>;

export const PublicPropertyIdParamsSchema = z.object({
  propertyId: z.uuid("Property not found").describe("The property's id."),
});
export const PublicScanIdParamsSchema = z.object({
  scanId: z.uuid("Scan not found").describe("The scan's id."),
});

export const PublicPropertyListResponseSchema = z.object({
  properties: z.array(PublicPropertySchema).describe("The workspace's properties, newest first."),
});
export type PublicPropertyListResponse = z.infer<typeof PublicPropertyListResponseSchema>;

export const PublicPropertyResponseSchema = z.object({ property: PublicPropertySchema });
export type PublicPropertyResponse = z.infer<typeof PublicPropertyResponseSchema>;

export const PublicScanListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(20)
    .describe("How many scans, newest first (1-100, default 20)."),
});

export const PublicScanListResponseSchema = z.object({
  scans: z.array(PublicScanSchema).describe("Newest first."),
});
export type PublicScanListResponse = z.infer<typeof PublicScanListResponseSchema>;

export const PublicScanResponseSchema = z.object({ scan: PublicScanSchema });
export type PublicScanResponse = z.infer<typeof PublicScanResponseSchema>;

export const PublicScanDetailResponseSchema = z.object({ scan: PublicScanDetailSchema });
export type PublicScanDetailResponse = z.infer<typeof PublicScanDetailResponseSchema>;

export const PublicIssueListQuerySchema = z.object({
  status: IssueStatusSchema.optional().describe("Only issues in this status; all when absent."),
  severity: IssueSeveritySchema.optional().describe(
    "Only issues of this severity; all when absent.",
  ),
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(50)
    .describe("Page size (1-100, default 50)."),
  offset: z.coerce
    .number()
    .int("offset must be a whole number")
    .min(0, "offset must be at least 0")
    .default(0)
    .describe("Issues to skip; pass the previous page's `nextOffset`."),
});
export type PublicIssueListQuery = z.input<typeof PublicIssueListQuerySchema>;

export const PublicIssueListResponseSchema = z.object({
  issues: z
    .array(PublicIssueSchema)
    .describe("Critical first, then warnings, then info; newest first within each."),
  total: z.number().int().describe("Issues matching the filters, over all pages."),
  nextOffset: z
    .number()
    .int()
    .nullable()
    .describe("The `offset` of the next page; null on the last page."),
});
export type PublicIssueListResponse = z.infer<typeof PublicIssueListResponseSchema>;

export const PublicErrorSchema = ErrorResponseSchema.meta({
  id: "Error",
  description:
    "Every failure: a stable `code` (e.g. `UNAUTHENTICATED`, `NOT_FOUND`, `PLAN_UPGRADE_REQUIRED`) and a message for people.",
});
