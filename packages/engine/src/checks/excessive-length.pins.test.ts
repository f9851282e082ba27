import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { excessiveLength } from "./excessive-length.ts";

/** Issue 20: the length limits of excessive-length, on both sides, in characters. */

const campaign = (value: string) => runOn(excessiveLength, [utmRow("newsletter", "email", value)]);

describe("excessive-length limits", () => {
  it("allows 100 characters in a campaign, not 101", () => {
    expect(campaign("a".repeat(100)).status).toBe("passed");
    expect(findingKeys(campaign("a".repeat(101)))).toEqual([`campaign:${"a".repeat(101)}`]);
  });

  it("counts an emoji as one character", () => {
    expect(campaign("🎉".repeat(60)).status).toBe("passed");
    expect(campaign(`${"a".repeat(99)}🎉`).status).toBe("passed");
  });

  it("keys a value by its trimmed lower-case form", () => {
    const result = campaign(` ${"A".repeat(101)}`);
    expect(findingKeys(result)).toEqual([`campaign:${"a".repeat(101)}`]);
    expect(result.findings[0]?.field).toBe("sessionManualCampaignName");
  });

  it("quotes a value of up to 100 characters whole, and cuts a longer one at 100", () => {
    const source = (value: string) =>
      runOn(excessiveLength, [utmRow(value, "email", "spring_sale")]).findings[0]?.title;
    expect(source("s".repeat(100))).toBe(
      `utm_source value is 100 characters long (limit 50): '${"s".repeat(100)}'`,
    );
    expect(source("s".repeat(101))).toBe(
      `utm_source value is 101 characters long (limit 50): '${"s".repeat(100)}…'`,
    );
    expect(source(`${"s".repeat(99)}🎉`)).toBe(
      `utm_source value is 100 characters long (limit 50): '${"s".repeat(99)}🎉'`,
    );
  });
});
