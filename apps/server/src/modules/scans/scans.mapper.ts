import {
  CheckStatusSchema,
  type HealthGrade,
  IssueSeveritySchema,
  type Scan,
  type ScanCheck,
  type ScanDetail,
} from "@utmost/contracts";
import { z } from "zod";
import type { auditScans } from "../../db/schema.ts";

export type ScanRow = typeof auditScans.$inferSelect;

/** A scan row as the API shows it (ScanSchema). */
export function toScan(row: ScanRow): Scan {
  return {
    id: row.id,
    dataSourceId: row.dataSourceId,
    scanType: row.scanType,
    status: row.status,
    progress: row.status === "running" ? row.progress : 100,
    errorMessage: row.errorMessage,
    errorCode: row.errorCode,
    healthScore: row.healthScore,
    healthGrade: (row.healthGrade as HealthGrade | null) ?? null,
    criticalIssuesCount: row.criticalIssuesCount,
    warningIssuesCount: row.warningIssuesCount,
    passedChecksCount: row.passedChecksCount,
    rowsFetched: row.rowsFetched,
    apiCallsMade: row.apiCallsMade,
    isChunkedScan: row.isChunkedScan,
    chunkSizeDays: row.chunkSizeDays,
    isComplete: row.isComplete,
    quotaLimitHit: row.quotaLimitHit,
    isSampled: row.isSampled,
    samplingRate: samplingRate(row),
    isThresholded: row.isThresholded,
    dateRangeStart: row.dateRangeStart,
    dateRangeEnd: row.dateRangeEnd,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The share of the property's events Google's sampled reports read; null when none was sampled. */
function samplingRate(row: ScanRow): number | null {
  const { isSampled, samplesReadCount, samplingSpaceSize } = row;
  if (!isSampled || samplesReadCount === null || !samplingSpaceSize) return null;
  return Math.min(1, Math.max(0, samplesReadCount / samplingSpaceSize));
}

/** A scan with each check's outcome, as the single-scan reads show it (ScanDetailSchema). */
export function toScanDetail(row: ScanRow): ScanDetail {
  return { ...toScan(row), checks: scanChecks(row), hiddenSessions: hiddenSessions(row) };
}

/**
 * What `audit_scans.report` holds of each check (scan-issues.ts `storedReport`). Checked, not
 * trusted: the column is jsonb written by every past version of the worker.
 */
const StoredChecksSchema = z.object({
  checks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      severity: IssueSeveritySchema,
      status: CheckStatusSchema,
      skippedReason: z.string().optional(),
      affectedSessions: z.number().nonnegative(),
    }),
  ),
});

const StoredHiddenSchema = z.object({
  totals: z.object({
    hidden: z.object({ dataDeleted: z.number().nonnegative(), rowLimit: z.number().nonnegative() }),
  }),
});

/** The sessions GA4 hid from the completed scan's attribution; null when the report has none. */
export function hiddenSessions(row: ScanRow): ScanDetail["hiddenSessions"] {
  if (row.status !== "completed") return null;
  const stored = StoredHiddenSchema.safeParse(row.report);
  if (!stored.success) return null;
  const { dataDeleted, rowLimit } = stored.data.totals.hidden;
  return { dataDeleted: Math.round(dataDeleted), rowLimit: Math.round(rowLimit) };
}

/**
 * The completed scan's checks, passed, failed and skipped; none for a running or failed scan,
 * or a report of an unexpected shape (an old scan's), which is no reason to fail the read.
 */
function scanChecks(row: ScanRow): ScanCheck[] {
  if (row.status !== "completed") return [];
  const stored = StoredChecksSchema.safeParse(row.report);
  if (!stored.success) return [];
  return stored.data.checks.map((check) => ({
    id: check.id,
    title: check.title,
    severity: check.severity,
    status: check.status,
    skippedReason: check.status === "skipped" ? (check.skippedReason ?? null) : null,
    affectedSessions: Math.round(check.affectedSessions),
  }));
}
