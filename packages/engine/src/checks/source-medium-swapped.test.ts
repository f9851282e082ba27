import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { sourceMediumSwapped } from "./source-medium-swapped.ts";

describe("source-medium-swapped", () => {
  it("flags a channel type in the source with a platform in the medium", () => {
    const result = runOn(sourceMediumSwapped, [
      utmRow("cpc", "google", "brand_search", 300),
      utmRow("cpc", "google", "generic_search", 100),
      utmRow("email", "mailchimp", "may_2025", 50),
      utmRow("Social", "Facebook", "spring_sale", 25),
      utmRow("google", "cpc", "brand_search", 900),
    ]);
    expect(findingKeys(result)).toEqual([
      "pair:cpc|google",
      "pair:email|mailchimp",
      "pair:social|facebook",
    ]);
    const google = result.findings.find((f) => f.key === "pair:cpc|google");
    expect(google?.values).toEqual(["cpc", "google"]);
    expect(google?.affectedSessions).toBe(400);
    expect(google?.title).toContain('"google / cpc"');
    expect(result.affectedSessions).toBe(475);
  });

  it("passes correct pairs and sources that are legitimately not platforms", () => {
    const result = runOn(sourceMediumSwapped, [
      utmRow("google", "cpc", "brand"),
      utmRow("mailchimp", "email", "may_2025"),
      utmRow("facebook", "social", "spring_sale"),
      // Google's own example uses newsletter as a source.
      utmRow("newsletter", "mailchimp", "may_2025"),
      utmRow("email", "newsletter", "may_2025"),
      utmRow("social", "organic_post", "spring_sale"),
      utmRow("(direct)", "(none)", "(direct)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a medium dimension", () => {
    const result = runOn(sourceMediumSwapped, [{ sessionSource: "cpc", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualMedium or sessionMedium");
  });
});
