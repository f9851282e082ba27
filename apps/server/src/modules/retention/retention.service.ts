import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { beginDeletion } from "../account-rights/account-rights.service.ts";
import type { Mailer } from "../mail/mailer.ts";
import { inactivityNoticeMail } from "../mail/templates.ts";
import { BILLING_RECORD_RETENTION_YEARS } from "./billing-records.ts";
import * as repo from "./retention.repository.ts";

/**
 * What the legal pages promise about keeping data (spec §9 legal facts; ADR 021): an account
 * nobody has used for 24 months is deleted after a notice by email at least 60 days before, and
 * billing records are kept 7 years. Activity is a sign-in, or use of the app with a session
 * (recorded at most once a day); an account on a plan other than Free is never inactive.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Months without activity after which the notice goes out (60 days before the 24). */
export const INACTIVITY_NOTICE_MONTHS = 22;
/** Months without activity after which the account is deleted. */
export const INACTIVITY_DELETION_MONTHS = 24;
/** The notice goes out at least this many days before the deletion starts. */
export const INACTIVITY_NOTICE_DAYS = 60;

/** `date` moved by whole calendar months in UTC; a day the month lacks becomes its last day. */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = new Date(date.getTime());
  moved.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return moved;
}

// ---- Activity ----

/** A sign-in (a new session): the account is in use, and a notice it had is spent. */
export async function recordSignIn(db: Db, userId: string, now: Date): Promise<void> {
  await repo.markActive(db, userId, now);
}

/**
 * Use of the app with a session. Better Auth extends a session when it is used a day or more
 * after its last extension, and that is when this runs: one cheap write a day at most.
 */
export async function recordUse(db: Db, userId: string, now: Date): Promise<void> {
  await repo.markActiveIfStale(db, userId, now, new Date(now.getTime() - DAY_MS));
}

// ---- The daily job ----

export interface RetentionDeps {
  db: Db;
  mailer: Mailer;
  /** Where the notice's sign-in link points. */
  appUrl: string;
  logger?: FastifyBaseLogger;
}

/** When an account last active at `lastActiveAt` and warned at `noticeAt` is deleted. */
export function inactivityDeletionDate(lastActiveAt: Date, noticeAt: Date): Date {
  const byInactivity = addMonths(lastActiveAt, INACTIVITY_DELETION_MONTHS);
  const byNotice = new Date(noticeAt.getTime() + INACTIVITY_NOTICE_DAYS * DAY_MS);
  return byInactivity > byNotice ? byInactivity : byNotice;
}

/**
 * Warns every account 22 months inactive, once: the notice is recorded after the mail went out,
 * so a mail that fails is tried again the next day and a deletion never follows an unsent one.
 * Returns how many were warned.
 */
export async function sendInactivityNotices(deps: RetentionDeps, now: Date): Promise<number> {
  const inactiveSince = addMonths(now, -INACTIVITY_NOTICE_MONTHS);
  const signInUrl = new URL("/auth", deps.appUrl).toString();
  let sent = 0;
  for (const user of await repo.findUsersDueForNotice(deps.db, inactiveSince)) {
    try {
      await deps.mailer.send(
        inactivityNoticeMail({
          to: user.email,
          fullName: user.fullName,
          lastActiveAt: user.lastActiveAt,
          deletionDate: inactivityDeletionDate(user.lastActiveAt, now),
          signInUrl,
        }),
      );
    } catch (error) {
      deps.logger?.error({ err: error, userId: user.id }, "inactivity notice not sent");
      continue;
    }
    if (await repo.markNoticeSent(deps.db, user.id, inactiveSince, now)) {
      sent += 1;
      deps.logger?.info({ userId: user.id }, "inactivity notice sent");
    }
  }
  return sent;
}

/**
 * Starts the deletion of every account 24 months inactive whose notice went out 60 days or more
 * ago, as "Delete my account" does: recoverable by signing in for 30 days, then purged by the
 * account purge job. Each account is re-checked under its row lock, so a sign-in that comes in
 * meanwhile wins. Returns how many deletions started.
 */
export async function deleteInactiveAccounts(
  db: Db,
  now: Date,
  logger?: FastifyBaseLogger,
): Promise<number> {
  const inactiveSince = addMonths(now, -INACTIVITY_DELETION_MONTHS);
  const noticedBefore = new Date(now.getTime() - INACTIVITY_NOTICE_DAYS * DAY_MS);
  let started = 0;
  for (const userId of await repo.findUsersDueForDeletion(db, inactiveSince, noticedBefore)) {
    const due = await db.transaction(async (tx) => {
      if (!(await repo.lockUserDueForDeletion(tx, userId, inactiveSince, noticedBefore))) {
        return false;
      }
      await beginDeletion(tx, userId, now);
      return true;
    });
    if (due) {
      started += 1;
      logger?.info({ userId }, "inactive account scheduled for deletion");
    }
  }
  return started;
}

/** Removes the billing records older than 7 years (from the provider's event date). */
export async function purgeExpiredBillingRecords(
  db: Db,
  now: Date,
  logger?: FastifyBaseLogger,
): Promise<number> {
  const cutoff = addMonths(now, -12 * BILLING_RECORD_RETENTION_YEARS);
  const purged = await repo.deleteBillingRecordsBefore(db, cutoff);
  if (purged > 0) logger?.info({ purged }, "billing records past 7 years removed");
  return purged;
}

export interface RetentionRun {
  noticesSent: number;
  deletionsStarted: number;
  billingRecordsPurged: number;
}

/** One day's run of the retention job. */
export async function runRetention(deps: RetentionDeps, now: Date): Promise<RetentionRun> {
  const deletionsStarted = await deleteInactiveAccounts(deps.db, now, deps.logger);
  const noticesSent = await sendInactivityNotices(deps, now);
  const billingRecordsPurged = await purgeExpiredBillingRecords(deps.db, now, deps.logger);
  return { noticesSent, deletionsStarted, billingRecordsPurged };
}
