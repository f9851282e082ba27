import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { paidTrafficWithoutCampaign } from "./paid-traffic-without-campaign.ts";

/** An auto-tagged click: the pair and campaign GA4 resolved, no UTMs, a click id on the URL. */
function autoTagged(
  source: string,
  medium: string,
  campaign: string,
  sessions: number,
  clickId = "gclid",
): AuditRow {
  return {
    sessionSource: source,
    sessionMedium: medium,
    sessionCampaignName: campaign,
    sessionManualSource: "(not set)",
    sessionManualMedium: "(not set)",
    sessionManualCampaignName: "(not set)",
    landingPagePlusQueryString: `/shoes?${clickId}=Cj0KCQ${sessions}`,
    sessions,
  };
}

describe("paid-traffic-without-campaign", () => {
  it("flags an auto-tagged paid pair whose campaign is (not set), critical when most of it is", () => {
    const result = runOn(paidTrafficWithoutCampaign, [
      autoTagged("google", "cpc", "(not set)", 300),
      autoTagged("google", "cpc", "brand_search_uk", 100),
      autoTagged("dbm", "cpm", "(not set)", 40, "dclid"),
      autoTagged("dbm", "cpm", "prospecting_q3", 60, "dclid"),
      utmRow("newsletter", "email", "may_2025", 500),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["pair:dbm / cpm", "pair:google / cpc"]);
    const google = result.findings.find((f) => f.key === "pair:google / cpc");
    expect(google?.title).toBe(
      "Session campaign (not set) on 75% of google / cpc sessions: is Google Ads linked to this property?",
    );
    expect(google?.values).toEqual(["google / cpc"]);
    expect(google?.field).toBe("sessionCampaignName");
    expect(google?.severity).toBe("critical");
    expect(google?.affectedSessions).toBe(300);
    const dv360 = result.findings.find((f) => f.key === "pair:dbm / cpm");
    expect(dv360?.title).toContain("is Display & Video 360 linked");
    expect(dv360?.severity).toBe("warning");
    expect(result.affectedSessions).toBe(340);
  });

  it("reads Campaign Manager 360's pair and the other ways GA4 writes no campaign", () => {
    const result = runOn(paidTrafficWithoutCampaign, [
      autoTagged("dfa", "cpm", "(cpm)", 20, "dclid"),
      autoTagged("Google", "CPC", "(not provided)", 10),
      { sessionSource: "google", sessionMedium: "cpc", sessions: 5 },
    ]);
    expect(findingKeys(result)).toEqual(["pair:dfa / cpm", "pair:google / cpc"]);
    expect(result.findings.find((f) => f.key === "pair:google / cpc")?.values).toEqual([
      "Google / CPC",
    ]);
  });

  it("stays silent when every paid session has its campaign, or only a few clicks lack one", () => {
    const result = runOn(paidTrafficWithoutCampaign, [
      autoTagged("google", "cpc", "brand_search_uk", 980),
      autoTagged("google", "cpc", "(not set)", 20),
      autoTagged("dbm", "cpm", "prospecting_q3", 60, "dclid"),
      utmRow("(direct)", "(none)", "(direct)", 400),
      utmRow("google", "organic", "(organic)", 400),
      utmRow("(not set)", "(not set)", "(not set)", 30),
      utmRow("(data deleted)", "(data deleted)", "(data deleted)", 30),
      utmRow("<Other>", "<Other>", "<Other>", 30),
    ]);
    expect(result.status).toBe("passed");
  });

  it("leaves manual google / cpc tags without utm_campaign to missing-utm-campaign", () => {
    const result = runOn(paidTrafficWithoutCampaign, [
      utmRow("google", "cpc", "(not set)", 50, {
        landingPagePlusQueryString: "/?utm_source=google&utm_medium=cpc",
      }),
      {
        sessionSource: "bing",
        sessionMedium: "cpc",
        sessionCampaignName: "(not set)",
        sessions: 9,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("counts a gclid click whose UTMs lost to auto-tagging", () => {
    const result = runOn(paidTrafficWithoutCampaign, [
      utmRow("google", "cpc", "(not set)", 30, {
        sessionManualSource: "newsletter",
        sessionManualMedium: "email",
        landingPagePlusQueryString: "/?utm_source=newsletter&utm_medium=email&gclid=Cj0",
      }),
    ]);
    expect(findingKeys(result)).toEqual(["pair:google / cpc"]);
  });

  it("is skipped without a session campaign", () => {
    const result = runOn(paidTrafficWithoutCampaign, [
      { sessionSource: "google", sessionMedium: "cpc", sessions: 5 },
    ]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionCampaignName");
  });
});
