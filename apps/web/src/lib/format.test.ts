import { describe, expect, it } from "vitest";
import { formatPercentDown } from "./format";

describe("formatPercentDown", () => {
  it("shows whole percents, rounded down so a sample never reads as all of the data", () => {
    expect(formatPercentDown(0.25)).toBe("25%");
    expect(formatPercentDown(0.2468)).toBe("24%");
    expect(formatPercentDown(0.29)).toBe("29%");
    expect(formatPercentDown(0.9996)).toBe("99%");
    expect(formatPercentDown(1)).toBe("100%");
  });

  it("keeps two decimals under one percent, so a tiny sample is not shown as 0%", () => {
    expect(formatPercentDown(0.0034)).toBe("0.34%");
    expect(formatPercentDown(0.00005)).toBe("0%");
  });
});
