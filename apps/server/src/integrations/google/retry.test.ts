import { describe, expect, it } from "vitest";
import { GoogleError } from "./errors.ts";
import {
  backoffDelay,
  parseRetryAfter,
  retryPolicy,
  TransientFailure,
  withRetry,
} from "./retry.ts";

const unavailable = () => new GoogleError("GOOGLE_UNAVAILABLE", "Google is unavailable");

function recordingPolicy(options: Parameters<typeof retryPolicy>[0] = {}) {
  const waits: number[] = [];
  const policy = retryPolicy({
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.999_999,
    ...options,
  });
  return { policy, waits };
}

describe("backoffDelay", () => {
  it("waits a random time below min(cap, base * 2^n): full jitter", () => {
    const top = retryPolicy({ random: () => 0.999_999 });
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(top, n))).toEqual([
      499, 999, 1999, 3999, 7999, 7999,
    ]);
    expect(backoffDelay(retryPolicy({ random: () => 0 }), 3)).toBe(0);
    expect(backoffDelay(retryPolicy({ random: () => 0.5 }), 1)).toBe(500);
  });
});

describe("withRetry", () => {
  it("sends again after transient failures and returns the first success", async () => {
    const { policy, waits } = recordingPolicy();
    let calls = 0;
    const result = await withRetry(policy, async () => {
      calls++;
      if (calls < 3) throw new TransientFailure(unavailable());
      return "ok";
    });
    expect(result).toBe("ok");
    expect(waits).toEqual([499, 999]);
  });

  it("gives up with the final error after the last attempt", async () => {
    const { policy, waits } = recordingPolicy({ maxAttempts: 3 });
    let calls = 0;
    const failing = withRetry(policy, async () => {
      calls++;
      throw new TransientFailure(unavailable());
    });
    await expect(failing).rejects.toMatchObject({ code: "GOOGLE_UNAVAILABLE" });
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it("gives up when the next wait would pass the total delay budget", async () => {
    const { policy, waits } = recordingPolicy({ maxAttempts: 10, maxTotalDelayMs: 2_000 });
    await expect(
      withRetry(policy, async () => {
        throw new TransientFailure(unavailable());
      }),
    ).rejects.toBeInstanceOf(GoogleError);
    expect(waits).toEqual([499, 999]);
  });

  it("waits at least the server's Retry-After", async () => {
    const { policy, waits } = recordingPolicy({ random: () => 0 });
    let calls = 0;
    await withRetry(policy, async () => {
      if (calls++ === 0) throw new TransientFailure(unavailable(), 1_500);
      return true;
    });
    expect(waits).toEqual([1_500]);
  });

  it("does not retry other errors", async () => {
    const { policy, waits } = recordingPolicy();
    const denied = new GoogleError("GOOGLE_PERMISSION_DENIED", "no");
    await expect(
      withRetry(policy, async () => {
        throw denied;
      }),
    ).rejects.toBe(denied);
    expect(waits).toEqual([]);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    const now = new Date("2026-11-20T10:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3_000);
    expect(parseRetryAfter("Fri, 20 Nov 2026 10:00:05 GMT", now)).toBe(5_000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});
