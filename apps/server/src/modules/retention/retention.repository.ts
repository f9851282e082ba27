import { and, eq, isNotNull, isNull, lt, lte, ne, notExists, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { billingEvents, subscriptions, users } from "../../db/schema.ts";

/** Queries only: the user's activity, the inactivity notice and deletion, old billing records. */

/** A sign-in: the user is active now, and any inactivity notice is spent. */
export async function markActive(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: at, inactivityNoticeAt: null })
    .where(eq(users.id, userId));
}

/**
 * Use of the app: written only when the last activity is older than `staleBefore` or a notice
 * is out, so a busy user costs one write a day at most.
 */
export async function markActiveIfStale(
  db: Db,
  userId: string,
  at: Date,
  staleBefore: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: at, inactivityNoticeAt: null })
    .where(
      and(
        eq(users.id, userId),
        or(lt(users.lastActiveAt, staleBefore), isNotNull(users.inactivityNoticeAt)),
      ),
    );
}

/**
 * A paying customer is not inactive: an account whose plan is anything but Free (paid, in its
 * grace period after a failed payment, or given by an administrator) is never warned or deleted.
 */
function onFreePlan(db: Db): SQL {
  return notExists(
    db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, users.id), ne(subscriptions.tier, "free"))),
  );
}

/** Not yet warned, inactive since `inactiveSince` or longer, on Free, no deletion under way. */
function dueForNotice(db: Db, inactiveSince: Date): SQL | undefined {
  return and(
    lte(users.lastActiveAt, inactiveSince),
    isNull(users.inactivityNoticeAt),
    isNull(users.deletionRequestedAt),
    onFreePlan(db),
  );
}

export function findUsersDueForNotice(db: Db, inactiveSince: Date) {
  return db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      lastActiveAt: users.lastActiveAt,
    })
    .from(users)
    .where(dueForNotice(db, inactiveSince))
    .orderBy(users.lastActiveAt);
}

/** Records the notice, unless the user became active or was warned meanwhile. */
export async function markNoticeSent(
  db: Db,
  userId: string,
  inactiveSince: Date,
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ inactivityNoticeAt: at })
    .where(and(eq(users.id, userId), dueForNotice(db, inactiveSince)))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Inactive since `inactiveSince`, warned at or before `noticedBefore`, on Free, not deleting. */
function dueForDeletion(db: Db, inactiveSince: Date, noticedBefore: Date): SQL | undefined {
  return and(
    lte(users.lastActiveAt, inactiveSince),
    isNotNull(users.inactivityNoticeAt),
    lte(users.inactivityNoticeAt, noticedBefore),
    isNull(users.deletionRequestedAt),
    onFreePlan(db),
  );
}

export async function findUsersDueForDeletion(
  db: Db,
  inactiveSince: Date,
  noticedBefore: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(dueForDeletion(db, inactiveSince, noticedBefore))
    .orderBy(users.lastActiveAt);
  return rows.map((row) => row.id);
}

/** Locks the user's row if they are still due for deletion (a sign-in may have come in). */
export async function lockUserDueForDeletion(
  db: Db,
  userId: string,
  inactiveSince: Date,
  noticedBefore: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), dueForDeletion(db, inactiveSince, noticedBefore)))
    .for("update", { of: users });
  return rows.length === 1;
}

/** Removes the billing records that happened before `cutoff`; how many went. */
export async function deleteBillingRecordsBefore(db: Db, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(billingEvents)
    .where(lt(billingEvents.occurredAt, cutoff))
    .returning({ webhookId: billingEvents.webhookId });
  return deleted.length;
}
