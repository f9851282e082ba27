import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditScans, dataSources, subscriptions, workspaces } from "../../db/schema.ts";
import { planStandingColumns } from "../billing/plan-standing.ts";

/**
 * Properties that automated scans may run for: active (a scan that met an expired grant turns
 * its property inactive) and holding a grant. The plan is the workspace owner's subscription.
 */
export function findScheduleCandidates(db: Db) {
  return db
    .select({
      dataSourceId: dataSources.id,
      createdAt: dataSources.createdAt,
      scanFrequency: dataSources.scanFrequency,
      lastScheduledScanAt: dataSources.lastScheduledScanAt,
      ownerPlan: planStandingColumns,
      lastScanAt: sql<Date | null>`(
        select max(${auditScans.createdAt}) from ${auditScans}
        where ${auditScans.dataSourceId} = ${dataSources.id}
      )`.mapWith(auditScans.createdAt),
    })
    .from(dataSources)
    .innerJoin(workspaces, eq(workspaces.id, dataSources.workspaceId))
    .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .where(and(eq(dataSources.isActive, true), isNotNull(dataSources.accessTokenEncrypted)));
}

/**
 * Records that the slot is served, unless it already was: the one writer that wins starts the
 * scan, however many ticks run at once.
 */
export async function claimSlot(db: Db, dataSourceId: string, slot: Date): Promise<boolean> {
  const rows = await db
    .update(dataSources)
    .set({ lastScheduledScanAt: slot })
    .where(
      and(
        eq(dataSources.id, dataSourceId),
        or(isNull(dataSources.lastScheduledScanAt), lt(dataSources.lastScheduledScanAt, slot)),
      ),
    )
    .returning({ id: dataSources.id });
  return rows.length > 0;
}

/** Gives a claimed slot back when its scan could not be started, so the next tick tries again. */
export async function releaseSlot(
  db: Db,
  dataSourceId: string,
  slot: Date,
  previous: Date | null,
): Promise<void> {
  await db
    .update(dataSources)
    .set({ lastScheduledScanAt: previous })
    .where(and(eq(dataSources.id, dataSourceId), eq(dataSources.lastScheduledScanAt, slot)));
}
