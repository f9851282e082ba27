import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import {
  auditScans,
  dataSources,
  issueOccurrences,
  utmIssues,
  workspaceUsers,
} from "../../db/schema.ts";
import {
  type DataSourceRow,
  dataSourceVisibleTo,
  membershipOf,
} from "../data-sources/data-sources.access.ts";
import { refreshScanCounts } from "../issues/issue-counts.service.ts";
import { deleteCheckpoints } from "./scan-checkpoints.repository.ts";
import type { IssueRecord } from "./scan-issues.ts";
import type { ScanRow } from "./scans.mapper.ts";

/** A new running scan, or nothing when the property already has one (one running per property). */
export async function insertRunningScan(
  db: Db,
  values: Pick<
    typeof auditScans.$inferInsert,
    "id" | "dataSourceId" | "scanType" | "requestedByUserId"
  >,
): Promise<ScanRow | undefined> {
  // No conflict target: the partial unique index `audit_scans_one_running_idx` is the conflict.
  const [row] = await db
    .insert(auditScans)
    .values({ ...values, status: "running" })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findRunningScan(db: Db, dataSourceId: string): Promise<ScanRow | undefined> {
  const [row] = await db
    .select()
    .from(auditScans)
    .where(and(eq(auditScans.dataSourceId, dataSourceId), eq(auditScans.status, "running")))
    .limit(1);
  return row;
}

/** The scan, if the user is a member of the workspace that owns its property. */
export async function findScanForMember(
  db: Db,
  scanId: string,
  userId: string,
): Promise<ScanRow | undefined> {
  const [row] = await db
    .select({ scan: auditScans })
    .from(auditScans)
    .innerJoin(dataSources, eq(dataSources.id, auditScans.dataSourceId))
    .innerJoin(workspaceUsers, membershipOf(userId))
    .where(eq(auditScans.id, scanId))
    .limit(1);
  return row?.scan;
}

/**
 * The property's scans created at or after `since` (its plan's history window, as
 * `sinceParam` writes it), newest first (spec §7: audit_scans by data_source_id, newest first);
 * given a user, only if they are a member of its workspace.
 */
export function listScans(
  db: Db,
  dataSourceId: string,
  limit: number,
  since: string,
  userId?: string,
): Promise<ScanRow[]> {
  const forMember = userId !== undefined;
  return prepared(db, forMember ? "scans_of_property_for_member" : "scans_of_property", (name) =>
    db
      .select()
      .from(auditScans)
      .where(
        and(
          eq(auditScans.dataSourceId, sql.placeholder("dataSourceId")),
          sql`${auditScans.createdAt} >= ${sql.placeholder("since")}::timestamptz`,
          forMember
            ? dataSourceVisibleTo(sql.placeholder("dataSourceId"), sql.placeholder("userId"))
            : undefined,
        ),
      )
      .orderBy(desc(auditScans.createdAt), desc(auditScans.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  ).execute({ dataSourceId, limit, since, userId });
}

/** A scan and the property it audits, as the worker reads them. */
export async function findScanTarget(
  db: Db,
  scanId: string,
): Promise<{ scan: ScanRow; dataSource: DataSourceRow } | undefined> {
  const [row] = await db
    .select({ scan: auditScans, dataSource: dataSources })
    .from(auditScans)
    .innerJoin(dataSources, eq(dataSources.id, auditScans.dataSourceId))
    .where(eq(auditScans.id, scanId))
    .limit(1);
  return row;
}

/**
 * An attempt begins: counters from an earlier attempt start again from what its checkpointed
 * windows hold (zero without any). Only a running scan changes; false when it is no longer
 * running.
 */
export async function markScanStarted(
  db: Db,
  scanId: string,
  start: {
    dateRangeStart: string;
    dateRangeEnd: string;
    progress: number;
    rowsFetched: number;
    apiCallsMade: number;
  },
): Promise<boolean> {
  const rows = await db
    .update(auditScans)
    .set({
      ...start,
      startedAt: sql`coalesce(${auditScans.startedAt}, now())`,
      isChunkedScan: false,
      chunkSizeDays: null,
      isComplete: true,
      quotaLimitHit: false,
    })
    .where(and(eq(auditScans.id, scanId), eq(auditScans.status, "running")))
    .returning({ id: auditScans.id });
  return rows.length > 0;
}

export interface ScanProgress {
  progress: number;
  rowsFetched: number;
  apiCallsMade: number;
  isChunkedScan: boolean;
  chunkSizeDays: number | null;
}

export async function updateScanProgress(
  db: Db,
  scanId: string,
  progress: ScanProgress,
): Promise<void> {
  await db
    .update(auditScans)
    .set(progress)
    .where(and(eq(auditScans.id, scanId), eq(auditScans.status, "running")));
}

export async function saveDataSourceTokens(
  db: Db,
  dataSourceId: string,
  tokens: {
    accessTokenEncrypted: string;
    refreshTokenEncrypted: string | null;
    tokenExpiresAt: Date;
    tokenScopes: string | null;
  },
): Promise<void> {
  await db
    .update(dataSources)
    .set({ ...tokens, updatedAt: sql`now()` })
    .where(eq(dataSources.id, dataSourceId));
}

/** Spec §4: once a property needed chunking, later scans use chunks of this many days. */
export async function rememberChunkSize(
  db: Db,
  dataSourceId: string,
  chunkSizeDays: number,
): Promise<void> {
  await db
    .update(dataSources)
    .set({ chunkSizeDays, updatedAt: sql`now()` })
    .where(eq(dataSources.id, dataSourceId));
}

/**
 * Fails a running scan with the user's message, deletes its checkpoints, and turns the property
 * inactive when it needs reconnecting, in one transaction. False when the scan was no longer
 * running.
 */
export async function failScan(
  db: Db,
  input: {
    scanId: string;
    dataSourceId: string;
    errorCode: string;
    errorMessage: string;
    deactivate: boolean;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(auditScans)
      .set({
        status: "failed",
        errorCode: input.errorCode,
        errorMessage: input.errorMessage,
        completedAt: sql`now()`,
      })
      .where(and(eq(auditScans.id, input.scanId), eq(auditScans.status, "running")))
      .returning({ id: auditScans.id });
    if (rows.length === 0) return false;
    await deleteCheckpoints(tx, input.scanId);
    if (input.deactivate) {
      await tx
        .update(dataSources)
        .set({ isActive: false, updatedAt: sql`now()` })
        .where(eq(dataSources.id, input.dataSourceId));
    }
    return true;
  });
}

export interface CompletedScan {
  scanId: string;
  dataSourceId: string;
  scan: Pick<
    typeof auditScans.$inferInsert,
    | "healthScore"
    | "healthGrade"
    | "criticalIssuesCount"
    | "warningIssuesCount"
    | "passedChecksCount"
    | "report"
    | "rowsFetched"
    | "apiCallsMade"
    | "isChunkedScan"
    | "chunkSizeDays"
    | "isComplete"
    | "quotaLimitHit"
    | "isSampled"
    | "samplesReadCount"
    | "samplingSpaceSize"
    | "isThresholded"
  >;
  issues: readonly IssueRecord[];
}

/** Rows per INSERT, well under PostgreSQL's 65,535 bind parameters. */
const ISSUE_BATCH = 500;

/**
 * Stores a finished scan in one transaction: the scan completed, its checkpoints deleted, each
 * finding upserted as an issue (spec §4 issue states), its occurrence in this scan, and the
 * property's last sync.
 * Nothing is written unless the scan is still running, so a retried or abandoned attempt that
 * finishes late cannot store anything twice. False when the scan was no longer running.
 */
export async function completeScan(db: Db, input: CompletedScan): Promise<boolean> {
  return db.transaction(async (tx) => {
    // First, so the row lock makes a second finisher wait and then find it completed.
    const done = await tx
      .update(auditScans)
      .set({ ...input.scan, status: "completed", progress: 100, completedAt: sql`now()` })
      .where(and(eq(auditScans.id, input.scanId), eq(auditScans.status, "running")))
      .returning({ id: auditScans.id });
    if (done.length === 0) return false;
    await deleteCheckpoints(tx, input.scanId);

    for (let start = 0; start < input.issues.length; start += ISSUE_BATCH) {
      const batch = input.issues.slice(start, start + ISSUE_BATCH);
      const saved = await tx
        .insert(utmIssues)
        .values(
          batch.map((issue) => ({
            dataSourceId: input.dataSourceId,
            issueType: issue.issueType,
            findingKey: issue.findingKey,
            title: issue.title,
            description: issue.description,
            severity: issue.severity,
            status: "active" as const,
            affectedSessionsCount: issue.affectedSessionsCount,
            values: issue.values,
            examples: issue.examples,
            alsoFound: issue.alsoFound,
            resolutionGuide: issue.resolutionGuide,
            firstDetectedAt: sql`now()`,
            lastDetectedAt: sql`now()`,
            lastScanId: input.scanId,
          })),
        )
        .onConflictDoUpdate({
          target: [utmIssues.dataSourceId, utmIssues.issueType, utmIssues.findingKey],
          // first_detected_at, and a mute with its reason, stay as they were (spec §4).
          set: {
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            severity: sql`excluded.severity`,
            affectedSessionsCount: sql`excluded.affected_sessions_count`,
            values: sql`excluded.values`,
            examples: sql`excluded.examples`,
            alsoFound: sql`excluded.also_found`,
            resolutionGuide: sql`excluded.resolution_guide`,
            lastDetectedAt: sql`excluded.last_detected_at`,
            lastScanId: sql`excluded.last_scan_id`,
            // A resolved issue found again is active again; muted stays muted.
            status: sql`case when ${utmIssues.status} = 'resolved' then 'active'::issue_status else ${utmIssues.status} end`,
            resolvedAt: sql`case when ${utmIssues.status} = 'resolved' then null else ${utmIssues.resolvedAt} end`,
            resolvedByUserId: sql`case when ${utmIssues.status} = 'resolved' then null else ${utmIssues.resolvedByUserId} end`,
            reopenedAt: sql`case when ${utmIssues.status} = 'resolved' then excluded.last_detected_at else ${utmIssues.reopenedAt} end`,
          },
        })
        .returning({
          id: utmIssues.id,
          issueType: utmIssues.issueType,
          findingKey: utmIssues.findingKey,
        });

      const byKey = new Map(
        batch.map((issue) => [`${issue.issueType}\n${issue.findingKey}`, issue]),
      );
      const occurrences = saved.map((row) => {
        const issue = byKey.get(`${row.issueType}\n${row.findingKey}`);
        return {
          issueId: row.id,
          scanId: input.scanId,
          affectedSessionsCount: issue?.affectedSessionsCount ?? 0,
          values: issue?.values ?? [],
        };
      });
      if (occurrences.length > 0) {
        await tx.insert(issueOccurrences).values(occurrences).onConflictDoNothing();
      }
    }

    // The scan's counts are the counts model's (issue 22): its detections still active, so an
    // issue that stays muted is not counted; the engine's own numbers stay in the report.
    await refreshScanCounts(tx, input.scanId);

    await tx
      .update(dataSources)
      .set({ lastSyncedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(dataSources.id, input.dataSourceId));
    return true;
  });
}

/** Scans still running that were created before `before`: candidates for the stuck-scan sweep. */
export function findRunningScansCreatedBefore(
  db: Db,
  before: Date,
): Promise<{ id: string; dataSourceId: string }[]> {
  return db
    .select({ id: auditScans.id, dataSourceId: auditScans.dataSourceId })
    .from(auditScans)
    .where(and(eq(auditScans.status, "running"), lt(auditScans.createdAt, before)))
    .limit(500);
}
