import { and, eq, exists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  accounts,
  dataSources,
  subscriptions,
  userRoles,
  users,
  workspaces,
} from "../../db/schema.ts";

export function findUser(db: Db, userId: string) {
  return db.query.users.findFirst({ where: eq(users.id, userId) });
}

export function findSubscription(db: Db, userId: string) {
  return db.query.subscriptions.findFirst({ where: eq(subscriptions.userId, userId) });
}

export async function hasRole(db: Db, userId: string, role: "admin"): Promise<boolean> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the user has an email-and-password sign-in (Better Auth's "credential" account). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return rows.length > 0;
}

/** Spec §4: onboarding is complete once the user owns a workspace with a data source. */
export async function ownsWorkspaceWithDataSource(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(workspaces)
    .where(
      and(
        eq(workspaces.ownerId, userId),
        exists(
          db
            .select({ one: sql`1` })
            .from(dataSources)
            .where(eq(dataSources.workspaceId, workspaces.id)),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
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
