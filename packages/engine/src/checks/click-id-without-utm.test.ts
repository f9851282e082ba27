import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { clickIdWithoutUtm } from "./click-id-without-utm.ts";

function visit(landing: string, source: string, medium: string, sessions: number) {
  return {
    landingPagePlusQueryString: landing,
    sessionSource: source,
    sessionMedium: medium,
    sessionManualSource: source,
    sessionManualMedium: medium,
    sessions,
  };
}

describe("click-id-without-utm", () => {
  it("flags untagged ad clicks, one finding per platform", () => {
    const result = runOn(clickIdWithoutUtm, [
      visit("/pricing?msclkid=7f3e2b1a9c", "bing", "organic", 120),
      visit("/pricing?msclkid=0c4d5e6f7a", "bing", "organic", 30),
      visit("/shoes?ttclid=E.C.P.abc123", "tiktok.com", "referral", 45),
      visit("/demo?li_fat_id=5b1c9f2e-1d2a", "(direct)", "(none)", 12),
      visit("/?twclid=2-abc9xyz", "t.co", "referral", 8),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "click-id:li_fat_id",
      "click-id:msclkid",
      "click-id:ttclid",
      "click-id:twclid",
    ]);
    const microsoft = result.findings.find((f) => f.key === "click-id:msclkid");
    expect(microsoft?.affectedSessions).toBe(150);
    expect(microsoft?.values).toEqual(["bing / organic"]);
    expect(microsoft?.title).toBe("Microsoft Advertising clicks (msclkid) arrive without UTMs");
    expect(result.severity).toBe("warning");
  });

  it("reports fbclid as information, unless Meta ad parameters show it was an ad", () => {
    const organicShare = runOn(clickIdWithoutUtm, [
      visit("/blog/post?fbclid=IwAR2x9kLm", "m.facebook.com", "referral", 70),
    ]);
    expect(findingKeys(organicShare)).toEqual(["click-id:fbclid"]);
    expect(organicShare.findings[0]?.severity).toBe("info");

    const ad = runOn(clickIdWithoutUtm, [
      visit("/blog/post?fbclid=IwAR2x9kLm", "m.facebook.com", "referral", 70),
      visit("/shoes?ad_id=23851234&adset_id=2385&fbclid=IwAR0pQ", "l.facebook.com", "referral", 9),
    ]);
    expect(ad.findings[0]?.severity).toBe("warning");
    expect(ad.findings[0]?.affectedSessions).toBe(79);
  });

  it("passes tagged clicks and Google's own click ids", () => {
    const result = runOn(clickIdWithoutUtm, [
      visit(
        "/shoes?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring&fbclid=IwAR",
        "facebook",
        "paid_social",
        300,
      ),
      visit("/?utm_source=bing&utm_medium=cpc&utm_campaign=brand&msclkid=9a8b", "bing", "cpc", 90),
      visit("/?gclid=Cj0KCQjw&gbraid=0AAAAA", "google", "cpc", 500),
      visit("/?wbraid=CjkKCQ&dclid=CJ3x", "google", "cpc", 40),
      visit("/?fbclid_ref=abc&msclkidx=1", "example.org", "referral", 3),
      { landingPagePlusQueryString: "/?gclid=Cj0KCQjw&fbclid=IwAR5", sessions: 6 },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the landing page and query string", () => {
    const result = runOn(clickIdWithoutUtm, [{ sessionSource: "bing", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs landingPagePlusQueryString");
  });
});
