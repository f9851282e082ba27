import { describe, expect, it } from "vitest";
import { formatRate, isErrorRateAlarming } from "./error-rate";

describe("the scan error rate", () => {
  it("is alarming only above 5% (spec §9)", () => {
    expect(isErrorRateAlarming(null)).toBe(false);
    expect(isErrorRateAlarming(0)).toBe(false);
    expect(isErrorRateAlarming(0.05)).toBe(false);
    expect(isErrorRateAlarming(0.0501)).toBe(true);
    expect(isErrorRateAlarming(1)).toBe(true);
  });

  it("reads as a percentage with at most one decimal", () => {
    expect(formatRate(null)).toBe("No scans");
    expect(formatRate(0)).toBe("0%");
    expect(formatRate(0.05)).toBe("5%");
    expect(formatRate(1 / 3)).toBe("33.3%");
  });
});
