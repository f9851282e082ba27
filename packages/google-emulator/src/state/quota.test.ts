import { describe, expect, it } from "vitest";
import { dateIn, QuotaLedger, quotaLimits, windowKey } from "./quota.ts";

describe("QuotaLedger", () => {
  it("answers which bucket ran out: the project's hourly share first for one client", () => {
    let now = new Date("2026-03-10T12:05:00Z");
    const ledger = new QuotaLedger(() => now);
    const limits = quotaLimits("GOOGLE_ANALYTICS_STANDARD");
    ledger.charge("1", "app", 13_999);
    expect(ledger.exhausted("1", limits, "app")).toBeUndefined();
    ledger.charge("1", "app", 1);
    expect(ledger.exhausted("1", limits, "app")).toBe("project-hour");
    expect(ledger.exhausted("1", limits, "other-app")).toBeUndefined();
    ledger.charge("1", "other-app", 26_000);
    expect(ledger.exhausted("1", limits, "other-app")).toBe("hour");

    now = new Date("2026-03-10T13:00:00Z");
    expect(ledger.exhausted("1", limits, "app")).toBeUndefined();
    for (let hour = 13; hour < 18; hour++) {
      now = new Date(`2026-03-10T${hour}:00:00Z`);
      ledger.charge("1", `app-${hour}`, 32_000);
    }
    expect(ledger.exhausted("1", limits, "fresh")).toBe("day");
  });

  it("reports status as the Data API does, leaving out a zero consumed", () => {
    const ledger = new QuotaLedger(() => new Date("2026-03-10T12:00:00Z"));
    const limits = quotaLimits("GOOGLE_ANALYTICS_360");
    ledger.charge("1", "app", 7);
    expect(ledger.status("1", limits, "app", 7)).toEqual({
      tokensPerDay: { consumed: 7, remaining: 1_999_993 },
      tokensPerHour: { consumed: 7, remaining: 399_993 },
      concurrentRequests: { remaining: 50 },
      serverErrorsPerProjectPerHour: { remaining: 50 },
      potentiallyThresholdedRequestsPerHour: { remaining: 120 },
      tokensPerProjectPerHour: { consumed: 7, remaining: 139_993 },
    });
    expect(ledger.status("1", limits, "app", 0).tokensPerHour).toEqual({ remaining: 399_993 });
    ledger.charge("1", "app", 400_000);
    expect(ledger.status("1", limits, "app", 0).tokensPerHour).toEqual({});
  });

  it("rolls the day at midnight Pacific time (PST in winter)", () => {
    expect(windowKey("day", new Date("2026-01-10T07:59:00Z"))).toBe("2026-01-09");
    expect(windowKey("day", new Date("2026-01-10T08:00:00Z"))).toBe("2026-01-10");
    expect(dateIn("Asia/Tokyo", new Date("2026-03-10T20:00:00Z"))).toBe("2026-03-11");
  });
});
