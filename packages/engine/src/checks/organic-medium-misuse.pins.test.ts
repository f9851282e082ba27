import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { organicMediumMisuse } from "./organic-medium-misuse.ts";

/** Issue 20: how organic-medium-misuse reads mediums and keys sources. */

describe("organic-medium-misuse edges", () => {
  it("trims the medium and folds sources by their trimmed lower-case spelling", () => {
    const result = runOn(organicMediumMisuse, [
      utmRow("facebook", " organic ", "spring", 10),
      utmRow("Facebook ", "organic", "spring", 5),
    ]);
    expect(findingKeys(result)).toEqual(["source:facebook"]);
    expect(result.findings[0]?.affectedSessions).toBe(15);
    expect(result.findings[0]?.field).toBe("sessionManualMedium");
  });
});

describe("organic-medium-misuse title", () => {
  it("lists every channel the sessions were filed in", () => {
    const result = runOn(organicMediumMisuse, [
      utmRow("facebook", "organic", "spring", 10, { sessionDefaultChannelGroup: "Organic Social" }),
      utmRow("facebook", "organic", "summer", 5, { sessionDefaultChannelGroup: "Organic Search" }),
    ]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "facebook is tagged utm_medium=organic, which GA4 reserves for search (filed as Organic Social, Organic Search)",
    ]);
  });
});
