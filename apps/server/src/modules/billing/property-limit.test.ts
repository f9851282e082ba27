import { describe, expect, it } from "vitest";
import { propertyLimit } from "./property-limit.ts";

describe("propertyLimit, the one definition of data_source_limit", () => {
  it("is the plan's allowance plus the add-on properties", () => {
    const free = { tier: "free", dataSourceLimit: 1, extraProperties: 0 } as const;
    expect(propertyLimit(free, { tier: "advanced", extraProperties: 0 })).toBe(5);
    expect(propertyLimit(free, { tier: "agency", extraProperties: 3 })).toBe(28);
  });

  it("moves by exactly the add-ons bought or removed on the same tier", () => {
    const team = { tier: "advanced", dataSourceLimit: 7, extraProperties: 2 } as const;
    expect(propertyLimit(team, { tier: "advanced", extraProperties: 1 })).toBe(6);
    expect(propertyLimit(team, { tier: "advanced", extraProperties: 5 })).toBe(10);
    expect(propertyLimit(team, { tier: "advanced", extraProperties: 0 })).toBe(5);
  });

  it("keeps an administrator's larger limit on the same tier, not on another", () => {
    const granted = { tier: "agency", dataSourceLimit: 42, extraProperties: 2 } as const;
    expect(propertyLimit(granted, { tier: "agency", extraProperties: 2 })).toBe(42);
    expect(propertyLimit(granted, { tier: "agency", extraProperties: 0 })).toBe(40);
    expect(propertyLimit(granted, { tier: "advanced", extraProperties: 2 })).toBe(7);
  });
});
