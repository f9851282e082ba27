import { TREND_POINTS_MAX } from "@utmost/contracts";
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  isNotNull,
  lt,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { correlated } from "../../db/correlated.ts";
import { auditScans, issueOccurrences, utmIssues } from "../../db/schema.ts";

/** The most issues each list of changes carries; its count is always the full one. */
export const CHANGED_ISSUES_MAX = 100;

/**
 * The property's completed scans from `since` (the plan's history window, as `sinceParam` writes
 * it), newest first, with how many issues each found. The scan list walks
 * audit_scans_data_source_created_idx; each count is an issue_occurrences_scan_id_idx probe.
 */
export function completedScans(db: Db, dataSourceId: string, since: string) {
  return db
    .select({
      scanId: auditScans.id,
      createdAt: auditScans.createdAt,
      completedAt: auditScans.completedAt,
      healthScore: auditScans.healthScore,
      healthGrade: auditScans.healthGrade,
      criticalIssuesCount: auditScans.criticalIssuesCount,
      warningIssuesCount: auditScans.warningIssuesCount,
      issuesFound: correlated(
        sql<number>`(select count(*)::int from ${issueOccurrences} where ${issueOccurrences.scanId} = ${auditScans.id})`,
      ),
    })
    .from(auditScans)
    .where(
      and(
        eq(auditScans.dataSourceId, dataSourceId),
        eq(auditScans.status, "completed"),
        isNotNull(auditScans.completedAt),
        sql`${auditScans.createdAt} >= ${since}::timestamptz`,
      ),
    )
    .orderBy(desc(auditScans.createdAt), desc(auditScans.id))
    .limit(TREND_POINTS_MAX);
}

export type CompletedScanRow = Awaited<ReturnType<typeof completedScans>>[number];

interface ScanRef {
  scanId: string;
  createdAt: Date;
}

const other = alias(issueOccurrences, "other_occurrence");
const otherScan = alias(auditScans, "other_scan");

/** Whether the outer occurrence's issue was also found by `scanId`: a primary key probe. */
function foundBy(db: Db, scanId: string) {
  return db
    .select({ found: sql`1` })
    .from(other)
    .where(and(eq(other.issueId, issueOccurrences.issueId), eq(other.scanId, scanId)));
}

/** Whether the outer occurrence's issue was found by any scan made before `scan`. */
function foundBefore(db: Db, scan: ScanRef) {
  return db
    .select({ found: sql`1` })
    .from(other)
    .innerJoin(otherScan, eq(otherScan.id, other.scanId))
    .where(
      and(eq(other.issueId, issueOccurrences.issueId), lt(otherScan.createdAt, scan.createdAt)),
    );
}

/** The issues `scanId` found that satisfy `condition`, worst first, with their full count. */
function changedIssues(db: Db, scanId: string, condition: SQL | undefined) {
  return db
    .select({
      issueId: utmIssues.id,
      title: utmIssues.title,
      issueType: utmIssues.issueType,
      severity: utmIssues.severity,
      affectedSessionsCount: issueOccurrences.affectedSessionsCount,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(issueOccurrences)
    .innerJoin(utmIssues, eq(utmIssues.id, issueOccurrences.issueId))
    .where(and(eq(issueOccurrences.scanId, scanId), condition))
    .orderBy(
      asc(utmIssues.severity),
      desc(issueOccurrences.affectedSessionsCount),
      asc(utmIssues.title),
      asc(utmIssues.id),
    )
    .limit(CHANGED_ISSUES_MAX);
}

export type ChangedIssueRow = Awaited<ReturnType<typeof changedIssues>>[number];

/**
 * New, fixed and re-opened issues between two completed scans, from issue_occurrences: new were
 * never found before the latest; fixed were found by the previous and not the latest; re-opened
 * are found by the latest, not the previous, but by a scan before it, or were resolved and found
 * again by the latest (the counts model marks them Re-opened).
 */
export async function changesBetween(db: Db, latest: ScanRef, previous: ScanRef) {
  const [added, fixed, reopened] = await Promise.all([
    changedIssues(db, latest.scanId, notExists(foundBefore(db, latest))),
    changedIssues(db, previous.scanId, notExists(foundBy(db, latest.scanId))),
    changedIssues(
      db,
      latest.scanId,
      or(
        and(notExists(foundBy(db, previous.scanId)), exists(foundBefore(db, previous))),
        // Resolved since an earlier scan and found again by the latest (issue 22).
        gte(utmIssues.reopenedAt, latest.createdAt),
      ),
    ),
  ]);
  return { added, fixed, reopened };
}
