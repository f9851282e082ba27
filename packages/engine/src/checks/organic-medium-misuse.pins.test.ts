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
