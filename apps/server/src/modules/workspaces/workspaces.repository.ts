import { and, asc, eq, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { dataSources, subscriptions, users, workspaces, workspaceUsers } from "../../db/schema.ts";
import { planStandingColumns } from "../billing/plan-standing.ts";

/** The workspaces a user belongs to, oldest first, with what the selector and dashboard show. */
export function listForUser(db: Db, userId: string) {
  return prepared(db, "workspaces_of_user", (name) =>
    summaries(db)
      .where(eq(workspaceUsers.userId, sql.placeholder("userId")))
      .prepare(name),
  ).execute({ userId });
}

/** One workspace as the user sees it in the list, if they belong to it. */
export async function findForUser(db: Db, workspaceId: string, userId: string) {
  const [row] = await summaries(db).where(
    and(eq(workspaceUsers.userId, userId), eq(workspaceUsers.workspaceId, workspaceId)),
  );
  return row;
}

function summaries(db: Db) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      type: workspaces.type,
      ownerId: workspaces.ownerId,
      role: workspaceUsers.workspaceRole,
      ownerPlan: planStandingColumns,
      dataSourceLimit: subscriptions.dataSourceLimit,
      // The count the add is refused on (data-sources `ownerPlan`), kept by trigger (migration 0003).
      ownerDataSourcesUsed: sql<number>`coalesce(${subscriptions.dataSourcesUsed}, 0)`,
      createdAt: workspaces.createdAt,
      memberCount: sql<number>`(select count(*)::int from ${workspaceUsers} wu where wu.workspace_id = ${workspaces.id})`,
      dataSourceCount: sql<number>`(select count(*)::int from ${dataSources} ds where ds.workspace_id = ${workspaces.id})`,
    })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id))
    .$dynamic();
}

/** What of the workspace owner's subscription decides their plan; null when they have none. */
export async function findOwnerPlan(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ plan: planStandingColumns })
    .from(workspaces)
    .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row?.plan ?? null;
}

export async function findMembership(db: Db, workspaceId: string, userId: string) {
  const rows = await db
    .select({ role: workspaceUsers.workspaceRole })
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.userId, userId)))
    .limit(1);
  return rows[0];
}

/**
 * A condition for a query about one workspace: true when the user is a member. Folded into the
 * data query it saves the membership check's own round trip (see `dataSourceVisibleTo`); an empty
 * answer still goes through `requireMembership` to tell "nothing yet" from "not yours".
 */
export function workspaceVisibleTo(
  workspaceId: string | Placeholder,
  userId: string | Placeholder,
): SQL {
  return sql`exists (select 1 from ${workspaceUsers} where ${workspaceUsers.workspaceId} = ${workspaceId} and ${workspaceUsers.userId} = ${userId})`;
}

export function listMembers(db: Db, workspaceId: string) {
  return members(db).where(eq(workspaceUsers.workspaceId, workspaceId));
}

export async function findMember(db: Db, workspaceId: string, userId: string) {
  const [row] = await members(db).where(
    and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.userId, userId)),
  );
  return row;
}

function members(db: Db) {
  return (
    db
      .select({
        userId: users.id,
        fullName: users.fullName,
        email: users.email,
        role: workspaceUsers.workspaceRole,
        chosenPropertiesOnly: workspaceUsers.chosenPropertiesOnly,
        joinedAt: workspaceUsers.createdAt,
      })
      .from(workspaceUsers)
      .innerJoin(users, eq(users.id, workspaceUsers.userId))
      // The owner first, then admins, then members (the enum's order), each by joining date.
      .orderBy(asc(workspaceUsers.workspaceRole), asc(workspaceUsers.createdAt), asc(users.id))
      .$dynamic()
  );
}

export async function rename(db: Db, workspaceId: string, name: string) {
  await db
    .update(workspaces)
    .set({ name, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
}

/** Properties, scans, issues, invitations and memberships go with it (foreign-key cascades). */
export async function remove(db: Db, workspaceId: string) {
  await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/** Changes a non-owner member's role; the owner's row is never touched. Returns whether it did. */
export async function updateMemberRole(
  db: Db,
  workspaceId: string,
  userId: string,
  role: "admin" | "member",
): Promise<boolean> {
  const rows = await db
    .update(workspaceUsers)
    .set({ workspaceRole: role })
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.userId, userId),
        ne(workspaceUsers.workspaceRole, "owner"),
      ),
    )
    .returning({ userId: workspaceUsers.userId });
  return rows.length > 0;
}

/** Removes a non-owner member; the owner's row is never removed. Returns whether it did. */
export async function removeMember(db: Db, workspaceId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.userId, userId),
        ne(workspaceUsers.workspaceRole, "owner"),
      ),
    )
    .returning({ userId: workspaceUsers.userId });
  return rows.length > 0;
}

/** Creates a workspace with its owner as the first member, in one transaction. */
export async function createWithOwner(
  db: Db,
  input: { name: string; type: "personal" | "team"; ownerId: string },
) {
  return db.transaction((tx) => insertWithOwner(tx, input));
}

async function insertWithOwner(
  db: Db,
  input: { name: string; type: "personal" | "team"; ownerId: string },
) {
  const [workspace] = await db.insert(workspaces).values(input).returning();
  if (!workspace) throw new Error("workspace insert returned no row");
  await db
    .insert(workspaceUsers)
    .values({ workspaceId: workspace.id, userId: input.ownerId, workspaceRole: "owner" });
  return workspace;
}

/**
 * The user's oldest workspace, creating a personal one named by `name` when the user belongs to
 * none. The user's row is locked first, so calls racing for the same user wait for each other
 * and only the first creates (NO KEY UPDATE leaves inserts that reference the user unblocked).
 */
export async function findOrCreateFirst(
  db: Db,
  userId: string,
  name: (fullName: string) => string,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.id, userId))
      .for("no key update");
    if (!user) throw new Error(`user ${userId} does not exist`);
    const [existing] = await tx
      .select({ id: workspaces.id })
      .from(workspaceUsers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
      .where(eq(workspaceUsers.userId, userId))
      .orderBy(asc(workspaces.createdAt), asc(workspaces.id))
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    const workspace = await insertWithOwner(tx, {
      name: name(user.fullName),
      type: "personal",
      ownerId: userId,
    });
    return { id: workspace.id, created: true };
  });
}
