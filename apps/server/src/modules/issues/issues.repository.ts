import type { IssueStatus } from "@utmost/contracts";
import { and, asc, desc, eq, getTableColumns, ne, type Placeholder, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { correlated } from "../../db/correlated.ts";
import { prepared } from "../../db/prepared.ts";
import {
  auditScans,
  dataSources,
  issueOccurrences,
  utmIssues,
  workspaceUsers,
} from "../../db/schema.ts";
import { dataSourceVisibleTo, membershipOf } from "../data-sources/data-sources.access.ts";

export type IssueRow = typeof utmIssues.$inferSelect;
export type ListedIssueRow = IssueRow & { foundByLatestAudit: boolean };

/**
 * The latest completed scan of the issue's property found it (the counts model): by its
 * detections, as the counts read them, not by `last_scan_id`, which names the scan that finished
 * last (scans can finish out of the order they were started in).
 */
export const foundByLatestAudit = correlated(sql<boolean>`exists (
  select 1 from ${issueOccurrences}
  where ${issueOccurrences.issueId} = ${utmIssues.id} and ${issueOccurrences.scanId} = (
    select ${auditScans.id} from ${auditScans}
    where ${auditScans.dataSourceId} = ${utmIssues.dataSourceId} and ${auditScans.status} = 'completed'
    order by ${auditScans.createdAt} desc, ${auditScans.id} desc limit 1
  )
)`);

/** Spec §7: severity first (critical, warning, then anything else as info). */
const severityRank = sql<number>`case ${utmIssues.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`;

/** Spec §9 date ranges count whole days back from now. */
function within(column: AnyPgColumn, days: number | Placeholder | undefined) {
  return days === undefined ? undefined : sql`${column} >= now() - make_interval(days => ${days})`;
}

/** The plan's history window (billing/history-window.ts `sinceParam`): "All time" stops there. */
function since(column: AnyPgColumn, start: string | Placeholder) {
  return sql`${column} >= ${start}::timestamptz`;
}

/** The issue with its property's name, if the user is a member of the property's workspace. */
export async function findForMember(db: Db, issueId: string, userId: string) {
  const [row] = await db
    .select({
      issue: utmIssues,
      dataSourceName: dataSources.name,
      workspaceId: dataSources.workspaceId,
    })
    .from(utmIssues)
    .innerJoin(dataSources, eq(dataSources.id, utmIssues.dataSourceId))
    .innerJoin(workspaceUsers, membershipOf(userId))
    .where(eq(utmIssues.id, issueId))
    .limit(1);
  return row;
}

/** The scan's property, if the user is a member of its workspace. */
export async function findScanForMember(db: Db, scanId: string, userId: string) {
  const [row] = await db
    .select({
      dataSourceId: dataSources.id,
      dataSourceName: dataSources.name,
      workspaceId: dataSources.workspaceId,
      createdAt: auditScans.createdAt,
    })
    .from(auditScans)
    .innerJoin(dataSources, eq(dataSources.id, auditScans.dataSourceId))
    .innerJoin(workspaceUsers, membershipOf(userId))
    .where(eq(auditScans.id, scanId))
    .limit(1);
  return row;
}

export function listForDataSource(
  db: Db,
  dataSourceId: string,
  userId: string,
  filter: { days?: number; since: string; includeMuted: boolean; status?: IssueStatus },
): Promise<ListedIssueRow[]> {
  const { days, includeMuted, status } = filter;
  const name = `issues_of_property${days === undefined ? "" : "_recent"}${includeMuted ? "_with_muted" : ""}${status ? "_by_status" : ""}`;
  return prepared(db, name, (statement) =>
    db
      .select({ ...getTableColumns(utmIssues), foundByLatestAudit })
      .from(utmIssues)
      .where(
        and(
          eq(utmIssues.dataSourceId, sql.placeholder("dataSourceId")),
          dataSourceVisibleTo(sql.placeholder("dataSourceId"), sql.placeholder("userId")),
          since(utmIssues.lastDetectedAt, sql.placeholder("since")),
          days === undefined
            ? undefined
            : within(utmIssues.lastDetectedAt, sql.placeholder("days")),
          status
            ? eq(utmIssues.status, sql.placeholder("status"))
            : includeMuted
              ? undefined
              : ne(utmIssues.status, "muted"),
        ),
      )
      .orderBy(severityRank, desc(utmIssues.firstDetectedAt), asc(utmIssues.id))
      .prepare(statement),
  ).execute({ dataSourceId, userId, days, since: filter.since, status });
}

/** The issue as the list shows it. */
export async function findListed(db: Db, issueId: string): Promise<ListedIssueRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(utmIssues), foundByLatestAudit })
    .from(utmIssues)
    .where(eq(utmIssues.id, issueId));
  return row;
}

/** Spec §4: active to muted, recording when, who and why; nothing when it is not active. */
export async function muteIfActive(db: Db, issueId: string, userId: string, reason: string) {
  const [row] = await db
    .update(utmIssues)
    .set({ status: "muted", mutedAt: sql`now()`, mutedByUserId: userId, muteReason: reason })
    .where(and(eq(utmIssues.id, issueId), eq(utmIssues.status, "active")))
    .returning({ id: utmIssues.id });
  return row;
}

/** Spec §4: active to resolved; nothing when it is not active. */
export async function resolveIfActive(db: Db, issueId: string, userId: string) {
  const [row] = await db
    .update(utmIssues)
    .set({ status: "resolved", resolvedAt: sql`now()`, resolvedByUserId: userId })
    .where(and(eq(utmIssues.id, issueId), eq(utmIssues.status, "active")))
    .returning({ id: utmIssues.id });
  return row;
}

/** The reversal of a mute (ADR 014): muted to active, the mute's record cleared. */
export async function unmuteIfMuted(db: Db, issueId: string) {
  const [row] = await db
    .update(utmIssues)
    .set({ status: "active", mutedAt: null, mutedByUserId: null, muteReason: null })
    .where(and(eq(utmIssues.id, issueId), eq(utmIssues.status, "muted")))
    .returning({ id: utmIssues.id });
  return row;
}

/** The reversal of a resolve (ADR 014): resolved to active, the resolution cleared. */
export async function reopenIfResolved(db: Db, issueId: string) {
  const [row] = await db
    .update(utmIssues)
    .set({ status: "active", resolvedAt: null, resolvedByUserId: null })
    .where(and(eq(utmIssues.id, issueId), eq(utmIssues.status, "resolved")))
    .returning({ id: utmIssues.id });
  return row;
}

// ---- Exports: pages by keyset, so a large property never sits in memory whole ----
//
// Cursors keep timestamps as PostgreSQL's text, which holds microseconds: a JavaScript Date
// would round them to milliseconds and skip or repeat rows at a page boundary.

export interface IssuePageCursor {
  rank: number;
  firstDetectedAt: string;
  id: string;
}

/** One page of the property's unmuted issues in list order (muted ones are out of reports). */
export async function exportIssuesPage(
  db: Db,
  dataSourceId: string,
  range: { days: number | undefined; since: string },
  after: IssuePageCursor | undefined,
  limit: number,
) {
  const firstDetected = sql<string>`${utmIssues.firstDetectedAt}::text`;
  const rows = await db
    .select({
      issue: { ...getTableColumns(utmIssues), foundByLatestAudit },
      rank: severityRank,
      firstDetectedText: firstDetected,
    })
    .from(utmIssues)
    .where(
      and(
        eq(utmIssues.dataSourceId, dataSourceId),
        ne(utmIssues.status, "muted"),
        within(utmIssues.lastDetectedAt, range.days),
        since(utmIssues.lastDetectedAt, range.since),
        after
          ? sql`(${severityRank} > ${after.rank}
              or (${severityRank} = ${after.rank} and ${utmIssues.firstDetectedAt} < ${after.firstDetectedAt}::timestamptz)
              or (${severityRank} = ${after.rank} and ${utmIssues.firstDetectedAt} = ${after.firstDetectedAt}::timestamptz and ${utmIssues.id} > ${after.id}))`
          : undefined,
      ),
    )
    .orderBy(severityRank, desc(utmIssues.firstDetectedAt), asc(utmIssues.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    issues: rows.map((row) => row.issue),
    next: last
      ? { rank: Number(last.rank), firstDetectedAt: last.firstDetectedText, id: last.issue.id }
      : undefined,
  };
}

export interface OccurrencePageCursor {
  detectedAt: string;
  scanId: string;
}

/** One page of an issue's detections, newest first, with the scan that made each. */
export async function exportOccurrencesPage(
  db: Db,
  issueId: string,
  range: { days: number | undefined; since: string },
  after: OccurrencePageCursor | undefined,
  limit: number,
) {
  const detected = sql<string>`${issueOccurrences.detectedAt}::text`;
  const rows = await db
    .select({
      detectedAt: issueOccurrences.detectedAt,
      detectedText: detected,
      scanId: issueOccurrences.scanId,
      affectedSessionsCount: issueOccurrences.affectedSessionsCount,
      values: issueOccurrences.values,
      scanCompletedAt: auditScans.completedAt,
      healthScore: auditScans.healthScore,
      healthGrade: auditScans.healthGrade,
    })
    .from(issueOccurrences)
    .innerJoin(auditScans, eq(auditScans.id, issueOccurrences.scanId))
    .where(
      and(
        eq(issueOccurrences.issueId, issueId),
        within(issueOccurrences.detectedAt, range.days),
        since(issueOccurrences.detectedAt, range.since),
        after
          ? sql`(${issueOccurrences.detectedAt} < ${after.detectedAt}::timestamptz
              or (${issueOccurrences.detectedAt} = ${after.detectedAt}::timestamptz and ${issueOccurrences.scanId} > ${after.scanId}))`
          : undefined,
      ),
    )
    .orderBy(desc(issueOccurrences.detectedAt), asc(issueOccurrences.scanId))
    .limit(limit);
  const last = rows.at(-1);
  return {
    occurrences: rows,
    next: last ? { detectedAt: last.detectedText, scanId: last.scanId } : undefined,
  };
}
