import { setTimeout as delay } from "node:timers/promises";
import type { GoogleError } from "./errors.ts";

/**
 * Exponential backoff with full jitter (a random wait between 0 and min(cap, base * 2^n)), the
 * schedule Google's client libraries use for 5xx and RESOURCE_EXHAUSTED, within a budget of
 * attempts and of total waiting so a scan never hangs on an outage.
 */
export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** Total time spent waiting between attempts. */
  maxTotalDelayMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injected so tests run without waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1); injected so tests are deterministic. */
  random?: () => number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  maxTotalDelayMs: 20_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  sleep: (ms) => delay(ms),
  random: Math.random,
};

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return { ...DEFAULT_RETRY, ...options };
}

/** The wait before attempt `retry + 1` (retry counts from 0). */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(policy.random() * ceiling);
}

/**
 * Thrown by an attempt that may succeed if sent again. `final` is what the caller sees when the
 * budget runs out; `retryAfterMs` is the server's Retry-After, a floor for the next wait.
 */
export class TransientFailure extends Error {
  readonly final: GoogleError;
  readonly retryAfterMs: number | undefined;

  constructor(final: GoogleError, retryAfterMs?: number) {
    super(final.message);
    this.name = "TransientFailure";
    this.final = final;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Runs `attempt` until it returns, throws something other than a TransientFailure, or the budget ends. */
export async function withRetry<T>(
  policy: RetryPolicy,
  attempt: (attemptNumber: number) => Promise<T>,
): Promise<T> {
  let waited = 0;
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (!(error instanceof TransientFailure)) throw error;
      if (attemptNumber >= policy.maxAttempts) throw error.final;
      const wait = Math.max(backoffDelay(policy, attemptNumber - 1), error.retryAfterMs ?? 0);
      if (waited + wait > policy.maxTotalDelayMs) throw error.final;
      waited += wait;
      await policy.sleep(wait);
    }
  }
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}
