import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { caseInconsistency } from "./case-inconsistency.ts";
import { separatorVariants } from "./separator-variants.ts";

describe("separator-variants", () => {
  it("flags one name written with different separators, whatever each spelling's size", () => {
    const result = runOn(separatorVariants, [
      utmRow("newsletter", "email", "summer_sale", 400),
      utmRow("facebook", "paid_social", "summer-sale", 30),
      utmRow("partner_blog", "referral", "summer sale", 2),
      utmRow("partner_blog", "referral", "summer.sale", 1),
      utmRow("instagram", "social", "summerSale", 1),
      utmRow("newsletter", "email", "winter_sale", 300),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["campaign:summer sale"]);
    const finding = result.findings[0];
    expect(finding?.values).toEqual([
      "summer_sale",
      "summer-sale",
      "summer sale",
      "summer.sale",
      "summerSale",
    ]);
    expect(finding?.title).toBe(
      'utm_campaign "summer_sale" is written with different separators: summer_sale, summer-sale, summer sale, summer.sale, summerSale',
    );
    expect(finding?.field).toBe("sessionManualCampaignName");
    // The spelling to keep is the most used one; the others' sessions need new links.
    expect(finding?.affectedSessions).toBe(34);
  });

  it("reads sources and content too, and names the session dimension without a manual one", () => {
    const result = runOn(separatorVariants, [
      { sessionSource: "spring_newsletter", sessionMedium: "email", sessions: 40 },
      { sessionSource: "spring-newsletter", sessionMedium: "email", sessions: 10 },
    ]);
    expect(findingKeys(result)).toEqual(["source:spring newsletter"]);
    expect(result.findings[0]?.title).toContain('Session source "spring_newsletter"');
    expect(result.findings[0]?.field).toBe("sessionSource");
    const content = runOn(separatorVariants, [
      utmRow("newsletter", "email", "may", 10, { sessionManualAdContent: "hero_banner" }),
      utmRow("newsletter", "email", "may", 5, { sessionManualAdContent: "hero-banner" }),
    ]);
    expect(findingKeys(content)).toEqual(["content:hero banner"]);
  });

  it("counts a joined-up spelling only beside a spelling with separators", () => {
    const result = runOn(separatorVariants, [
      utmRow("newsletter", "email", "blackfriday", 50),
      utmRow("newsletter", "email", "black_friday", 20),
      utmRow("newsletter", "email", "newsletter", 50),
      utmRow("newsletter", "email", "springsale", 50),
      utmRow("newsletter", "email", "SpringSale", 5),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:black friday"]);
    expect(result.findings[0]?.values).toEqual(["blackfriday", "black_friday"]);
  });

  it("leaves case-only differences to case-inconsistency", () => {
    const rows = [
      utmRow("newsletter", "email", "summer_sale", 50),
      utmRow("newsletter", "email", "Summer_Sale", 20),
      utmRow("newsletter", "email", "SUMMER_SALE", 5),
    ];
    expect(runOn(separatorVariants, rows).status).toBe("passed");
    expect(runOn(caseInconsistency, rows).status).toBe("failed");
  });

  it("keeps numbers apart, and leaves hosts, macros, medium synonyms and GA4's values alone", () => {
    const result = runOn(separatorVariants, [
      utmRow("newsletter", "email", "sale_1_2", 10),
      utmRow("newsletter", "email", "sale_12", 10),
      utmRow("news-site.com", "referral", "(referral)", 10),
      utmRow("news_site.com", "referral", "(referral)", 10),
      utmRow("facebook", "paid_social", "{{campaign.name}}", 10),
      utmRow("facebook", "paid-social", "{{campaign_name}}", 10),
      utmRow("newsletter", "e-mail", "may", 10),
      utmRow("newsletter", "email", "may", 10),
      utmRow("(not set)", "(not set)", "(not set)", 10),
      utmRow("(data deleted)", "(data deleted)", "(data deleted)", 10),
      utmRow("<Other>", "<Other>", "<Other>", 10),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(separatorVariants, [{ landingPagePlusQueryString: "/", sessions: 1 }]);
    expect(result.status).toBe("skipped");
  });
});
