import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { whitespaceInValue } from "./whitespace-in-value.ts";

/** Issue 20: when whitespace-in-value raises a finding to critical. */

describe("whitespace-in-value severity", () => {
  it("is critical when trimming changes the channel of any of the value's rows", () => {
    const result = runOn(whitespaceInValue, [
      utmRow("community_post", "social  media", "spring_sale", 10),
      utmRow("facebook", "social  media", "spring_sale", 10),
    ]);
    expect(findingKeys(result)).toEqual(["medium:social media"]);
    expect(result.findings[0]?.severity).toBe("critical");
  });
});
