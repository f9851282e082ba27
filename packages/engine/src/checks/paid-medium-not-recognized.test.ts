import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { paidMediumNotRecognized } from "./paid-medium-not-recognized.ts";

describe("paid-medium-not-recognized", () => {
  it("flags paid-looking mediums that miss GA4's paid pattern, one finding per medium", () => {
    const result = runOn(paidMediumNotRecognized, [
      utmRow("facebook", "facebook-ads", "spring_sale_2025", 300),
      utmRow("facebook", "FacebookAds", "spring_sale_2025", 20),
      utmRow("linkedin", "social_paid", "b2b_q2", 60),
      utmRow("google", "google_ads", "brand", 90),
      utmRow("newsletter-partner", "sponsored", "may_2025", 25),
      utmRow("criteo", "remarketing", "cart_recovery", 40),
      utmRow("bing", "sem", "brand", 35),
      utmRow("facebook", "boosted", "launch", 15),
      utmRow("news-site.com", "ads", "launch", 10),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("critical");
    expect(findingKeys(result)).toEqual([
      "medium:ads",
      "medium:boosted",
      "medium:facebook-ads",
      "medium:facebookads",
      "medium:google_ads",
      "medium:remarketing",
      "medium:sem",
      "medium:social_paid",
      "medium:sponsored",
    ]);
    const facebook = result.findings.find((f) => f.key === "medium:facebook-ads");
    expect(facebook?.title).toBe(
      "utm_medium 'facebook-ads' is not counted as paid by GA4 (use paid_social)",
    );
    expect(facebook?.values).toEqual(["facebook-ads"]);
    expect(facebook?.field).toBe("sessionManualMedium");
    expect(facebook?.affectedSessions).toBe(300);
    expect(result.findings.find((f) => f.key === "medium:google_ads")?.title).toContain("use cpc");
    expect(result.findings.find((f) => f.key === "medium:remarketing")?.title).toContain(
      "use retargeting",
    );
  });

  it("flags ad-platform product names people use as mediums, with the medium to use", () => {
    const mediums: [medium: string, replacement: string][] = [
      ["gdn", "display"],
      ["dsp", "display"],
      ["pla", "cpc"],
      ["dsa", "cpc"],
      ["pmax", "cpc"],
      ["demandgen", "cpc"],
      ["demand-gen", "cpc"],
      ["sem", "cpc"],
      ["sea", "cpc"],
      ["dpa", "paid_social"],
    ];
    const result = runOn(
      paidMediumNotRecognized,
      mediums.map(([medium]) => utmRow("somesite", medium, "spring_2025", 10)),
    );
    for (const [medium, replacement] of mediums) {
      const finding = result.findings.find((f) => f.key === `medium:${medium}`);
      expect(finding?.title).toBe(
        `utm_medium '${medium}' is not counted as paid by GA4 (use ${replacement})`,
      );
    }
    expect(result.findings).toHaveLength(mediums.length);
    expect(result.severity).toBe("critical");
  });

  it("names the session medium when the data has no manual one", () => {
    const result = runOn(paidMediumNotRecognized, [
      { sessionSource: "google", sessionMedium: "gdn", sessions: 12 },
    ]);
    expect(result.findings[0]?.title).toBe(
      "Session medium 'gdn' is not counted as paid by GA4 (use display)",
    );
    expect(result.findings[0]?.field).toBe("sessionMedium");
  });

  it("passes mediums GA4 already counts as paid, and ones that only look close", () => {
    const result = runOn(paidMediumNotRecognized, [
      ...[
        "cpc",
        "ppc",
        "cpm",
        "cpv",
        "paid",
        "paid_social",
        "paidsocial",
        "paid-search",
        "retargeting",
        "display",
        "banner",
        "email",
        "social",
        "organic",
        "referral",
        "affiliate",
        "leads",
        "downloads",
        "threads",
        "ad-hoc",
        "non-paid",
        "reading",
        "address",
        "season",
        "seattle",
        "plan",
        "gdpr",
      ].map((medium) => utmRow("somesite", medium, "spring_2025", 10)),
      utmRow("(not set)", "(not set)", "(not set)"),
      utmRow("(data deleted)", "(data deleted)", "(data deleted)"),
      utmRow("<Other>", "<Other>", "<Other>"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("ignores sessions GA4 still put in a paid channel", () => {
    const result = runOn(paidMediumNotRecognized, [
      utmRow("google", "ads", "Brand cross-network", 50),
      {
        sessionManualSource: "facebook",
        sessionManualMedium: "facebook-ads",
        sessionDefaultChannelGroup: "Paid Social",
        sessions: 30,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a medium dimension", () => {
    const result = runOn(paidMediumNotRecognized, [{ sessionSource: "facebook", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });
});
