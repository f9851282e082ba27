import type { SubscriptionTier } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import {
  dueSlot,
  effectiveFrequency,
  latestSlot,
  nextSlot,
  type ScheduleCandidate,
  slotOffsetMs,
} from "./schedule-slots.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ID = "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b";

describe("effectiveFrequency", () => {
  const NOW = new Date("2026-03-10T12:00:00.000Z");
  const on = (tier: SubscriptionTier, status = "active", paymentFailedAt: Date | null = null) => ({
    tier,
    status,
    paymentFailedAt,
  });

  it("gives each plan its default (spec §9)", () => {
    const of = (tier: SubscriptionTier) => effectiveFrequency(on(tier), null, NOW);
    expect([of("free"), of("pro"), of("advanced"), of("agency")]).toEqual([
      "monthly",
      "daily",
      "daily",
      "daily",
    ]);
  });

  it("honours weekly on a paid plan and ignores what the plan does not offer", () => {
    expect(effectiveFrequency(on("pro"), "weekly", NOW)).toBe("weekly");
    expect(effectiveFrequency(on("free"), "daily", NOW)).toBe("monthly");
    expect(effectiveFrequency(on("agency"), "monthly", NOW)).toBe("daily");
  });

  it("scans at the Free cadence without an active subscription", () => {
    expect(effectiveFrequency(on("pro", "past_due"), null, NOW)).toBe("monthly");
    expect(effectiveFrequency(on("pro", "cancelled"), "weekly", NOW)).toBe("monthly");
    expect(effectiveFrequency(null, "daily", NOW)).toBe("monthly");
  });

  it("keeps the paid cadence for 7 days after a failed payment, then Free's (spec §9)", () => {
    const failed = (daysAgo: number) =>
      on("advanced", "on_hold", new Date(NOW.getTime() - daysAgo * DAY));
    expect(effectiveFrequency(failed(6), null, NOW)).toBe("daily");
    expect(effectiveFrequency(failed(6), "weekly", NOW)).toBe("weekly");
    expect(effectiveFrequency(failed(7), null, new Date(NOW.getTime() - 1))).toBe("daily");
    expect(effectiveFrequency(failed(7), null, NOW)).toBe("monthly");
    expect(effectiveFrequency(failed(8), "weekly", NOW)).toBe("monthly");
  });
});

describe("latestSlot", () => {
  it("is a stable time of day, daily", () => {
    const offset = slotOffsetMs(ID, "daily");
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThan(DAY);
    const monday = Date.UTC(2026, 10, 16);
    const slot = latestSlot(ID, "daily", new Date(monday + DAY + offset));
    expect(slot.getTime()).toBe(monday + DAY + offset);
    // A moment before today's slot, the latest is yesterday's.
    expect(latestSlot(ID, "daily", new Date(monday + DAY + offset - 1)).getTime()).toBe(
      monday + offset,
    );
  });

  it("falls in the ISO week, weekly, and in the first 28 days of the month, monthly", () => {
    const weekly = latestSlot(ID, "weekly", new Date("2026-11-22T23:59:59Z"));
    expect(weekly.getTime()).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 16));
    expect(weekly.getTime()).toBeLessThan(Date.UTC(2026, 10, 23));
    const monthly = latestSlot(ID, "monthly", new Date("2026-03-31T23:59:59Z"));
    expect(monthly.getTime()).toBeGreaterThanOrEqual(Date.UTC(2026, 2, 1));
    expect(monthly.getTime()).toBeLessThan(Date.UTC(2026, 2, 29));
    // Early in a month before the slot: last month's, in February's 28 days.
    const early = latestSlot(ID, "monthly", new Date("2026-03-01T00:00:00Z"));
    expect(early.getUTCMonth()).toBe(1);
  });

  it("spreads many properties over the day", () => {
    const hours = new Array<number>(24).fill(0);
    for (let i = 0; i < 2400; i++) {
      const id = `00000000-0000-4000-8000-${i.toString().padStart(12, "0")}`;
      const hour = Math.floor(slotOffsetMs(id, "daily") / HOUR);
      hours[hour] = (hours[hour] ?? 0) + 1;
    }
    // 100 expected per hour; a clump at one time would show far above.
    expect(Math.max(...hours)).toBeLessThan(160);
    expect(Math.min(...hours)).toBeGreaterThan(50);
  });
});

describe("nextSlot", () => {
  it("is the first slot after now, at every cadence", () => {
    for (const frequency of ["daily", "weekly", "monthly"] as const) {
      for (const now of [
        new Date("2026-11-23T23:40:00Z"),
        new Date("2026-02-27T12:00:00Z"),
        new Date("2026-12-31T23:59:59Z"),
      ]) {
        const next = nextSlot(ID, frequency, now);
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        // The latest slot at that moment is that slot, and just before it, one at or before now.
        expect(latestSlot(ID, frequency, next).getTime()).toBe(next.getTime());
        expect(
          latestSlot(ID, frequency, new Date(next.getTime() - 1)).getTime(),
        ).toBeLessThanOrEqual(now.getTime());
      }
    }
  });
});

describe("dueSlot", () => {
  const now = new Date("2026-11-18T12:00:00Z");
  const base: ScheduleCandidate = {
    dataSourceId: ID,
    createdAt: new Date("2026-10-01T00:00:00Z"),
    frequency: "daily",
    lastScheduledScanAt: null,
    lastScanAt: null,
  };
  const slot = latestSlot(ID, "daily", now);

  it("owes the latest slot once, and nothing for slots before the property was connected", () => {
    expect(dueSlot(base, now)).toEqual(slot);
    expect(dueSlot({ ...base, lastScheduledScanAt: slot }, now)).toBeNull();
    expect(dueSlot({ ...base, createdAt: new Date(slot.getTime() + 1) }, now)).toBeNull();
  });

  it("counts a scan of any kind since the slot", () => {
    expect(dueSlot({ ...base, lastScanAt: new Date(slot.getTime() + 1) }, now)).toBeNull();
    expect(dueSlot({ ...base, lastScanAt: new Date(slot.getTime() - 1) }, now)).toEqual(slot);
  });

  it("owes one scan after downtime, not one per missed slot", () => {
    const weekAgo = new Date(slot.getTime() - 7 * DAY);
    expect(dueSlot({ ...base, lastScheduledScanAt: weekAgo }, now)).toEqual(slot);
  });
});
