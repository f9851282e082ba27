import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type AccountDeletionResponse,
  type AccountExportFormat,
  type RequestAccountDeletion,
} from "@utmost/contracts";
import { stringify } from "csv-stringify/sync";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./account-rights.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a deletion asked for at `requestedAt` is carried out (spec §9: within 30 days). */
export function purgeDateOf(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
}

// ---- Export ----

/** Everything about the user and the workspaces they own, one array of records per kind. */
export async function buildAccountExport(db: Db, userId: string, now: Date) {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError("UNAUTHENTICATED", "You must be signed in");
  const [
    signInMethods,
    sessions,
    subscriptions,
    billingRecords,
    roles,
    memberships,
    grantsReceived,
    sent,
    received,
    googleConnections,
    owned,
  ] = await Promise.all([
    repo.findSignInMethods(db, userId),
    repo.findSessions(db, userId),
    repo.findSubscriptions(db, userId),
    repo.findBillingRecords(db, user),
    repo.findRoles(db, userId),
    repo.findMemberships(db, userId),
    repo.findGrantsReceived(db, userId),
    repo.findInvitationsSent(db, userId),
    repo.findInvitationsReceived(db, userId, user.email),
    repo.findGoogleConnections(db, userId),
    repo.findOwnedWorkspaces(db, userId),
  ]);
  const workspaceIds = owned.map((workspace) => workspace.id);
  const ofWorkspaces = workspaceIds.length > 0;
  const [
    members,
    propertyGrants,
    workspaceInvitations,
    properties,
    alertRules,
    alertDeliveries,
    alertRecipients,
    namingConventions,
    builderLinks,
    branding,
    apiKeys,
  ] = await Promise.all([
    ofWorkspaces ? repo.findMembers(db, workspaceIds) : [],
    ofWorkspaces ? repo.findPropertyGrants(db, workspaceIds) : [],
    ofWorkspaces ? repo.findWorkspaceInvitations(db, workspaceIds) : [],
    ofWorkspaces ? repo.findProperties(db, workspaceIds) : [],
    ofWorkspaces ? repo.findAlertRules(db, workspaceIds) : [],
    ofWorkspaces ? repo.findAlertDeliveries(db, workspaceIds) : [],
    ofWorkspaces ? repo.findAlertRecipients(db, workspaceIds) : [],
    ofWorkspaces ? repo.findNamingConventions(db, workspaceIds) : [],
    ofWorkspaces ? repo.findBuilderLinks(db, workspaceIds) : [],
    ofWorkspaces ? repo.findBranding(db, workspaceIds) : [],
    ofWorkspaces ? repo.findApiKeys(db, workspaceIds) : [],
  ]);
  const propertyIds = properties.map((property) => property.id);
  const ofProperties = propertyIds.length > 0;
  const [scans, issues, issueOccurrences, reports] = await Promise.all([
    ofProperties ? repo.findScans(db, propertyIds) : [],
    ofProperties ? repo.findIssues(db, propertyIds) : [],
    ofProperties ? repo.findOccurrences(db, propertyIds) : [],
    ofProperties ? repo.findReports(db, propertyIds) : [],
  ]);
  return {
    exportedAt: now.toISOString(),
    user: [user],
    signInMethods,
    sessions,
    subscriptions,
    billingRecords,
    roles,
    memberships,
    propertyGrantsReceived: grantsReceived,
    invitationsSent: sent,
    invitationsReceived: received,
    googleConnections,
    ownedWorkspaces: owned,
    workspaceMembers: members,
    propertyGrants,
    workspaceInvitations,
    properties,
    scans,
    issues,
    issueOccurrences,
    reports,
    alertRules,
    alertDeliveries,
    alertRecipients,
    namingConventions,
    builderLinks,
    branding,
    apiKeys,
  };
}

export type AccountExport = Awaited<ReturnType<typeof buildAccountExport>>;

export interface AccountExportFile {
  filename: string;
  contentType: string;
  body: string;
}

/**
 * One CSV for every kind of record, in long form so the kinds need no shared columns:
 * record_type, record_index, field, value (objects as JSON). Cells a spreadsheet would run as a
 * formula are neutralised (DESIGN.md, security).
 */
function toCsv(data: AccountExport): string {
  const rows: (string | number)[][] = [];
  for (const [recordType, value] of Object.entries(data)) {
    if (!Array.isArray(value)) {
      rows.push([recordType, 0, recordType, cell(value)]);
      continue;
    }
    value.forEach((record: Record<string, unknown>, index) => {
      for (const [field, fieldValue] of Object.entries(record)) {
        rows.push([recordType, index, field, cell(fieldValue)]);
      }
    });
  }
  return stringify(rows, {
    bom: true,
    header: true,
    columns: ["record_type", "record_index", "field", "value"],
    record_delimiter: "windows",
    escape_formulas: true,
  });
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export async function exportAccount(
  db: Db,
  userId: string,
  format: AccountExportFormat,
  now: Date,
): Promise<AccountExportFile> {
  const data = await buildAccountExport(db, userId, now);
  const stem = `utmost-export-${now.toISOString().slice(0, 10)}`;
  if (format === "csv") {
    return { filename: `${stem}.csv`, contentType: "text/csv; charset=utf-8", body: toCsv(data) };
  }
  return {
    filename: `${stem}.json`,
    contentType: "application/json; charset=utf-8",
    body: JSON.stringify(data, null, 2),
  };
}

// ---- Deletion ----

export interface PasswordVerifier {
  verify(hash: string, password: string): Promise<boolean>;
}

/**
 * Schedules the account's deletion and signs it out everywhere. The password re-confirms who
 * asks; an account without one (Google sign-in only) types DELETE instead. A paid plan renews
 * with the payment provider, so it must be cancelled first.
 */
export async function requestDeletion(
  db: Db,
  passwords: PasswordVerifier,
  userId: string,
  input: RequestAccountDeletion,
  now: Date,
): Promise<AccountDeletionResponse> {
  const hash = await repo.findPasswordHash(db, userId);
  if (hash !== null) {
    const password = "password" in input ? input.password : null;
    if (password === null || !(await passwords.verify(hash, password))) {
      throw new AppError("INVALID_PASSWORD", "The password is incorrect.");
    }
  }
  const [subscription] = await repo.findSubscriptions(db, userId);
  // A plan someone pays for is cancelled first; one an administrator gave (ADR 020) is not billed.
  if (subscription && subscription.tier !== "free" && subscription.complimentarySince === null) {
    throw new AppError(
      "PAID_PLAN_ACTIVE",
      "Cancel your paid plan under Settings → Billing before deleting your account.",
    );
  }
  const purgeAfter = await db.transaction((tx) => beginDeletion(tx, userId, now));
  return { purgeAfter: purgeAfter.toISOString() };
}

/**
 * Schedules the deletion as "Delete my account" does, for that route and for the retention job
 * (an inactive account): the account is recoverable by signing in for 30 days, then purged. Its
 * sessions end now. Returns when the purge is due. Run it inside the caller's transaction.
 */
export async function beginDeletion(db: Db, userId: string, now: Date): Promise<Date> {
  await repo.markDeletionRequested(db, userId, now);
  await repo.deleteSessions(db, userId);
  return purgeDateOf(now);
}

export async function cancelDeletion(db: Db, userId: string): Promise<void> {
  await repo.clearDeletionRequested(db, userId);
}

/**
 * Removes every account whose deletion was asked for 30 days or more before `now`, with the
 * workspaces it owns. Returns how many went.
 */
export async function purgeDeletedAccounts(
  db: Db,
  now: Date,
  logger?: FastifyBaseLogger,
): Promise<number> {
  const cutoff = new Date(now.getTime() - ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  let purged = 0;
  for (const user of await repo.findUsersDueForPurge(db, cutoff)) {
    if (await repo.purgeUser(db, user, cutoff)) {
      purged += 1;
      logger?.info({ userId: user.id }, "deleted account purged");
    }
  }
  return purged;
}
