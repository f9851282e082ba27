import type { HealthGrade, Scan } from "@utmost/contracts";
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
