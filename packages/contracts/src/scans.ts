import { z } from "zod";

export const ScanStatusSchema = z.enum(["running", "completed", "failed"]);
export type ScanStatus = z.infer<typeof ScanStatusSchema>;

export const HealthGradeSchema = z.enum(["A+", "A", "B+", "B", "C", "D", "F"]);
export type HealthGrade = z.infer<typeof HealthGradeSchema>;

export const ScanTypeSchema = z.enum(["manual", "onboarding", "connect", "scheduled"]);
export type ScanType = z.infer<typeof ScanTypeSchema>;

/** One audit of one property (spec §3 audit_scans), as the browser sees it. */
export const ScanSchema = z.object({
  id: z.uuid(),
  dataSourceId: z.uuid(),
  scanType: ScanTypeSchema,
  status: ScanStatusSchema,
  /** 0-100 while running; 100 once finished. */
  progress: z.number().int().min(0).max(100),
  errorMessage: z.string().nullable(),
  /**
   * Why it failed, typed: `GOOGLE_AUTH_EXPIRED` shows the spec's Authentication Expired alert
   * with a Reconnect button.
   */
  errorCode: z.string().nullable(),
  /** Spec §3: score falls back to 0 and grade to F when a scan has none. */
  healthScore: z.number().int().min(0).max(100).nullable(),
  healthGrade: HealthGradeSchema.nullable(),
  criticalIssuesCount: z.number().int(),
  warningIssuesCount: z.number().int(),
  passedChecksCount: z.number().int(),
  rowsFetched: z.number().int(),
  apiCallsMade: z.number().int(),
  isChunkedScan: z.boolean(),
  chunkSizeDays: z.number().int().nullable(),
  /**
   * False for a partial scan (the property's quota ran out). True means every day of the range
   * was read, not that the counts are exact: see `isSampled` and `isThresholded`.
   */
  isComplete: z.boolean(),
  quotaLimitHit: z.boolean(),
  /** Google answered some report from a sample of the property's events: counts are estimates. */
  isSampled: z.boolean(),
  /** The share of the property's events the sampled reports read (0-1); null when not sampled. */
  samplingRate: z.number().min(0).max(1).nullable(),
  /** Google withheld some rows for privacy (data thresholds): small values may be missing. */
  isThresholded: z.boolean(),
  /** YYYY-MM-DD, inclusive. */
  dateRangeStart: z.iso.date().nullable(),
  dateRangeEnd: z.iso.date().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
});
export type Scan = z.infer<typeof ScanSchema>;

/** `POST /api/data-sources/:dataSourceId/audits` (spec §7 run-utm-audit). */
export const StartAuditRequestSchema = z.object({
  scanType: z.enum(["manual", "onboarding"]).default("manual"),
});
export type StartAuditRequest = z.input<typeof StartAuditRequestSchema>;

/**
 * 202 with the new scan, or 200 with the scan already running for the property (one at a time).
 * The browser follows it with `GET /api/scans/:scanId` until it is no longer running.
 */
export const ScanResponseSchema = z.object({ scan: ScanSchema });
export type ScanResponse = z.infer<typeof ScanResponseSchema>;

/** `GET /api/data-sources/:dataSourceId/scans`: newest first. */
export const ScanListResponseSchema = z.object({ scans: z.array(ScanSchema) });
export type ScanListResponse = z.infer<typeof ScanListResponseSchema>;

export const ScanIdParamsSchema = z.object({ scanId: z.uuid("Scan not found") });

/** Spec §9: issue and export date ranges (default 7 days); absent means all time. */
export const DateRangeDaysSchema = z.coerce
  .number()
  .refine((days) => days === 7 || days === 30 || days === 90, "days must be 7, 30 or 90");
export const DateRangeQuerySchema = z.object({ days: DateRangeDaysSchema.optional() });
export type DateRangeQuery = z.infer<typeof DateRangeQuerySchema>;
