import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { nonStandardMedium } from "./non-standard-medium.ts";

describe("non-standard-medium", () => {
  it("flags mediums no channel rule matches, one finding per medium", () => {
    const result = runOn(nonStandardMedium, [
      utmRow("mailchimp", "newsletter", "may_2025", 120),
      utmRow("mailchimp", "Newsletter", "june_2025", 30),
      utmRow("flyer", "qr", "store_opening_2025", 25),
      utmRow("creator_anna", "influencer", "spring_2025", 40),
      utmRow("partner", "affiliates", "spring_2025", 15),
      utmRow("mailchimp", "email", "may_2025", 600),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "medium:affiliates",
      "medium:influencer",
      "medium:newsletter",
      "medium:qr",
    ]);
    const newsletter = result.findings.find((f) => f.key === "medium:newsletter");
    expect(newsletter?.title).toBe("utm_medium 'newsletter' is not a GA4 channel medium");
    expect(newsletter?.field).toBe("sessionManualMedium");
    expect(newsletter?.values).toEqual(["newsletter", "Newsletter"]);
    expect(newsletter?.affectedSessions).toBe(150);
    expect(result.affectedSessions).toBe(230);
  });

  it("passes standard mediums, placeholders and paid-looking mediums", () => {
    const result = runOn(nonStandardMedium, [
      ...[
        "cpc",
        "ppc",
        "paid",
        "paid-social",
        "paidsocial",
        "display",
        "banner",
        "cpm",
        "email",
        "e-mail",
        "social",
        "sm",
        "organic",
        "referral",
        "affiliate",
        "audio",
        "sms",
        "push",
        "video",
        "retargeting",
        "app",
        "link",
      ].map((medium) => utmRow("somesite", medium, "spring_2025", 10)),
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("(not set)", "(not set)", "(not set)"),
      utmRow("(data deleted)", "(data deleted)", "(data deleted)"),
      utmRow("<Other>", "<Other>", "<Other>"),
      // Left to paid-medium-not-recognized, which owns every medium that looks paid.
      utmRow("facebook", "facebook-ads", "spring_2025"),
      ...["gdn", "pla", "dsa", "dpa", "demandgen", "pmax", "sem", "sea"].map((medium) =>
        utmRow("somesite", medium, "spring_2025", 10),
      ),
    ]);
    expect(result.status).toBe("passed");
  });

  it("does not flag a medium whose source still finds a channel", () => {
    const result = runOn(nonStandardMedium, [
      utmRow("instagram", "story", "spring_2025", 80),
      utmRow("newsletter_email", "weekly", "may_2025", 20),
    ]);
    expect(result.status).toBe("passed");
  });

  it("only counts the sessions left in Unassigned", () => {
    const result = runOn(nonStandardMedium, [
      utmRow("instagram", "influencer", "spring_2025", 80),
      utmRow("creator_anna", "influencer", "spring_2025", 20),
    ]);
    expect(findingKeys(result)).toEqual(["medium:influencer"]);
    expect(result.affectedSessions).toBe(20);
  });

  it("names the session medium when the data has no manual one", () => {
    const result = runOn(nonStandardMedium, [
      { sessionSource: "mailchimp", sessionMedium: "newsletter", sessions: 9 },
    ]);
    expect(result.findings[0]?.title).toBe(
      "Session medium 'newsletter' is not a GA4 channel medium",
    );
    expect(result.findings[0]?.field).toBe("sessionMedium");
  });

  it("is skipped without a medium dimension", () => {
    const result = runOn(nonStandardMedium, [{ sessionSource: "mailchimp", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualMedium or sessionMedium");
  });
});

describe("non-standard-medium and platform names", () => {
  it("leaves a platform name used as medium to the platform checks", () => {
    const result = runOn(nonStandardMedium, [
      utmRow("cpc", "google", "brand", 60),
      utmRow("spring", "facebook", "x", 10),
    ]);
    expect(result.status).toBe("passed");
  });
});

describe("non-standard-medium and local listings", () => {
  it("names a Business Profile or Maps medium in Unassigned, with the organic tagging to use", () => {
    const result = runOn(nonStandardMedium, [
      utmRow("gbp", "gmb", "listing", 40),
      utmRow("business_profile", "google_my_business", "listing", 10),
      utmRow("website_button", "local", "listing", 5),
      utmRow("google_maps_pin", "maps", "listing", 5),
    ]);
    expect(findingKeys(result)).toEqual([
      "medium:gmb",
      "medium:google_my_business",
      "medium:local",
      "medium:maps",
    ]);
    expect(result.findings.find((f) => f.key === "medium:gmb")?.title).toBe(
      "utm_medium 'gmb' names a Business Profile or Maps listing, not a GA4 channel medium (use utm_source=google&utm_medium=organic, and gbp_listing as utm_campaign)",
    );
  });

  it("leaves a listing medium alone when its source keeps it in Organic Search", () => {
    const result = runOn(nonStandardMedium, [
      utmRow("google", "gmb", "gbp_listing", 60),
      utmRow("google", "organic", "gbp_listing", 60),
    ]);
    expect(result.status).toBe("passed");
  });
});
