import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { isPlaceholder, placeholderValue } from "./placeholder-value.ts";

/** Issue 20: which values placeholder-value reads as placeholders, per parameter. */

describe("placeholder-value", () => {
  it("reads numbered test values as placeholders except in search terms", () => {
    expect(isPlaceholder("test1", "campaign")).toBe(true);
    expect(isPlaceholder("test1", "term")).toBe(false);
  });

  it("trims a value before judging it", () => {
    const result = runOn(placeholderValue, [utmRow("newsletter", "email", " undefined ")]);
    expect(findingKeys(result)).toEqual(["campaign:undefined"]);
    expect(result.findings[0]?.values).toEqual([" undefined "]);
  });
});
