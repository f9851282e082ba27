import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditScans, dataSources, subscriptions, workspaces } from "../../db/schema.ts";
import type { ScanRow } from "../scans/scans.mapper.ts";
import type { DataSourceRow } from "./data-sources.access.ts";

export function listByWorkspace(db: Db, workspaceId: string): Promise<DataSourceRow[]> {
  return db
    .select()
    .from(dataSources)
    .where(eq(dataSources.workspaceId, workspaceId))
    .orderBy(desc(dataSources.createdAt), desc(dataSources.id));
}

/** The newest scan of each property, running or finished. */
export async function latestScans(
  db: Db,
  dataSourceIds: readonly string[],
): Promise<Map<string, ScanRow>> {
  if (dataSourceIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([auditScans.dataSourceId])
    .from(auditScans)
    .where(inArray(auditScans.dataSourceId, [...dataSourceIds]))
    .orderBy(auditScans.dataSourceId, desc(auditScans.createdAt), desc(auditScans.id));
  return new Map(rows.map((row) => [row.dataSourceId, row]));
}

export async function findInWorkspace(db: Db, workspaceId: string, ga4PropertyId: string) {
  const [row] = await db
    .select({ id: dataSources.id })
    .from(dataSources)
    .where(
      and(eq(dataSources.workspaceId, workspaceId), eq(dataSources.ga4PropertyId, ga4PropertyId)),
    );
  return row;
}

export async function deleteById(db: Db, dataSourceId: string) {
  await db.delete(dataSources).where(eq(dataSources.id, dataSourceId));
}

/**
 * Whether any other property was connected by this user: those tokens most likely come from the
 * same Google account, whose grant a revocation would end for all of them.
 */
export async function otherConnectedBy(db: Db, userId: string, exceptId: string) {
  const [row] = await db
    .select({ id: dataSources.id })
    .from(dataSources)
    .where(and(eq(dataSources.connectedByUserId, userId), ne(dataSources.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function findWorkspaceOwner(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ ownerId: workspaces.ownerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.ownerId;
}

/** The owner's plan as it stands; `lock` holds the row until the transaction ends. */
export async function ownerPlan(db: Db, ownerId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ limit: subscriptions.dataSourceLimit, used: subscriptions.dataSourcesUsed })
    .from(subscriptions)
    .where(eq(subscriptions.userId, ownerId));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/** Every user gets a subscription at sign-up (migration 0001); this covers rows made before it. */
export async function ensureSubscription(db: Db, ownerId: string) {
  await db.insert(subscriptions).values({ userId: ownerId }).onConflictDoNothing();
}

export async function insert(db: Db, values: typeof dataSources.$inferInsert) {
  const [row] = await db.insert(dataSources).values(values).returning();
  if (!row) throw new Error("data source insert returned no row");
  return row;
}
