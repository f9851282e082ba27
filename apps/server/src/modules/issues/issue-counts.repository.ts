import type { IssueCounts } from "@utmost/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditScans, issueOccurrences, utmIssues } from "../../db/schema.ts";

/**
 * What the counts model (`@utmost/contracts` counts.ts) reads of a scan: each issue it found,
 * with today's status, and each check's outcome.
 */

/** The newest completed scan of each property (newest started, as every screen reads it). */
export async function latestCompletedScans(
  db: Db,
  dataSourceIds: readonly string[],
): Promise<Map<string, string>> {
  if (dataSourceIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([auditScans.dataSourceId], {
      dataSourceId: auditScans.dataSourceId,
      scanId: auditScans.id,
    })
    .from(auditScans)
    .where(
      and(inArray(auditScans.dataSourceId, [...dataSourceIds]), eq(auditScans.status, "completed")),
    )
    .orderBy(auditScans.dataSourceId, desc(auditScans.createdAt), desc(auditScans.id));
  return new Map(rows.map((row) => [row.dataSourceId, row.scanId]));
}

/** The issues each scan found, with their status now. */
export function issuesFoundBy(db: Db, scanIds: readonly string[]) {
  if (scanIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      scanId: issueOccurrences.scanId,
      severity: utmIssues.severity,
      status: utmIssues.status,
      reopened: sql<boolean>`${utmIssues.reopenedAt} is not null`,
    })
    .from(issueOccurrences)
    .innerJoin(utmIssues, eq(utmIssues.id, issueOccurrences.issueId))
    .where(inArray(issueOccurrences.scanId, [...scanIds]));
}

/** Each scan's check outcomes, as its stored report keeps them (none for older scans). */
export function checkStatusesOf(db: Db, scanIds: readonly string[]) {
  if (scanIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      scanId: auditScans.id,
      statuses: sql<
        string[]
      >`coalesce((select jsonb_agg(c->>'status') from jsonb_array_elements(case when jsonb_typeof(${auditScans.report}->'checks') = 'array' then ${auditScans.report}->'checks' else '[]'::jsonb end) c), '[]'::jsonb)`,
    })
    .from(auditScans)
    .where(inArray(auditScans.id, [...scanIds]));
}

/** Keeps the scan's count columns equal to the model, for every reader of the scan row. */
export async function storeScanCounts(db: Db, scanId: string, counts: IssueCounts) {
  await db
    .update(auditScans)
    .set({
      criticalIssuesCount: counts.critical,
      warningIssuesCount: counts.warning,
      // A scan recorded before checks were kept keeps the engine's number.
      ...(counts.checksTotal > 0 ? { passedChecksCount: counts.passedChecks } : {}),
    })
    .where(eq(auditScans.id, scanId));
}

/** The property's newest completed scan that found the issue, if that is its newest completed. */
export async function latestScanOfIssue(db: Db, issueId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ dataSourceId: utmIssues.dataSourceId })
    .from(utmIssues)
    .where(eq(utmIssues.id, issueId));
  if (!row) return undefined;
  return (await latestCompletedScans(db, [row.dataSourceId])).get(row.dataSourceId);
}
