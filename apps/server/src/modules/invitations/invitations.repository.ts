import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users, workspaceInvitations, workspaces, workspaceUsers } from "../../db/schema.ts";

export type InvitationRow = typeof workspaceInvitations.$inferSelect;

const inviterColumns = {
  inviterFullName: users.fullName,
  inviterEmail: users.email,
};

/** The workspace's pending invitations (expired ones included), newest first. */
export function listPending(db: Db, workspaceId: string) {
  return db
    .select({ invitation: workspaceInvitations, ...inviterColumns })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedByUserId))
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.status, "pending"),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id));
}

export async function findWithInviter(db: Db, invitationId: string) {
  const [row] = await db
    .select({ invitation: workspaceInvitations, ...inviterColumns })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedByUserId))
    .where(eq(workspaceInvitations.id, invitationId));
  return row;
}

/** What the acceptance page needs, found by the hash of the link's token. */
export async function findByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: workspaceInvitations,
      workspaceName: workspaces.name,
      ...inviterColumns,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedByUserId))
    .where(eq(workspaceInvitations.tokenHash, tokenHash));
  return row;
}

/**
 * The invitation, locked until the transaction ends: of two acceptances of one link, the second
 * waits here and then reads the status the first one wrote.
 */
export async function lockByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.tokenHash, tokenHash))
    .for("update");
  return row;
}

export async function findWorkspaceName(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.name;
}

export async function isMemberByEmail(db: Db, workspaceId: string, email: string) {
  const rows = await db
    .select({ userId: workspaceUsers.userId })
    .from(workspaceUsers)
    .innerJoin(users, eq(users.id, workspaceUsers.userId))
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  return rows.length > 0;
}

export async function findPendingForEmail(db: Db, workspaceId: string, email: string) {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.invitedEmail, email),
        eq(workspaceInvitations.status, "pending"),
      ),
    );
  return row;
}

/** A new invitation replaces an expired one to the same email: the old link then reads expired. */
export async function expirePendingForEmail(db: Db, workspaceId: string, email: string, now: Date) {
  await db
    .update(workspaceInvitations)
    .set({ status: "expired" })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.invitedEmail, email),
        eq(workspaceInvitations.status, "pending"),
        lte(workspaceInvitations.expiresAt, now),
      ),
    );
}

export async function insert(db: Db, values: typeof workspaceInvitations.$inferInsert) {
  const [row] = await db.insert(workspaceInvitations).values(values).returning();
  if (!row) throw new Error("invitation insert returned no row");
  return row;
}

/** Deletes a workspace's pending invitation; returns whether there was one. */
export async function removePending(db: Db, workspaceId: string, invitationId: string) {
  const rows = await db
    .delete(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.id, invitationId),
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.status, "pending"),
      ),
    )
    .returning({ id: workspaceInvitations.id });
  return rows.length > 0;
}

export async function removeById(db: Db, invitationId: string) {
  await db.delete(workspaceInvitations).where(eq(workspaceInvitations.id, invitationId));
}

export async function markResponded(
  db: Db,
  invitationId: string,
  status: "accepted" | "declined",
  userId: string,
  now: Date,
) {
  await db
    .update(workspaceInvitations)
    .set({ status, respondedAt: now, respondedByUserId: userId })
    .where(eq(workspaceInvitations.id, invitationId));
}

/** Adds the member unless they already belong (then their role stays as it is). */
export async function addMember(
  db: Db,
  values: { workspaceId: string; userId: string; workspaceRole: "admin" | "member" },
) {
  await db.insert(workspaceUsers).values(values).onConflictDoNothing();
}
