import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimitCounters, signInFailures } from "../../db/schema.ts";

/**
 * Counters every process shares. Each statement reads and writes its row at once (INSERT ...
 * ON CONFLICT DO UPDATE ... RETURNING), so two processes counting the same key at the same
 * moment both see the other's request. Times come from the database's clock, the one clock all
 * processes share.
 */

/** Counts one request against `key`'s current window, opening a new one when it has ended. */
export async function countRequest(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; secondsLeft: number }> {
  const expired = sql`${rateLimitCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({
      key,
      count: 1,
      windowEndsAt: sql`now() + make_interval(secs => ${windowSeconds}::int)`,
    })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimitCounters.count,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitCounters.windowEndsAt} - now())))::int`,
    });
  if (!row) throw new Error(`rate limit counter ${key} was not written`);
  return row;
}

/** Failed sign-ins are forgotten after a day without one. */
const FAILURES_FORGOTTEN_AFTER = sql`interval '1 day'`;

/**
 * Admits one password attempt for the account unless it is waiting out a back-off, counting it
 * as a failure up front: parallel guesses cannot all slip in before the first failure is written.
 * A successful sign-in clears the count (`clearSignInFailures`). Answers the seconds left to wait
 * when the attempt is refused.
 */
export async function admitSignInAttempt(
  db: Db,
  accountKey: string,
  policy: { freeAttempts: number; maxWaitSeconds: number },
): Promise<{ admitted: true } | { admitted: false; retryAfterSeconds: number }> {
  const failures = sql`case when ${signInFailures.lastFailedAt} < now() - ${FAILURES_FORGOTTEN_AFTER} then 1 else ${signInFailures.failures} + 1 end`;
  // After `freeAttempts` failures each further attempt waits 2, 4, 8 ... seconds, at most
  // `maxWaitSeconds`: a person who mistyped waits seconds, a guessing script hours for a few
  // hundred tries.
  const free = sql`${policy.freeAttempts}::int`;
  const wait = (count: typeof failures) =>
    sql`case when ${count} >= ${free} then now() + make_interval(secs => least(power(2, ${count} - ${free} + 1), ${policy.maxWaitSeconds}::int)) end`;
  const admitted = await db
    .insert(signInFailures)
    .values({ accountKey, failures: 1, lockedUntil: wait(sql`1`), lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInFailures.accountKey,
      set: { failures, lockedUntil: wait(failures), lastFailedAt: sql`now()` },
      setWhere: sql`${signInFailures.lockedUntil} is null or ${signInFailures.lockedUntil} <= now()`,
    })
    .returning({ failures: signInFailures.failures });
  if (admitted.length > 0) return { admitted: true };
  const [locked] = await db
    .select({
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from ${signInFailures.lockedUntil} - now())))::int`,
    })
    .from(signInFailures)
    .where(eq(signInFailures.accountKey, accountKey));
  return { admitted: false, retryAfterSeconds: locked?.secondsLeft ?? 1 };
}

export async function clearSignInFailures(db: Db, accountKey: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, accountKey));
}

/**
 * Forgets what can no longer limit anyone: counters whose window ended an hour ago and failed
 * sign-ins forgotten already (a day without one, so past any back-off). Without it an address
 * that never signs in successfully would keep its row for ever. Answers how many rows went.
 */
export async function pruneRateLimits(db: Db): Promise<{ counters: number; failures: number }> {
  const counters = await db
    .delete(rateLimitCounters)
    .where(sql`${rateLimitCounters.windowEndsAt} < now() - interval '1 hour'`)
    .returning({ key: rateLimitCounters.key });
  const failures = await db
    .delete(signInFailures)
    .where(
      sql`${signInFailures.lastFailedAt} < now() - ${FAILURES_FORGOTTEN_AFTER} and (${signInFailures.lockedUntil} is null or ${signInFailures.lockedUntil} < now())`,
    )
    .returning({ key: signInFailures.accountKey });
  return { counters: counters.length, failures: failures.length };
}
