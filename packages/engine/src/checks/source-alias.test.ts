import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { sourceAlias } from "./source-alias.ts";

describe("source-alias", () => {
  it("flags one platform under several utm_source names, one finding per platform", () => {
    const result = runOn(sourceAlias, [
      utmRow("facebook", "social", "spring_sale", 300),
      utmRow("fb", "paid_social", "spring_sale", 200),
      utmRow("m.facebook.com", "social", "summer_launch", 20),
      utmRow("ig", "paid_social", "spring_sale", 80),
      utmRow("instagram", "social", "spring_sale", 40),
      utmRow("twitter", "social", "launch", 30),
      utmRow("x", "social", "launch", 10),
      utmRow("linkedin", "social", "hiring", 500),
    ]);
    expect(findingKeys(result)).toEqual([
      "platform:facebook",
      "platform:instagram",
      "platform:twitter",
    ]);
    const facebook = result.findings.find((f) => f.key === "platform:facebook");
    expect(facebook?.values).toEqual(["facebook", "fb", "m.facebook.com"]);
    expect(facebook?.affectedSessions).toBe(520);
    const twitter = result.findings.find((f) => f.key === "platform:twitter");
    expect(twitter?.title).toContain("not on GA4's channel source list: x");
    expect(result.affectedSessions).toBe(680);
  });

  it("ties ad-account and short spellings to their platform", () => {
    const result = runOn(sourceAlias, [
      utmRow("facebook", "paid_social", "spring_sale", 100),
      utmRow("facebook_ads", "paid_social", "spring_sale", 40),
      utmRow("fbads", "paid_social", "spring_sale", 10),
      utmRow("igfb", "paid_social", "spring_sale", 5),
      utmRow("instagram", "social", "spring_sale", 30),
      utmRow("insta", "social", "spring_sale", 20),
      utmRow("twitter", "social", "launch", 30),
      utmRow("tw", "social", "launch", 5),
      utmRow("linkedin", "social", "hiring", 50),
      utmRow("li", "social", "hiring", 5),
      utmRow("youtube", "paid_video", "launch", 50),
      utmRow("yt", "paid_video", "launch", 5),
    ]);
    expect(findingKeys(result)).toEqual([
      "platform:facebook",
      "platform:instagram",
      "platform:linkedin",
      "platform:twitter",
      "platform:youtube",
    ]);
    const facebook = result.findings.find((f) => f.key === "platform:facebook");
    expect(facebook?.values).toEqual(["facebook", "facebook_ads", "fbads", "igfb"]);
    expect(facebook?.title).toMatch(/^facebook is tagged under 4 utm_source names: /);
    expect(facebook?.field).toBe("sessionManualSource");
  });

  it("names the session source when the data has no manual one", () => {
    const result = runOn(sourceAlias, [
      { sessionSource: "fb", sessionMedium: "paid_social", sessions: 10 },
      { sessionSource: "facebook", sessionMedium: "paid_social", sessions: 10 },
    ]);
    expect(result.findings[0]?.title).toBe(
      "facebook is tagged under 2 Session source names: fb, facebook",
    );
    expect(result.findings[0]?.field).toBe("sessionSource");
  });

  it("ignores GA4's own referral host names and case-only differences", () => {
    const result = runOn(sourceAlias, [
      utmRow("facebook", "paid_social", "spring_sale"),
      utmRow("l.facebook.com", "referral", "(referral)"),
      utmRow("m.facebook.com", "referral", "(referral)"),
      utmRow("google", "cpc", "brand"),
      utmRow("google", "organic", "(organic)"),
      utmRow("Instagram", "social", "spring_sale"),
      utmRow("instagram", "social", "spring_sale"),
      utmRow("(direct)", "(none)", "(direct)"),
      // Different platforms of one company are not aliases.
      utmRow("messenger", "social", "spring_sale"),
      utmRow("youtube", "video", "launch"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("reads session sources when there are no manual dimensions", () => {
    const result = runOn(sourceAlias, [
      { sessionSource: "t.co", sessionMedium: "social", sessions: 15 },
      { sessionSource: "twitter", sessionMedium: "social", sessions: 25 },
      { sessionSource: "t.co", sessionMedium: "referral", sessions: 900 },
    ]);
    expect(findingKeys(result)).toEqual(["platform:twitter"]);
    expect(result.affectedSessions).toBe(40);
  });

  it("is skipped without a source dimension", () => {
    const result = runOn(sourceAlias, [{ sessionMedium: "social", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualSource or sessionSource");
  });
});
