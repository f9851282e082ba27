import { describe, expect, it } from "vitest";
import { quotaExhausted } from "../http/api-errors.ts";
import { dateIn, type ExhaustedBucket, QuotaLedger, quotaLimits, windowKey } from "./quota.ts";

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

  it("refuses the request past the concurrent limit while the others are answered", () => {
    // "Standard Analytics Properties can send up to 10 concurrent requests; Analytics 360
    // Properties can use up to 50 concurrent requests." (PropertyQuota.concurrentRequests)
    const ledger = new QuotaLedger(() => new Date("2026-03-10T12:00:00Z"));
    const limits = quotaLimits("GOOGLE_ANALYTICS_STANDARD");
    for (let i = 0; i < 10; i++) ledger.begin("1");
    expect(ledger.exhausted("1", limits, "app")).toBeUndefined();
    ledger.begin("1");
    expect(ledger.exhausted("1", limits, "app")).toBe("concurrent");
    expect(ledger.exhausted("2", limits, "app")).toBeUndefined();
    expect(ledger.exhausted("1", quotaLimits("GOOGLE_ANALYTICS_360"), "app")).toBeUndefined();
    ledger.end("1");
    expect(ledger.exhausted("1", limits, "app")).toBeUndefined();
  });

  it("refuses a project's requests for the rest of the hour after its server errors", () => {
    // "Standard Analytics Properties and cloud project pairs can have up to 10 server errors per
    // hour; Analytics 360 Properties and cloud project pairs can have up to 50 server errors per
    // hour." (PropertyQuota.serverErrorsPerProjectPerHour)
    let now = new Date("2026-03-10T12:05:00Z");
    const ledger = new QuotaLedger(() => now);
    const limits = quotaLimits("GOOGLE_ANALYTICS_STANDARD");
    for (let i = 0; i < 9; i++) ledger.recordServerError("1", "app");
    expect(ledger.exhausted("1", limits, "app")).toBeUndefined();
    ledger.recordServerError("1", "app");
    expect(ledger.exhausted("1", limits, "app")).toBe("server-errors");
    expect(ledger.exhausted("1", limits, "other-app")).toBeUndefined();
    now = new Date("2026-03-10T13:00:00Z");
    expect(ledger.exhausted("1", limits, "app")).toBeUndefined();
  });

  it("refuses after 120 potentially thresholded reports in the hour, each of a batch counted", () => {
    // "Analytics Properties can send up to 120 requests with potentially thresholded dimensions
    // per hour. In a batch request, each report request is individually counted for this quota
    // if the request contains potentially thresholded dimensions."
    // (PropertyQuota.potentiallyThresholdedRequestsPerHour)
    const ledger = new QuotaLedger(() => new Date("2026-03-10T12:00:00Z"));
    const limits = quotaLimits("GOOGLE_ANALYTICS_360");
    ledger.recordThresholded("1", 115);
    expect(ledger.status("1", limits, "app", 0).potentiallyThresholdedRequestsPerHour).toEqual({
      remaining: 5,
    });
    ledger.recordThresholded("1", 4);
    expect(ledger.exhausted("1", limits, "app")).toBeUndefined();
    ledger.recordThresholded("1", 1);
    expect(ledger.exhausted("1", limits, "app")).toBe("thresholded");
  });

  it("answers every spent bucket with 429 RESOURCE_EXHAUSTED", () => {
    // "If any quota for a property is exhausted, all requests to that property will return
    // Resource Exhausted errors." (PropertyQuota)
    const buckets: ExhaustedBucket[] = [
      "day",
      "hour",
      "project-hour",
      "concurrent",
      "server-errors",
      "thresholded",
    ];
    for (const bucket of buckets) {
      expect(quotaExhausted(bucket)).toMatchObject({ code: 429, status: "RESOURCE_EXHAUSTED" });
    }
    expect(quotaExhausted("concurrent").message).toBe("Exhausted concurrent requests quota.");
    expect(new Set(buckets.map((bucket) => quotaExhausted(bucket).message)).size).toBe(6);
  });
});
