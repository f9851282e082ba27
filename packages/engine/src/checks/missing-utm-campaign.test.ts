import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { missingUtmCampaign } from "./missing-utm-campaign.ts";

describe("missing-utm-campaign", () => {
  it("flags tagged email traffic without a campaign as a warning", () => {
    const result = runOn(missingUtmCampaign, [
      utmRow("newsletter", "email", "(not set)", 90),
      utmRow("newsletter", "email", "may_newsletter_2025", 300),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("warning");
    expect(findingKeys(result)).toEqual(["source:newsletter|medium:email"]);
    expect(result.findings[0]?.values).toEqual(["newsletter", "email"]);
    expect(result.findings[0]?.severity).toBe("warning");
    expect(result.affectedSessions).toBe(90);
  });

  it("raises paid traffic without a campaign to critical", () => {
    const result = runOn(missingUtmCampaign, [
      utmRow("facebook", "paid_social", "(not set)", 200),
      utmRow("Facebook", "Paid_Social", "", 20),
      utmRow("news-site.com", "banner", "(not set)", 30),
      utmRow("newsletter", "email", "(not set)", 10),
    ]);
    expect(result.severity).toBe("critical");
    const facebook = result.findings.find((f) => f.key === "source:facebook|medium:paid_social");
    expect(facebook?.severity).toBe("critical");
    expect(facebook?.affectedSessions).toBe(220);
    expect(result.findings.find((f) => f.key.includes("banner"))?.severity).toBe("critical");
    expect(result.findings.find((f) => f.key.includes("email"))?.severity).toBe("warning");
  });

  it("passes organic search, referrals, direct and campaigns identified by utm_id", () => {
    const result = runOn(missingUtmCampaign, [
      utmRow("google", "organic", "(organic)"),
      utmRow("bing", "organic", "(not set)"),
      utmRow("partner-site.com", "referral", "(referral)"),
      utmRow("(direct)", "(none)", "(direct)"),
      utmRow("(not set)", "(not set)", "(not set)"),
      utmRow("newsletter", "email", "(not set)", 50, { sessionManualCampaignId: "cmp_2025_05" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("leaves auto-tagged Google Ads clicks alone, but not a hand-tagged google / cpc link", () => {
    const autoTagged = runOn(missingUtmCampaign, [
      utmRow("google", "cpc", "(not set)", 400),
      utmRow("google", "cpc", "(not set)", 40, { landingPagePlusQueryString: "/?gclid=Cj0KCQ" }),
    ]);
    expect(autoTagged.status).toBe("passed");
    const handTagged = runOn(missingUtmCampaign, [
      utmRow("google", "cpc", "(not set)", 40, {
        landingPagePlusQueryString: "/?utm_source=google&utm_medium=cpc",
      }),
    ]);
    expect(findingKeys(handTagged)).toEqual(["source:google|medium:cpc"]);
  });

  it("is skipped without manual source and medium dimensions", () => {
    const result = runOn(missingUtmCampaign, [
      {
        sessionSource: "newsletter",
        sessionMedium: "email",
        sessionCampaignName: "x",
        sessions: 5,
      },
    ]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualSource, sessionManualMedium");
  });
});
