import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  auditScans,
  dataSources,
  subscriptions,
  workspaces,
  workspaceUsers,
} from "../../db/schema.ts";
import { planStandingColumns } from "../billing/plan-standing.ts";
import { dataSourceListedFor } from "../data-sources/data-sources.access.ts";

/** The workspaces the user belongs to, with what decides each owner's plan. */
export function memberWorkspaces(db: Db, userId: string) {
  return db
    .select({ id: workspaces.id, ownerPlan: planStandingColumns })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .where(eq(workspaceUsers.userId, userId));
}

/** The outer property's newest scan (completed only, or any), skipping `offset`. */
function newestScan(db: Db, name: string, options: { completed: boolean; offset: number }) {
  return db
    .select({
      healthScore: auditScans.healthScore,
      healthGrade: auditScans.healthGrade,
      status: auditScans.status,
      errorCode: auditScans.errorCode,
      createdAt: auditScans.createdAt,
      criticalIssuesCount: auditScans.criticalIssuesCount,
    })
    .from(auditScans)
    .where(
      and(
        eq(auditScans.dataSourceId, dataSources.id),
        options.completed ? eq(auditScans.status, "completed") : undefined,
      ),
    )
    .orderBy(desc(auditScans.createdAt), desc(auditScans.id))
    .limit(1)
    .offset(options.offset)
    .as(name);
}

/**
 * Every property of the given workspaces the user may see (a member limited to chosen properties
 * sees those granted, ADR 024) with its two latest completed scans, its newest scan
 * and its critical issues (the counts model, as its latest completed scan holds them), in one query: each lateral join is a short walk down
 * audit_scans_data_source_created_idx.
 */
export function propertiesOf(db: Db, workspaceIds: readonly string[], userId: string) {
  const latest = newestScan(db, "latest_completed", { completed: true, offset: 0 });
  const previous = newestScan(db, "previous_completed", { completed: true, offset: 1 });
  const newest = newestScan(db, "newest_scan", { completed: false, offset: 0 });
  return db
    .select({
      dataSourceId: dataSources.id,
      name: dataSources.name,
      ga4PropertyId: dataSources.ga4PropertyId,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      isActive: dataSources.isActive,
      suspendedByPlanAt: dataSources.suspendedByPlanAt,
      healthScore: latest.healthScore,
      healthGrade: latest.healthGrade,
      previousHealthScore: previous.healthScore,
      lastScanAt: newest.createdAt,
      lastScanStatus: newest.status,
      lastScanErrorCode: newest.errorCode,
      // The counts model (issue 22), which the latest completed scan's columns hold.
      criticalIssuesCount: sql<number>`coalesce(${latest.criticalIssuesCount}, 0)`,
    })
    .from(dataSources)
    .innerJoin(workspaces, eq(workspaces.id, dataSources.workspaceId))
    .leftJoinLateral(latest, sql`true`)
    .leftJoinLateral(previous, sql`true`)
    .leftJoinLateral(newest, sql`true`)
    .where(and(inArray(dataSources.workspaceId, [...workspaceIds]), dataSourceListedFor(userId)))
    .orderBy(asc(workspaces.name), asc(dataSources.name), asc(dataSources.id));
}

export type PortfolioRow = Awaited<ReturnType<typeof propertiesOf>>[number];
