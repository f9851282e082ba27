import type { DataSource, Scan } from "@utmost/contracts";
import type { DataSourceRow } from "./data-sources.access.ts";

/** A property as the API shows it (DataSourceSchema): tokens stay behind. */
export function toDataSource(row: DataSourceRow, latestScan: Scan | null): DataSource {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    type: row.type,
    ga4PropertyId: row.ga4PropertyId,
    ga4AccountName: row.ga4AccountName,
    isActive: row.isActive,
    pausedByPlan: row.suspendedByPlanAt !== null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    chunkSizeDays: row.chunkSizeDays,
    createdAt: row.createdAt.toISOString(),
    latestScan,
  };
}
