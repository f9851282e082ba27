import {
  ADMIN_RECENT_SCANS,
  ADMIN_SCORE_SAMPLE,
  ADMIN_TOP_ISSUE_TYPES,
  type AdminPlanBilling,
  type AdminRecentScan,
  type AdminStats,
  type AdminSubscriptionUpdate,
  type AdminUser,
  type AdminWorkspace,
  type SubscriptionTier,
  SubscriptionTierSchema,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { hasRole } from "../accounts/accounts.repository.ts";
import * as billingService from "../billing/billing.service.ts";
import type { BillingSetup } from "../billing/billing-setup.ts";
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

/** Issue 23: who pays for the plan, as the console labels it. */
function planBilling(row: repo.UserWithPlanRow): AdminPlanBilling {
  if (row.tier === null || row.tier === "free") return { source: "free" };
  if (row.complimentarySince !== null) {
    return { source: "complimentary", since: row.complimentarySince.toISOString() };
  }
  if (row.providerSubscriptionId !== null) return { source: "dodo" };
  return { source: "complimentary", since: null };
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
    billing: planBilling(row),
  };
}

export async function listUsers(db: Db): Promise<AdminUser[]> {
  const rows = await repo.listUsersWithPlans(db);
  return rows.map(toAdminUser);
}

/**
 * Issue 23: makes the edit at Dodo first when a Dodo subscription still bills the user: Free
 * cancels it now (as the customer portal's Cancel does), another paid plan is Dodo's prorated
 * change-plan. True when it did, or when the plan stays the same; false when there is no such
 * subscription, so the plan is the administrator's own. A refusal or no answer throws, before
 * anything is written.
 */
async function syncToDodo(
  billing: BillingSetup | null,
  row: repo.UserWithPlanRow,
  tier: SubscriptionTier,
): Promise<boolean> {
  const subscriptionId = row.providerSubscriptionId;
  // A subscription the provider's own events ended leaves the account on Free (ADR 011).
  if (subscriptionId === null || row.tier === null || row.tier === "free") return false;
  // Asked live: a lost webhook must not leave a plan Dodo ended looking paid, nor the reverse.
  if (!(await billingService.isProviderSubscriptionLive(billing, subscriptionId))) return false;
  if (tier === "free") {
    await billingService.cancelProviderSubscription(billing, subscriptionId);
  } else if (tier !== row.tier) {
    await billingService.changeProviderPlan(billing, subscriptionId, tier);
  }
  return true;
}

/**
 * Spec §5 "Admin edit": sets a user's tier and property limit. A plan Dodo bills changes at Dodo
 * first, and only once Dodo has agreed here, so a customer is never left charged for a plan
 * they no longer have (issue 23). Without one, a paid tier is complimentary from `now` (an
 * earlier start is kept) and Free clears it. Properties over a lowered limit are suspended and
 * those suspended under a smaller limit come back (spec §9), in the same transaction, so the
 * limit and the active properties never disagree.
 */
export async function updateSubscription(
  db: Db,
  billing: BillingSetup | null,
  userId: string,
  update: AdminSubscriptionUpdate,
  now: Date = new Date(),
): Promise<AdminUser> {
  const current = await repo.findUserWithPlan(db, userId);
  if (!current) throw new AppError("NOT_FOUND", "User not found");
  // Outside the transaction: Dodo announces the change with a webhook that locks the same row.
  const throughDodo = await syncToDodo(billing, current, update.tier);
  const free = update.tier === "free";
  await db.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, userId))) throw new AppError("NOT_FOUND", "User not found");
    await repo.upsertSubscription(tx, userId, {
      ...update,
      complimentarySince: free || throughDodo ? null : (current.complimentarySince ?? now),
      ...(free || !throughDodo ? { status: "active", paymentFailedAt: null } : {}),
      // Free carries no add-ons (a cancelled subscription's end sets the same).
      ...(free ? { extraProperties: 0 } : {}),
    });
    await enforcePropertyLimit(tx, userId, now);
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
