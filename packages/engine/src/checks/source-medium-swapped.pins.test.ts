import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { sourceMediumSwapped } from "./source-medium-swapped.ts";

/** Issue 20: the shortest medium source-medium-swapped reads as a platform, and its keys. */

describe("source-medium-swapped edges", () => {
  it("reads a platform of two letters, never of one", () => {
    expect(findingKeys(runOn(sourceMediumSwapped, [utmRow("social", "fb", "spring")]))).toEqual([
      "pair:social|fb",
    ]);
    expect(runOn(sourceMediumSwapped, [utmRow("social", "x", "spring")]).status).toBe("passed");
    expect(runOn(sourceMediumSwapped, [utmRow("social", " x ", "spring")]).status).toBe("passed");
  });

  it("keys a pair by its trimmed lower-case spelling", () => {
    const result = runOn(sourceMediumSwapped, [utmRow("Social ", "Facebook ", "spring", 7)]);
    expect(findingKeys(result)).toEqual(["pair:social|facebook"]);
    expect(result.findings[0]?.values).toEqual(["Social ", "Facebook "]);
    expect(result.findings[0]?.field).toBe("sessionManualSource");
  });
});
