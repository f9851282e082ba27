import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import {
  auditScans,
  dataSources,
  subscriptions,
  workspaces,
  workspaceUsers,
} from "../../db/schema.ts";
import type { ScanRow } from "../scans/scans.mapper.ts";
import { type DataSourceRow, dataSourceListedFor, membershipOf } from "./data-sources.access.ts";

export function listByWorkspace(db: Db, workspaceId: string): Promise<DataSourceRow[]> {
  return db
    .select()
    .from(dataSources)
    .where(eq(dataSources.workspaceId, workspaceId))
    .orderBy(desc(dataSources.createdAt), desc(dataSources.id));
}

const newest = alias(auditScans, "newest");

/** Joins each property's newest scan, running or finished (none: null). */
const newestScan = eq(
  auditScans.id,
  sql`(select ${newest.id} from ${auditScans} as ${newest} where ${newest.dataSourceId} = ${dataSources.id} order by ${newest.createdAt} desc, ${newest.id} desc limit 1)`,
);

/**
 * The workspace's properties the user may see, newest first, each with its newest scan: none for
 * a non-member, the granted ones for a member limited to chosen properties.
 */
export function listWithNewestScan(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<{ dataSource: DataSourceRow; scan: ScanRow | null }[]> {
  return prepared(db, "data_sources_of_workspace", (name) =>
    db
      .select({ dataSource: dataSources, scan: auditScans })
      .from(dataSources)
      .leftJoin(auditScans, newestScan)
      .where(
        and(
          eq(dataSources.workspaceId, sql.placeholder("workspaceId")),
          dataSourceListedFor(sql.placeholder("userId")),
        ),
      )
      .orderBy(desc(dataSources.createdAt), desc(dataSources.id))
      .prepare(name),
  ).execute({ workspaceId, userId });
}

/** One property with its newest scan, if the user is a member of its workspace who may see it. */
export async function findWithNewestScan(
  db: Db,
  dataSourceId: string,
  userId: string,
): Promise<{ dataSource: DataSourceRow; scan: ScanRow | null } | undefined> {
  const [row] = await prepared(db, "data_source_for_member", (name) =>
    db
      .select({ dataSource: dataSources, scan: auditScans })
      .from(dataSources)
      .innerJoin(workspaceUsers, membershipOf(sql.placeholder("userId")))
      .leftJoin(auditScans, newestScan)
      .where(eq(dataSources.id, sql.placeholder("dataSourceId")))
      .limit(1)
      .prepare(name),
  ).execute({ dataSourceId, userId });
  return row;
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
