import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { platformAsMedium } from "./platform-as-medium.ts";

describe("platform-as-medium", () => {
  it("flags platform names in utm_medium, one finding per medium", () => {
    const result = runOn(platformAsMedium, [
      utmRow("newsletter", "mailchimp", "spring_sale", 120),
      utmRow("spring_promo", "facebook", "spring_sale", 80),
      utmRow("spring_promo", "Facebook", "summer_sale", 20),
      utmRow("partner", "instagram.com", "summer_sale", 10),
      utmRow("facebook", "paid_social", "spring_sale", 500),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "medium:facebook",
      "medium:instagram.com",
      "medium:mailchimp",
    ]);
    const facebook = result.findings.find((f) => f.key === "medium:facebook");
    expect(facebook?.values).toEqual(["facebook", "Facebook"]);
    expect(facebook?.affectedSessions).toBe(100);
    expect(facebook?.title).toContain("facebook");
    expect(result.affectedSessions).toBe(230);
  });

  it("passes channel-type mediums, placeholders and the single letter x", () => {
    const result = runOn(platformAsMedium, [
      utmRow("google", "cpc", "brand"),
      utmRow("facebook", "paid_social", "spring_sale"),
      utmRow("newsletter", "email", "may_2025"),
      utmRow("partner", "affiliate", "spring_sale"),
      utmRow("podcast", "audio", "spring_sale"),
      utmRow("tiktok", "video", "launch"),
      utmRow("(direct)", "(none)", "(direct)"),
      utmRow("google", "organic", "(organic)"),
      utmRow("promo", "x", "launch"),
      utmRow("newsletter", "newsletter", "may_2025"),
      // A Business Profile placement under its platform keeps Organic Search.
      utmRow("google", "gmb", "gbp_listing"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("leaves swapped pairs to source-medium-swapped", () => {
    const result = runOn(platformAsMedium, [utmRow("cpc", "google", "brand")]);
    expect(result.status).toBe("passed");
  });

  it("reads the session medium when there are no manual dimensions", () => {
    const result = runOn(platformAsMedium, [
      { sessionSource: "newsletter", sessionMedium: "klaviyo", sessions: 40 },
    ]);
    expect(findingKeys(result)).toEqual(["medium:klaviyo"]);
    expect(result.affectedSessions).toBe(40);
  });

  it("is skipped without a medium dimension", () => {
    const result = runOn(platformAsMedium, [{ sessionSource: "facebook", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualMedium or sessionMedium");
  });
});
