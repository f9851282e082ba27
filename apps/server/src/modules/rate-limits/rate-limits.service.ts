import type { Db } from "../../db/client.ts";
import { RateLimitedError } from "../../lib/errors.ts";
import * as repo from "./rate-limits.repository.ts";

/**
 * Limits that hold however many API and worker processes run: every count is a row in
 * PostgreSQL (rate-limits.repository.ts), never process memory.
 */

export interface LimitRule {
  /** What is limited and for whom, e.g. `public-api:key:<id>`; one counter per key. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface LimitOutcome {
  allowed: boolean;
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
}

/** Counts one request and says whether it is within the rule. */
export async function takeFromLimit(db: Db, rule: LimitRule): Promise<LimitOutcome> {
  const { count, secondsLeft } = await repo.countRequest(db, rule.key, rule.windowSeconds);
  return {
    allowed: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetSeconds: secondsLeft,
  };
}

/**
 * Counts one request against each rule in turn and refuses at the first one spent: 429 with
 * Retry-After and the rule's own message.
 */
export async function requireWithinLimits(
  db: Db,
  rules: (LimitRule & { message: (retryAfterSeconds: number) => string })[],
): Promise<void> {
  for (const rule of rules) {
    const outcome = await takeFromLimit(db, rule);
    if (!outcome.allowed) {
      throw new RateLimitedError(rule.message(outcome.resetSeconds), outcome.resetSeconds);
    }
  }
}

/** Password sign-in: this many failures in a row are free; then 2, 4, 8 ... seconds, at most 15 minutes. */
export const SIGN_IN_BACKOFF = { freeAttempts: 5, maxWaitSeconds: 15 * 60 } as const;

/** One account, whatever the case or spaces of the address typed (Better Auth lower-cases too). */
export function signInAccountKey(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

/** Reset emails one address may be sent: 3 an hour, from any number of client addresses. */
export const PASSWORD_RESET_LIMIT = { limit: 3, windowSeconds: 60 * 60 } as const;

/** The counter of reset emails to one address, whatever its case or spaces. */
export function passwordResetKey(email: string): string {
  return `password-reset:${signInAccountKey(email)}`;
}
