import type { SubscriptionTier } from "@utmost/contracts";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  auditScans,
  dataSources,
  subscriptions,
  userRoles,
  users,
  utmIssues,
  workspaces,
  workspaceUsers,
} from "../../db/schema.ts";

/** Queries of the admin console (spec §6 "System admin", §7 audit_scans). Aggregates stay in SQL. */

export async function countUsersAndWorkspaces(db: Db) {
  const [totalUsers, totalWorkspaces] = await Promise.all([
    db.$count(users),
    db.$count(workspaces),
  ]);
  return { totalUsers, totalWorkspaces };
}

/**
 * Every scan counted once: all, running, created since `startOfDay`, and of those created since
 * `windowStart` how many there were and how many failed.
 */
export async function countScans(db: Db, bounds: { startOfDay: Date; windowStart: Date }) {
  const startOfDay = bounds.startOfDay.toISOString();
  const windowStart = bounds.windowStart.toISOString();
  const inWindow = sql`${auditScans.createdAt} >= ${windowStart}::timestamptz`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      running: sql<number>`(count(*) filter (where ${auditScans.status} = 'running'))::int`,
      today: sql<number>`(count(*) filter (where ${auditScans.createdAt} >= ${startOfDay}::timestamptz))::int`,
      windowTotal: sql<number>`(count(*) filter (where ${inWindow}))::int`,
      windowFailed: sql<number>`(count(*) filter (where ${inWindow} and ${auditScans.status} = 'failed'))::int`,
    })
    .from(auditScans);
  return row ?? { total: 0, running: 0, today: 0, windowTotal: 0, windowFailed: 0 };
}

export function countUsersByTier(db: Db) {
  return db
    .select({ tier: subscriptions.tier, count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .groupBy(subscriptions.tier);
}

/** The mean score of the `sample` newest completed scans; null before any. */
export async function averageRecentScore(db: Db, sample: number): Promise<number | null> {
  const recent = db
    .select({ score: auditScans.healthScore })
    .from(auditScans)
    .where(and(eq(auditScans.status, "completed"), isNotNull(auditScans.healthScore)))
    .orderBy(desc(auditScans.createdAt), desc(auditScans.id))
    .limit(sample)
    .as("recent");
  const [row] = await db
    .select({ average: sql<number | null>`avg(${recent.score})::float8` })
    .from(recent);
  return row?.average ?? null;
}

/** The commonest issue types among active issues, most found first. */
export function topActiveIssueTypes(db: Db, limit: number) {
  const count = sql<number>`count(*)::int`;
  return db
    .select({
      issueType: utmIssues.issueType,
      count,
      criticalCount: sql<number>`(count(*) filter (where ${utmIssues.severity} = 'critical'))::int`,
    })
    .from(utmIssues)
    .where(eq(utmIssues.status, "active"))
    .groupBy(utmIssues.issueType)
    .orderBy(desc(count), asc(utmIssues.issueType))
    .limit(limit);
}

/** The newest scans with the names of their property and workspace. */
export function recentScans(db: Db, limit: number) {
  return db
    .select({
      id: auditScans.id,
      status: auditScans.status,
      healthScore: auditScans.healthScore,
      healthGrade: auditScans.healthGrade,
      errorMessage: auditScans.errorMessage,
      createdAt: auditScans.createdAt,
      dataSourceId: dataSources.id,
      dataSourceName: dataSources.name,
      workspaceName: workspaces.name,
    })
    .from(auditScans)
    .innerJoin(dataSources, eq(dataSources.id, auditScans.dataSourceId))
    .innerJoin(workspaces, eq(workspaces.id, dataSources.workspaceId))
    .orderBy(desc(auditScans.createdAt), desc(auditScans.id))
    .limit(limit);
}

function usersWithPlans(db: Db) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      createdAt: users.createdAt,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
      tier: subscriptions.tier,
      status: subscriptions.status,
      dataSourceLimit: subscriptions.dataSourceLimit,
      dataSourcesUsed: subscriptions.dataSourcesUsed,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      complimentarySince: subscriptions.complimentarySince,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .$dynamic();
}

export type UserWithPlanRow = NonNullable<Awaited<ReturnType<typeof findUserWithPlan>>>;

/** Every user, newest first, with the admin role and the subscription. */
export function listUsersWithPlans(db: Db) {
  return usersWithPlans(db).orderBy(desc(users.createdAt), asc(users.id));
}

export async function findUserWithPlan(db: Db, userId: string) {
  const [row] = await usersWithPlans(db).where(eq(users.id, userId));
  return row;
}

/** Locks the user's row against deletion while their plan changes; undefined if there is none. */
export async function lockUser(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  return row;
}

/**
 * Sets the plan, creating the subscription when the user has none (status active). Status and
 * failed payment are left as they are unless given: on a Dodo plan, Dodo's events decide them.
 */
export async function upsertSubscription(
  db: Db,
  userId: string,
  values: {
    tier: SubscriptionTier;
    dataSourceLimit: number;
    complimentarySince: Date | null;
    status?: string;
    paymentFailedAt?: null;
    extraProperties?: number;
  },
) {
  await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

export function listAllWorkspaces(db: Db) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      type: workspaces.type,
      createdAt: workspaces.createdAt,
      ownerId: users.id,
      ownerFullName: users.fullName,
      ownerEmail: users.email,
    })
    .from(workspaces)
    .leftJoin(users, eq(users.id, workspaces.ownerId))
    .orderBy(desc(workspaces.createdAt), asc(workspaces.id));
}

/** Every membership with the member's name and email: owner, admins, members, each by joining. */
export function listAllMembers(db: Db) {
  return db
    .select({
      workspaceId: workspaceUsers.workspaceId,
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      role: workspaceUsers.workspaceRole,
    })
    .from(workspaceUsers)
    .innerJoin(users, eq(users.id, workspaceUsers.userId))
    .orderBy(asc(workspaceUsers.workspaceRole), asc(workspaceUsers.createdAt), asc(users.id));
}

export function listAllDataSources(db: Db) {
  return db
    .select({
      workspaceId: dataSources.workspaceId,
      id: dataSources.id,
      name: dataSources.name,
      ga4PropertyId: dataSources.ga4PropertyId,
      isActive: dataSources.isActive,
    })
    .from(dataSources)
    .orderBy(asc(dataSources.createdAt), asc(dataSources.id));
}

/** The users whose email is one of `emails` (lower-case), ignoring the stored case. */
export function findUsersByEmails(db: Db, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
}

/** Grants the admin role; the user ids that did not hold it before. */
export async function grantAdmin(db: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(userRoles)
    .values(userIds.map((userId) => ({ userId, role: "admin" as const })))
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return rows.map((row) => row.userId);
}

/** Takes the admin role away; whether the user held it. */
export async function revokeAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}
