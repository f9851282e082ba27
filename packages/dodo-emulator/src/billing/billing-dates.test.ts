import { describe, expect, it } from "vitest";
import { addMonths } from "./billing-dates.ts";

describe("addMonths", () => {
  it("keeps the day and time of the anchor", () => {
    expect(addMonths(new Date("2025-03-10T08:30:00.000Z"), 1).toISOString()).toBe(
      "2025-04-10T08:30:00.000Z",
    );
  });

  it("falls back to the last day of a shorter month without drifting afterwards", () => {
    const anchor = new Date("2025-01-31T12:00:00.000Z");
    expect(addMonths(anchor, 1).toISOString()).toBe("2025-02-28T12:00:00.000Z");
    expect(addMonths(anchor, 2).toISOString()).toBe("2025-03-31T12:00:00.000Z");
    expect(addMonths(new Date("2024-01-31T00:00:00.000Z"), 1).toISOString()).toBe(
      "2024-02-29T00:00:00.000Z",
    );
  });

  it("crosses the year end", () => {
    expect(addMonths(new Date("2025-12-15T00:00:00.000Z"), 1).toISOString()).toBe(
      "2026-01-15T00:00:00.000Z",
    );
  });
});
