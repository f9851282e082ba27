import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditScans, dataSources, utmIssues } from "../../db/schema.ts";
import type { DataSourceRow } from "../data-sources/data-sources.access.ts";
import { foundByLatestAudit, type ListedIssueRow } from "../issues/issues.repository.ts";
import type { ScanRow } from "../scans/scans.mapper.ts";

/** Queries the public API needs scoped by workspace (an API key has no user to check). */

export async function findDataSourceInWorkspace(
  db: Db,
  workspaceId: string,
  dataSourceId: string,
): Promise<DataSourceRow | undefined> {
  const [row] = await db
    .select()
    .from(dataSources)
    .where(and(eq(dataSources.id, dataSourceId), eq(dataSources.workspaceId, workspaceId)))
    .limit(1);
  return row;
}

export async function findScanInWorkspace(
  db: Db,
  workspaceId: string,
  scanId: string,
): Promise<ScanRow | undefined> {
  const [row] = await db
    .select({ scan: auditScans })
    .from(auditScans)
    .innerJoin(dataSources, eq(dataSources.id, auditScans.dataSourceId))
    .where(and(eq(auditScans.id, scanId), eq(dataSources.workspaceId, workspaceId)))
    .limit(1);
  return row?.scan;
}

/**
 * The latest completed scan of each property, its health score: the newest started, as the
 * counts model and `foundByLatestScan` read it (scans can finish out of the order they began).
 */
export async function latestCompletedScans(
  db: Db,
  dataSourceIds: readonly string[],
): Promise<Map<string, ScanRow>> {
  if (dataSourceIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([auditScans.dataSourceId])
    .from(auditScans)
    .where(
      and(inArray(auditScans.dataSourceId, [...dataSourceIds]), eq(auditScans.status, "completed")),
    )
    .orderBy(auditScans.dataSourceId, desc(auditScans.createdAt), desc(auditScans.id));
  return new Map(rows.map((row) => [row.dataSourceId, row]));
}

/** Spec §7's issue order: severity first (critical, warning, info), newest first detection. */
const severityRank = sql<number>`case ${utmIssues.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`;

export interface IssueFilter {
  status?: ListedIssueRow["status"];
  severity?: ListedIssueRow["severity"];
}

/** Issues last detected at or after `since`: the plan's history window (`sinceParam`). */
type WindowedIssueFilter = IssueFilter & { since: string };

export async function issuesPage(
  db: Db,
  dataSourceId: string,
  filter: WindowedIssueFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ListedIssueRow[]; total: number }> {
  const where = and(
    eq(utmIssues.dataSourceId, dataSourceId),
    sql`${utmIssues.lastDetectedAt} >= ${filter.since}::timestamptz`,
    filter.status ? eq(utmIssues.status, filter.status) : undefined,
    filter.severity ? eq(utmIssues.severity, filter.severity) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...getTableColumns(utmIssues), foundByLatestAudit })
      .from(utmIssues)
      .where(where)
      .orderBy(severityRank, desc(utmIssues.firstDetectedAt), asc(utmIssues.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(utmIssues).where(where),
  ]);
  return { rows, total: Number(counted?.value ?? 0) };
}
