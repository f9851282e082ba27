import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { mixedSeparators } from "./mixed-separators.ts";

describe("mixed-separators", () => {
  it("flags a parameter whose values use several separators, counting the minority styles", () => {
    const result = runOn(mixedSeparators, [
      utmRow("newsletter", "email", "spring_sale", 600),
      utmRow("newsletter", "email", "black_friday", 300),
      utmRow("facebook", "paid_social", "summer-sale", 120),
      utmRow("facebook", "paid_social", "winter sale", 60),
      utmRow("google", "cpc", "autumnSale", 50),
      utmRow("google", "cpc", "spring-sale_2025", 10),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["campaign"]);
    const finding = result.findings[0];
    expect(finding?.values).toEqual([
      "spring_sale",
      "black_friday",
      "summer-sale",
      "winter sale",
      "autumnSale",
      "spring-sale_2025",
    ]);
    expect(finding?.affectedSessions).toBe(240);
    expect(finding?.title).toBe(
      "utm_campaign separates words with underscores (_) in 2 values (900 sessions, e.g. spring_sale, black_friday); hyphens (-) in 1 value (120 sessions, e.g. summer-sale); spaces in 1 value (60 sessions, e.g. winter sale); camelCase in 1 value (50 sessions, e.g. autumnSale); 1 value mixing them (e.g. spring-sale_2025)",
    );
  });

  it("counts a style with two values even when its share is small", () => {
    const result = runOn(mixedSeparators, [
      utmRow("newsletter", "email", "spring_sale", 10_000),
      utmRow("newsletter", "email", "summer-sale", 5),
      utmRow("newsletter", "email", "winter-sale", 5),
    ]);
    expect(findingKeys(result)).toEqual(["campaign"]);
    expect(result.affectedSessions).toBe(10);
  });

  it("ignores a lone value in another style below 5% of the parameter's sessions", () => {
    const result = runOn(mixedSeparators, [
      utmRow("newsletter", "email", "spring_sale", 5_000),
      utmRow("newsletter", "email", "black_friday", 5_000),
      utmRow("newsletter", "email", "summer-sale", 20),
    ]);
    expect(result.status).toBe("passed");
  });

  it("passes consistent naming, dates, referral hosts, brand names and GA4's own mediums", () => {
    const result = runOn(mixedSeparators, [
      utmRow("newsletter", "email", "spring_sale_2025-03-15", 100),
      utmRow("facebook", "social-media", "black_friday_2025", 100),
      utmRow("linkedin", "social network", "q1_brand_uk", 100),
      utmRow("YouTube", "e-mail", "summer_sale", 100),
      utmRow("LinkedIn", "paid_social", "iPhone_launch", 100),
      utmRow("m.facebook.com", "referral", "(not set)", 100),
      utmRow("news-site.co.uk", "referral", "(not set)", 100),
      utmRow("partner_blog", "referral", "(not set)", 100),
      utmRow("(direct)", "(none)", "(not set)", 100),
      utmRow("google", "cpc", "{{campaign.name}}", 100),
    ]);
    expect(result.status).toBe("passed");
  });

  it("leaves search terms alone, where spaces are natural", () => {
    const result = runOn(mixedSeparators, [
      utmRow("google", "cpc", "shoes", 100, { sessionManualTerm: "running shoes" }),
      utmRow("google", "cpc", "shoes", 100, { sessionManualTerm: "trail_shoes" }),
      utmRow("google", "cpc", "shoes", 100, { sessionManualTerm: "red-shoes" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(mixedSeparators, [{ landingPagePlusQueryString: "/", sessions: 1 }]);
    expect(result.status).toBe("skipped");
  });
});
