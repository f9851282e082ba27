import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { campaignWithNaturalMedium } from "./campaign-with-natural-medium.ts";

describe("campaign-with-natural-medium", () => {
  it("flags campaign links tagged referral, organic or none", () => {
    const result = runOn(campaignWithNaturalMedium, [
      utmRow("partner_blog", "referral", "spring_sale", 90),
      utmRow("techcrunch", "Referral", "Spring_Sale", 10),
      utmRow("instagram", "organic", "summer_launch", 40),
      utmRow("newsletter", "none", "may_2025", 25),
      utmRow("newsletter", "email", "may_2025", 800),
    ]);
    expect(findingKeys(result)).toEqual([
      "medium:none|campaign:may_2025",
      "medium:organic|campaign:summer_launch",
      "medium:referral|campaign:spring_sale",
    ]);
    const referral = result.findings.find((f) => f.key === "medium:referral|campaign:spring_sale");
    expect(referral?.values).toEqual(["referral", "spring_sale", "Referral", "Spring_Sale"]);
    expect(referral?.affectedSessions).toBe(100);
    expect(referral?.severity).toBeUndefined();
    expect(result.severity).toBe("warning");
    expect(result.affectedSessions).toBe(165);
  });

  it("lowers a search engine tagged organic (a Business Profile link) to info", () => {
    const result = runOn(campaignWithNaturalMedium, [
      utmRow("google", "organic", "gbp_listing", 60),
    ]);
    expect(findingKeys(result)).toEqual(["medium:organic|campaign:gbp_listing"]);
    expect(result.findings[0]?.severity).toBe("info");
  });

  it("keeps warning when a campaign mixes a search engine and another source", () => {
    const result = runOn(campaignWithNaturalMedium, [
      utmRow("google", "organic", "spring_sale", 60),
      utmRow("facebook", "organic", "spring_sale", 40),
    ]);
    expect(result.findings[0]?.severity).toBeUndefined();
    expect(result.findings[0]?.affectedSessions).toBe(100);
  });

  it("never flags the campaigns GA4 writes itself", () => {
    const result = runOn(campaignWithNaturalMedium, [
      utmRow("google", "organic", "(organic)"),
      utmRow("l.facebook.com", "referral", "(referral)"),
      utmRow("(direct)", "(none)", "(direct)"),
      utmRow("news.ycombinator.com", "referral", "(not set)"),
      utmRow("partner", "affiliate", "spring_sale"),
      utmRow("facebook", "social", "spring_sale"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a campaign dimension", () => {
    const result = runOn(campaignWithNaturalMedium, [
      { sessionSource: "partner", sessionMedium: "referral", sessions: 5 },
    ]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualCampaignName or sessionCampaignName");
  });
});
