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
    dateRangeStart: row.dateRangeStart,
    dateRangeEnd: row.dateRangeEnd,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
