import {
  ADMIN_RECENT_SCANS,
  ADMIN_SCORE_SAMPLE,
  ADMIN_TOP_ISSUE_TYPES,
  type AdminRecentScan,
  type AdminStats,
  type AdminSubscriptionUpdate,
  type AdminUser,
  type AdminWorkspace,
  SubscriptionTierSchema,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { hasRole } from "../accounts/accounts.repository.ts";
import { enforcePropertyLimit } from "../billing/property-limit.ts";
import * as repo from "./admin.repository.ts";

const DAY_MS = 86_400_000;
/** Spec §7: the scan error rate is taken over the last 7 days. */
const ERROR_RATE_WINDOW_DAYS = 7;

/** Spec §6: the console and its API are for system administrators (a user_roles admin row). */
export async function requireAdmin(db: Db, userId: string): Promise<void> {
  if (!(await hasRole(db, userId, "admin"))) {
    throw new AppError("FORBIDDEN", "Administrators only");
  }
}

/** Midnight UTC of `now`'s day: "today" in the console's figures. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Spec §6 and §7: totals, the plan mix, scan activity, average score and common issues. */
export async function getStats(db: Db, now: Date = new Date()): Promise<AdminStats> {
  const [totals, scans, tiers, averageScore, topIssueTypes] = await Promise.all([
    repo.countUsersAndWorkspaces(db),
    repo.countScans(db, {
      startOfDay: startOfUtcDay(now),
      windowStart: new Date(now.getTime() - ERROR_RATE_WINDOW_DAYS * DAY_MS),
    }),
    repo.countUsersByTier(db),
    repo.averageRecentScore(db, ADMIN_SCORE_SAMPLE),
    repo.topActiveIssueTypes(db, ADMIN_TOP_ISSUE_TYPES),
  ]);
  const usersByTier = Object.fromEntries(
    SubscriptionTierSchema.options.map((tier) => [
      tier,
      tiers.find((row) => row.tier === tier)?.count ?? 0,
    ]),
  ) as AdminStats["usersByTier"];
  return {
    ...totals,
    totalScans: scans.total,
    usersByTier,
    scansRunning: scans.running,
    scansToday: scans.today,
    averageScore,
    scanErrors7d: {
      failed: scans.windowFailed,
      total: scans.windowTotal,
      rate: scans.windowTotal === 0 ? null : scans.windowFailed / scans.windowTotal,
    },
    topIssueTypes,
  };
}

export async function listRecentScans(db: Db): Promise<AdminRecentScan[]> {
  const rows = await repo.recentScans(db, ADMIN_RECENT_SCANS);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

function toAdminUser(row: repo.UserWithPlanRow): AdminUser {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    roles: row.isAdmin ? ["admin"] : [],
    subscription:
      row.tier !== null &&
      row.status !== null &&
      row.dataSourceLimit !== null &&
      row.dataSourcesUsed !== null
        ? {
            tier: row.tier,
            status: row.status,
            dataSourceLimit: row.dataSourceLimit,
            dataSourcesUsed: row.dataSourcesUsed,
          }
        : null,
  };
}

export async function listUsers(db: Db): Promise<AdminUser[]> {
  const rows = await repo.listUsersWithPlans(db);
  return rows.map(toAdminUser);
}

/**
 * Spec §5 "Admin edit": sets a user's tier and property limit. Properties over a lowered limit
 * are suspended and those suspended under a smaller limit come back (spec §9), in the same
 * transaction, so the limit and the active properties never disagree.
 */
export async function updateSubscription(
  db: Db,
  userId: string,
  update: AdminSubscriptionUpdate,
): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, userId))) throw new AppError("NOT_FOUND", "User not found");
    await repo.upsertSubscription(tx, userId, update);
    await enforcePropertyLimit(tx, userId);
  });
  const row = await repo.findUserWithPlan(db, userId);
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return toAdminUser(row);
}

/** Every workspace with its owner, members (owner, admins, members) and properties. */
export async function listWorkspaces(db: Db): Promise<AdminWorkspace[]> {
  const [rows, members, properties] = await Promise.all([
    repo.listAllWorkspaces(db),
    repo.listAllMembers(db),
    repo.listAllDataSources(db),
  ]);
  const byWorkspace = new Map<string, AdminWorkspace>();
  for (const row of rows) {
    byWorkspace.set(row.id, {
      id: row.id,
      name: row.name,
      type: row.type,
      createdAt: row.createdAt.toISOString(),
      owner:
        row.ownerId !== null && row.ownerFullName !== null && row.ownerEmail !== null
          ? { id: row.ownerId, fullName: row.ownerFullName, email: row.ownerEmail }
          : null,
      members: [],
      dataSources: [],
    });
  }
  for (const { workspaceId, ...member } of members) {
    byWorkspace.get(workspaceId)?.members.push(member);
  }
  for (const { workspaceId, ...property } of properties) {
    byWorkspace.get(workspaceId)?.dataSources.push(property);
  }
  return [...byWorkspace.values()];
}

/**
 * Grants the admin role to the existing users with these emails (ADMIN_EMAILS, lower-case);
 * returns the emails of those who did not hold it yet.
 */
export async function grantAdminEmails(db: Db, emails: readonly string[]): Promise<string[]> {
  // Only verified addresses: an unverified one may have been signed up by anyone.
  const found = (await repo.findUsersByEmails(db, [...emails])).filter(
    (user) => user.emailVerified,
  );
  const granted = new Set(
    await repo.grantAdmin(
      db,
      found.map((user) => user.id),
    ),
  );
  return found.filter((user) => granted.has(user.id)).map((user) => user.email);
}

/**
 * A user whose email is in ADMIN_EMAILS becomes an admin; the caller has made sure the address
 * is verified (Better Auth's user hooks, an accepted invitation).
 */
export async function grantAdminIfListed(
  db: Db,
  adminEmails: readonly string[],
  user: { id: string; email: string },
): Promise<void> {
  if (adminEmails.includes(user.email.toLowerCase())) await repo.grantAdmin(db, [user.id]);
}

export type AdminGrantResult =
  | { kind: "granted" | "already-admin" | "revoked" | "not-admin"; email: string }
  | { kind: "unknown-email"; email: string };

/** `npm run admin:grant -- EMAIL [--revoke]`: one user's admin role, by email (any case). */
export async function setAdminByEmail(
  db: Db,
  email: string,
  action: "grant" | "revoke",
): Promise<AdminGrantResult> {
  const normalized = email.trim().toLowerCase();
  const [user] = await repo.findUsersByEmails(db, [normalized]);
  if (!user) return { kind: "unknown-email", email: normalized };
  if (action === "revoke") {
    const revoked = await repo.revokeAdmin(db, user.id);
    return { kind: revoked ? "revoked" : "not-admin", email: user.email };
  }
  const [granted] = await repo.grantAdmin(db, [user.id]);
  return { kind: granted ? "granted" : "already-admin", email: user.email };
}
