import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { newValuesSinceLastScan } from "./new-values-since-last-scan.ts";

const previousValues = {
  source: ["google", "facebook", "newsletter"],
  medium: ["cpc", "paid_social", "email"],
  campaign: ["spring_sale_2024", "q3_brand", "weekly_digest"],
};

describe("new-values-since-last-scan", () => {
  it("lists new values per parameter, busiest first", () => {
    const result = runOn(
      newValuesSinceLastScan,
      [
        utmRow("google", "cpc", "q3_brand", 900),
        utmRow("Facebook", "paid_social", "weekly_digest", 40),
        utmRow("fb", "paid_social", "weekly_digest", 15),
        utmRow("newsletter", "e-mail", "weekly_digest", 25),
      ],
      { previousValues },
    );
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["medium", "source"]);
    const source = result.findings.find((f) => f.key === "source");
    expect(source?.values).toEqual(["Facebook", "fb"]);
    expect(source?.title).toBe("2 new utm_source values since the last scan: 'Facebook', 'fb'");
    expect(source?.affectedSessions).toBe(55);
    const medium = result.findings.find((f) => f.key === "medium");
    expect(medium?.title).toBe("1 new utm_medium value since the last scan: 'e-mail'");
  });

  it("treats a new edition of a known campaign as cadence, not news", () => {
    const result = runOn(
      newValuesSinceLastScan,
      [
        utmRow("newsletter", "email", "spring_sale_2025", 300),
        utmRow("google", "cpc", "q4_brand", 200),
        utmRow("newsletter", "email", "black_friday", 80),
      ],
      { previousValues },
    );
    expect(findingKeys(result)).toEqual(["campaign"]);
    expect(result.findings[0]?.values).toEqual(["black_friday"]);
  });

  it("passes when nothing is new and ignores GA4 placeholders", () => {
    const result = runOn(
      newValuesSinceLastScan,
      [
        utmRow("google", "cpc", "q3_brand"),
        utmRow("(direct)", "(none)", "(not set)"),
        utmRow("google", "organic", "(organic)"),
      ],
      { previousValues: { source: ["google"], medium: ["cpc"], campaign: ["q3_brand"] } },
    );
    expect(result.status).toBe("passed");
  });

  it("only compares the parameters the previous scan recorded", () => {
    const result = runOn(newValuesSinceLastScan, [utmRow("tiktok", "paid_social", "launch")], {
      previousValues: { medium: ["paid_social"] },
    });
    expect(result.status).toBe("passed");
  });

  it("leaves untagged referral and organic sources out when only session dimensions exist", () => {
    const result = runOn(
      newValuesSinceLastScan,
      [
        { sessionSource: "news.ycombinator.com", sessionMedium: "referral", sessions: 50 },
        { sessionSource: "duckduckgo", sessionMedium: "organic", sessions: 30 },
      ],
      { previousValues: { source: ["google"] } },
    );
    expect(result.status).toBe("passed");
  });

  it("is skipped without a previous scan", () => {
    const result = runOn(newValuesSinceLastScan, [utmRow("google", "cpc", "brand")]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("no previous scan to compare with");
  });

  it("is skipped when the previous scan has none of the parameters in the data", () => {
    const result = runOn(
      newValuesSinceLastScan,
      [{ sessionSource: "google", sessionMedium: "cpc", sessions: 10 }],
      { previousValues: { campaign: ["brand"] } },
    );
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe(
      "the previous scan has no values for the parameters in this data",
    );
  });
});
