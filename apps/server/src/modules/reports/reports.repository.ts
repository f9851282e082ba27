import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  auditScans,
  dataSources,
  issueOccurrences,
  reportExports,
  utmIssues,
  workspaces,
  workspaceUsers,
} from "../../db/schema.ts";
import { membershipOf } from "../data-sources/data-sources.access.ts";

/** A report without its file: what the API answers about it. */
export const reportColumns = {
  id: reportExports.id,
  dataSourceId: reportExports.dataSourceId,
  scanId: reportExports.scanId,
  status: reportExports.status,
  fileName: reportExports.fileName,
  sizeBytes: reportExports.sizeBytes,
  errorMessage: reportExports.errorMessage,
  createdAt: reportExports.createdAt,
  completedAt: reportExports.completedAt,
};

export type ReportRow = {
  [K in keyof typeof reportColumns]: (typeof reportExports.$inferSelect)[K];
};

export async function latestCompletedScanId(db: Db, dataSourceId: string) {
  const [row] = await db
    .select({ id: auditScans.id })
    .from(auditScans)
    .where(and(eq(auditScans.dataSourceId, dataSourceId), eq(auditScans.status, "completed")))
    .orderBy(desc(auditScans.completedAt), desc(auditScans.createdAt))
    .limit(1);
  return row?.id;
}

export async function insertReport(
  db: Db,
  values: { dataSourceId: string; scanId: string; requestedByUserId: string },
): Promise<ReportRow> {
  const [row] = await db.insert(reportExports).values(values).returning(reportColumns);
  if (!row) throw new Error("report insert returned no row");
  return row;
}

/** The report and its property's workspace, if the user is a member of that workspace. */
export async function findReportForMember(db: Db, reportId: string, userId: string) {
  const [row] = await db
    .select({ report: reportColumns, workspaceId: dataSources.workspaceId })
    .from(reportExports)
    .innerJoin(dataSources, eq(dataSources.id, reportExports.dataSourceId))
    .innerJoin(workspaceUsers, membershipOf(userId))
    .where(eq(reportExports.id, reportId))
    .limit(1);
  return row;
}

export async function findReportContent(db: Db, reportId: string) {
  const [row] = await db
    .select({ content: reportExports.content })
    .from(reportExports)
    .where(eq(reportExports.id, reportId))
    .limit(1);
  return row?.content ?? null;
}

export function listReports(db: Db, dataSourceId: string, limit: number): Promise<ReportRow[]> {
  return db
    .select(reportColumns)
    .from(reportExports)
    .where(eq(reportExports.dataSourceId, dataSourceId))
    .orderBy(desc(reportExports.createdAt), desc(reportExports.id))
    .limit(limit);
}

/** What the worker needs to start: the report, its property, its scan and the workspace. */
export async function findReportJob(db: Db, reportId: string) {
  const [row] = await db
    .select({
      report: reportColumns,
      dataSource: {
        id: dataSources.id,
        name: dataSources.name,
        ga4PropertyId: dataSources.ga4PropertyId,
        workspaceId: dataSources.workspaceId,
      },
      workspaceName: workspaces.name,
    })
    .from(reportExports)
    .innerJoin(dataSources, eq(dataSources.id, reportExports.dataSourceId))
    .innerJoin(workspaces, eq(workspaces.id, dataSources.workspaceId))
    .where(eq(reportExports.id, reportId))
    .limit(1);
  return row;
}

export async function findScan(db: Db, scanId: string) {
  const [row] = await db.select().from(auditScans).where(eq(auditScans.id, scanId)).limit(1);
  return row;
}

/**
 * The property's completed scans up to and including `upTo`, from `since` (the plan's history
 * window, as `sinceParam` writes it), newest first.
 */
export function recentCompletedScans(
  db: Db,
  dataSourceId: string,
  range: { upTo: Date; since: string },
  limit: number,
): Promise<{ id: string; healthScore: number | null; completedAt: Date | null }[]> {
  return db
    .select({
      id: auditScans.id,
      healthScore: auditScans.healthScore,
      completedAt: auditScans.completedAt,
    })
    .from(auditScans)
    .where(
      and(
        eq(auditScans.dataSourceId, dataSourceId),
        eq(auditScans.status, "completed"),
        lte(auditScans.completedAt, range.upTo),
        sql`${auditScans.createdAt} >= ${range.since}::timestamptz`,
      ),
    )
    .orderBy(desc(auditScans.completedAt), desc(auditScans.id))
    .limit(limit);
}

const severityRank = sql<number>`case ${utmIssues.severity} when 'critical' then 0 when 'warning' then 1 else 2 end`;

/**
 * The issues the scan found that are still active, most severe and most sessions first, with
 * the sessions and values that scan saw.
 */
export function activeIssuesOfScan(db: Db, scanId: string) {
  return db
    .select({
      title: utmIssues.title,
      description: utmIssues.description,
      severity: utmIssues.severity,
      affectedSessionsCount: issueOccurrences.affectedSessionsCount,
      values: issueOccurrences.values,
      resolutionGuide: utmIssues.resolutionGuide,
    })
    .from(issueOccurrences)
    .innerJoin(utmIssues, eq(utmIssues.id, issueOccurrences.issueId))
    .where(and(eq(issueOccurrences.scanId, scanId), eq(utmIssues.status, "active")))
    .orderBy(severityRank, desc(issueOccurrences.affectedSessionsCount), asc(utmIssues.title));
}

/** Stores the file, unless the report already settled (a redelivered job changes nothing). */
export async function markReady(
  db: Db,
  reportId: string,
  file: { fileName: string; content: Buffer },
): Promise<boolean> {
  const rows = await db
    .update(reportExports)
    .set({
      status: "ready",
      fileName: file.fileName,
      content: file.content,
      sizeBytes: file.content.length,
      errorMessage: null,
      completedAt: sql`now()`,
    })
    .where(and(eq(reportExports.id, reportId), eq(reportExports.status, "pending")))
    .returning({ id: reportExports.id });
  return rows.length > 0;
}

export async function markFailed(db: Db, reportId: string, message: string): Promise<boolean> {
  const rows = await db
    .update(reportExports)
    .set({ status: "failed", errorMessage: message, completedAt: sql`now()` })
    .where(and(eq(reportExports.id, reportId), eq(reportExports.status, "pending")))
    .returning({ id: reportExports.id });
  return rows.length > 0;
}
