import { describe, expect, it } from "vitest";
import { dayNumber, formatDay, localDayNumber, weekday } from "./calendar.ts";

describe("calendar", () => {
  it("counts days from 1970-01-01 and back", () => {
    expect(dayNumber("19700101")).toBe(0);
    expect(formatDay(dayNumber("20240229"))).toBe("20240229");
    expect(dayNumber("20260101") - dayNumber("20251231")).toBe(1);
  });

  it("knows the weekday", () => {
    // 2026-11-15 is a Sunday, 2026-11-18 a Wednesday.
    expect(weekday(dayNumber("20261115"))).toBe(0);
    expect(weekday(dayNumber("20261118"))).toBe(3);
  });

  it("finds the local day of an instant", () => {
    expect(formatDay(localDayNumber("2025-03-01T02:00:00Z", "America/Los_Angeles"))).toBe(
      "20250228",
    );
    expect(formatDay(localDayNumber("2025-03-01T23:30:00Z", "Asia/Tokyo"))).toBe("20250302");
  });
});
