import { and, desc, eq, exists, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import {
  accounts,
  dataSources,
  sessions,
  subscriptions,
  userRoles,
  users,
  workspaces,
} from "../../db/schema.ts";

export async function hasRole(db: Db, userId: string, role: "admin"): Promise<boolean> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

/**
 * What /api/me shows, in one statement (every page load asks): the user, their subscription,
 * whether they are an administrator, have a password, and own a workspace with a property
 * (spec §4: onboarding is complete once they do).
 */
export async function findMe(db: Db, userId: string) {
  const [row] = await prepared(db, "me", (name) => meQuery(db, name)).execute({ userId });
  return row;
}

function meQuery(db: Db, name: string) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      onboardingCompletedAt: users.onboardingCompletedAt,
      twoFactorEnabled: users.twoFactorEnabled,
      deletionRequestedAt: users.deletionRequestedAt,
      subscription: {
        tier: subscriptions.tier,
        status: subscriptions.status,
        dataSourceLimit: subscriptions.dataSourceLimit,
        dataSourcesUsed: subscriptions.dataSourcesUsed,
      },
      isAdmin: exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin"))),
      ).mapWith(Boolean),
      hasPassword: exists(
        db
          .select({ one: sql`1` })
          .from(accounts)
          .where(and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential"))),
      ).mapWith(Boolean),
      ownsWorkspaceWithDataSource: exists(
        db
          .select({ one: sql`1` })
          .from(workspaces)
          .innerJoin(dataSources, eq(dataSources.workspaceId, workspaces.id))
          .where(eq(workspaces.ownerId, users.id)),
      ).mapWith(Boolean),
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare(name);
}

export async function updateFullName(db: Db, userId: string, fullName: string) {
  await db.update(users).set({ fullName, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function markOnboardingCompleted(db: Db, userId: string) {
  await db
    .update(users)
    .set({ onboardingCompletedAt: sql`coalesce(${users.onboardingCompletedAt}, now())` })
    .where(eq(users.id, userId));
}

/** The user's sessions that have not expired, newest first; never their tokens. */
export function findSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
}

/** Ends one of the user's sessions; false when the user has none of that id. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the user but `keptSessionId`; how many ended. */
export async function deleteOtherSessions(
  db: Db,
  userId: string,
  keptSessionId: string,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}
