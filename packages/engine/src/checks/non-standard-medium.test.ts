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
    expect(newsletter?.title).toBe("Medium 'newsletter' is not a GA4 channel medium");
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
      // Left to paid-medium-not-recognized.
      utmRow("facebook", "facebook-ads", "spring_2025"),
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
