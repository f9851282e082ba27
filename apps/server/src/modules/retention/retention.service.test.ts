import { describe, expect, it } from "vitest";
import { addMonths, inactivityDeletionDate } from "./retention.service.ts";

describe("the inactivity calendar", () => {
  it("moves by calendar months in UTC, a missing day becoming the month's last", () => {
    expect(addMonths(new Date("2024-03-31T23:30:00.000Z"), -1).toISOString()).toBe(
      "2024-02-29T23:30:00.000Z",
    );
    expect(addMonths(new Date("2024-02-29T08:00:00.000Z"), 24).toISOString()).toBe(
      "2026-02-28T08:00:00.000Z",
    );
    expect(addMonths(new Date("2025-01-10T12:00:00.000Z"), -22).toISOString()).toBe(
      "2023-03-10T12:00:00.000Z",
    );
  });

  it("deletes at 24 months, or 60 days after the notice when that is later", () => {
    const lastActiveAt = new Date("2023-03-01T09:00:00.000Z");
    expect(
      inactivityDeletionDate(lastActiveAt, new Date("2025-01-01T09:00:00.000Z")).toISOString(),
    ).toBe("2025-03-02T09:00:00.000Z");
    expect(
      inactivityDeletionDate(lastActiveAt, new Date("2024-12-20T09:00:00.000Z")).toISOString(),
    ).toBe("2025-03-01T09:00:00.000Z");
  });
});
