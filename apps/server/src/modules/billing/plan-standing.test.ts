import { describe, expect, it } from "vitest";
import {
  downgradeDate,
  effectivePlan,
  effectiveTier,
  type PlanStanding,
  paymentGrace,
} from "./plan-standing.ts";

const DAY = 86_400_000;
const NOW = new Date("2026-03-10T12:00:00.000Z");
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY);

function standing(overrides: Partial<PlanStanding> = {}): PlanStanding {
  return { tier: "advanced", status: "active", paymentFailedAt: null, ...overrides };
}

describe("effectiveTier", () => {
  it("is the subscription's tier while it is active", () => {
    expect(effectiveTier(standing(), NOW)).toBe("advanced");
    expect(effectiveTier(standing({ tier: "free" }), NOW)).toBe("free");
  });

  it("is Free with no subscription, or one that ended or paused", () => {
    expect(effectiveTier(null, NOW)).toBe("free");
    expect(effectiveTier(undefined, NOW)).toBe("free");
    for (const status of ["cancelled", "expired", "paused", "on_hold"]) {
      expect(effectiveTier(standing({ status }), NOW)).toBe("free");
    }
  });

  it("keeps the paid tier for 7 days after a failed payment, then Free (spec §9)", () => {
    const failed = (days: number) =>
      standing({ status: "on_hold", paymentFailedAt: daysBefore(days) });
    expect(effectiveTier(failed(0), NOW)).toBe("advanced");
    expect(effectiveTier(failed(6.99), NOW)).toBe("advanced");
    expect(effectiveTier(failed(7), new Date(NOW.getTime() - 1))).toBe("advanced");
    expect(effectiveTier(failed(7), NOW)).toBe("free");
    expect(effectiveTier(failed(8), NOW)).toBe("free");
    expect(effectiveTier({ ...failed(2), status: "past_due" }, NOW)).toBe("advanced");
  });

  it("ends the grace exactly when the downgrade job moves the account", () => {
    const failedAt = daysBefore(3);
    const end = downgradeDate(failedAt);
    expect(end.toISOString()).toBe("2026-03-14T12:00:00.000Z");
    const failing = standing({ status: "on_hold", paymentFailedAt: failedAt });
    expect(effectiveTier(failing, new Date(end.getTime() - 1))).toBe("advanced");
    expect(effectiveTier(failing, end)).toBe("free");
  });
});

describe("effectivePlan", () => {
  it("sells what the paid plan sells during the grace, and Free's after it", () => {
    const failing = standing({ status: "on_hold", paymentFailedAt: daysBefore(6) });
    expect(effectivePlan(failing, NOW)).toMatchObject({
      tier: "advanced",
      scanFrequencies: ["daily", "weekly"],
      alertChannels: ["email", "slack", "webhook"],
      csvExports: true,
      apiAccess: true,
    });
    expect(effectivePlan(failing, new Date(NOW.getTime() + 2 * DAY))).toMatchObject({
      tier: "free",
      scanFrequencies: ["monthly"],
      alertChannels: [],
      csvExports: false,
      apiAccess: false,
    });
  });
});

describe("paymentGrace", () => {
  it("says when the payment failed and when the plan ends", () => {
    const failing = standing({
      tier: "agency",
      status: "on_hold",
      paymentFailedAt: new Date("2026-03-04T09:30:00.000Z"),
    });
    expect(paymentGrace(failing)).toEqual({
      tier: "agency",
      failedAt: "2026-03-04T09:30:00.000Z",
      endsAt: "2026-03-11T09:30:00.000Z",
    });
  });

  it("is null when nothing failed, or on Free", () => {
    expect(paymentGrace(standing())).toBeNull();
    expect(paymentGrace(null)).toBeNull();
    expect(paymentGrace(standing({ tier: "free", paymentFailedAt: daysBefore(1) }))).toBeNull();
  });
});
