import { describe, expect, it } from "vitest";
import { displayedProgress } from "./audit-progress";

describe("displayedProgress", () => {
  it("starts at 10% and climbs 10 every 500 ms while the server reports nothing", () => {
    expect(displayedProgress(0, 0)).toBe(10);
    expect(displayedProgress(0, 499)).toBe(10);
    expect(displayedProgress(0, 500)).toBe(20);
    expect(displayedProgress(0, 2_000)).toBe(50);
  });

  it("stops climbing at 90% until the audit ends", () => {
    expect(displayedProgress(0, 4_000)).toBe(90);
    expect(displayedProgress(0, 60_000)).toBe(90);
  });

  it("follows the server once it is ahead", () => {
    expect(displayedProgress(70, 500)).toBe(70);
    expect(displayedProgress(95, 60_000)).toBe(95);
    expect(displayedProgress(120, 0)).toBe(100);
  });
});
