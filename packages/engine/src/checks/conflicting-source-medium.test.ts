import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { conflictingSourceMedium } from "./conflicting-source-medium.ts";

describe("conflicting-source-medium", () => {
  it("flags one campaign on one source tagged as paid and as organic", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("facebook", "cpc", "spring_sale", 400),
      utmRow("facebook", "social", "spring_sale", 60),
      utmRow("Facebook", "Social", "Spring_Sale", 40),
      utmRow("facebook", "social", "summer_launch", 300),
    ]);
    expect(findingKeys(result)).toEqual(["source:facebook|campaign:spring_sale"]);
    const finding = result.findings[0];
    expect(finding?.values).toEqual(["cpc", "social", "Social"]);
    expect(finding?.affectedSessions).toBe(500);
    expect(finding?.title).toContain("Paid Social (cpc)");
    expect(finding?.title).toContain("Organic Social (social)");
  });

  it("flags a paid medium next to one that leaves the campaign in Unassigned", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("criteo", "cpc", "retargeting_q3", 200),
      utmRow("criteo", "sponsored", "retargeting_q3", 50),
    ]);
    expect(findingKeys(result)).toEqual(["source:criteo|campaign:retargeting_q3"]);
    expect(result.findings[0]?.values).toEqual(["cpc", "sponsored"]);
    expect(result.affectedSessions).toBe(250);
  });

  it("passes different campaigns, mediums of one family and owned channels", () => {
    const result = runOn(conflictingSourceMedium, [
      // Ads and organic search are different campaigns.
      utmRow("google", "cpc", "brand"),
      utmRow("google", "organic", "(organic)"),
      // Paid and organic posts under different campaign names.
      utmRow("facebook", "paid_social", "spring_sale"),
      utmRow("facebook", "social", "spring_sale_organic"),
      // Two paid mediums of one campaign stay paid.
      utmRow("facebook", "cpc", "black_friday"),
      utmRow("facebook", "paid_social", "black_friday"),
      utmRow("criteo", "cpm", "retargeting_q3"),
      utmRow("criteo", "cpc", "retargeting_q3"),
      // A messaging tool sending one campaign by email and SMS.
      utmRow("klaviyo", "email", "welcome_flow"),
      utmRow("klaviyo", "sms", "welcome_flow"),
      // Years and quarters are different campaigns.
      utmRow("facebook", "cpc", "spring_sale_2024"),
      utmRow("facebook", "social", "spring_sale_2025"),
      // No campaign to compare.
      utmRow("facebook", "cpc", "(not set)"),
      utmRow("facebook", "social", "(not set)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("leaves natural mediums and platform mediums to their own checks", () => {
    const result = runOn(conflictingSourceMedium, [
      utmRow("facebook", "cpc", "spring_sale"),
      utmRow("facebook", "referral", "spring_sale"),
      utmRow("partner", "cpc", "spring_sale"),
      utmRow("partner", "facebook", "spring_sale"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a campaign dimension", () => {
    const result = runOn(conflictingSourceMedium, [
      { sessionSource: "facebook", sessionMedium: "cpc", sessions: 5 },
    ]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualCampaignName or sessionCampaignName");
  });
});
