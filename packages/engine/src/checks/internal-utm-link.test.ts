import { describe, expect, it } from "vitest";
import type { Dimension } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { internalUtmLink } from "./internal-utm-link.ts";

function landing(value: string, sessions = 10, extra: Partial<Record<Dimension, string>> = {}) {
  return { landingPagePlusQueryString: value, sessions, ...extra };
}

describe("internal-utm-link", () => {
  it("flags a utm_source naming a place on the site, one finding per source", () => {
    const result = runOn(internalUtmLink, [
      utmRow("homepage", "banner", "spring_sale", 60),
      utmRow("Homepage", "banner", "summer_sale", 10),
      utmRow("website", "(not set)", "(not set)", 5),
      utmRow("footer", "link", "newsletter_signup", 4),
      utmRow("pop-up", "cta", "welcome10", 3),
      utmRow("nav_menu", "internal", "sale", 2),
      utmRow("newsletter", "email", "spring_sale", 800),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("critical");
    expect(findingKeys(result)).toEqual([
      "source:footer",
      "source:homepage",
      "source:nav_menu",
      "source:pop-up",
      "source:website",
    ]);
    const homepage = result.findings.find((f) => f.key === "source:homepage");
    expect(homepage?.values).toEqual(["homepage", "Homepage"]);
    expect(homepage?.affectedSessions).toBe(70);
    expect(result.affectedSessions).toBe(84);
  });

  it("flags any source whose medium says the link is internal", () => {
    const result = runOn(internalUtmLink, [
      utmRow("spring_promo", "internal", "spring_sale", 9),
      utmRow("hero_banner", "on-site", "spring_sale", 6),
      utmRow("staff_news", "internal_email", "q3_update", 50),
    ]);
    expect(findingKeys(result)).toEqual(["source:hero_banner", "source:spring_promo"]);
    expect(result.findings.find((f) => f.key === "source:spring_promo")?.title).toContain(
      "utm_medium=internal",
    );
  });

  it("flags the site's own host, and its brand or blog only with a link-like medium", () => {
    const result = runOn(internalUtmLink, [
      utmRow("www.example.com", "banner", "spring_sale", 20),
      utmRow("example", "button", "spring_sale", 10),
      utmRow("blog", "link", "guide", 5),
      utmRow("example", "email", "newsletter_march", 500),
      utmRow("example", "qr", "packaging", 50),
      utmRow("blog", "referral", "guest_post", 40),
    ]);
    expect(findingKeys(result)).toEqual([
      "source:blog",
      "source:example",
      "source:www.example.com",
    ]);
    expect(result.affectedSessions).toBe(35);
  });

  it("leaves own host / referral without a tagged URL to self-referral", () => {
    const result = runOn(internalUtmLink, [
      utmRow("www.example.com", "referral", "(referral)", 50),
      utmRow("www.example.com", "referral", "(referral)", 5, {
        landingPagePlusQueryString: "/offer?utm_source=www.example.com&utm_medium=referral",
      }),
    ]);
    expect(findingKeys(result)).toEqual(["source:www.example.com"]);
    expect(result.affectedSessions).toBe(5);
  });

  it("reads the source from the landing URL when the data has no source dimension", () => {
    const result = runOn(internalUtmLink, [
      landing("/sale?utm_source=sidebar&utm_medium=banner", 7),
      landing("/sale?utm_source=google&utm_medium=cpc", 70),
    ]);
    expect(findingKeys(result)).toEqual(["source:sidebar"]);
  });

  it("flags tagged landings on confirmation pages always, and in the funnel without an outside channel", () => {
    const result = runOn(internalUtmLink, [
      landing("/checkout/thank-you?utm_source=google&utm_medium=cpc", 9),
      landing("/en/checkout/step-2?utm_source=pdp&utm_medium=upsell", 6),
      landing("/cart?utm_source=product_page", 4),
      landing("/cart?utm_source=klaviyo&utm_medium=email&utm_campaign=abandoned_cart", 300),
      landing("/cart/123:1?utm_source=instagram&utm_medium=paid_social", 80),
      landing("/login?utm_source=app&utm_medium=push", 20),
      landing("/checkout?utm_source=criteo&utm_medium=display", 15),
      landing("/order?utm_source=flyer&utm_medium=print", 12),
      landing("/thank-you", 500),
    ]);
    expect(findingKeys(result)).toEqual([
      "funnel:/cart",
      "funnel:/checkout/thank-you",
      "funnel:/en/checkout",
    ]);
    expect(result.findings.find((f) => f.key === "funnel:/checkout/thank-you")?.values).toEqual([
      "/checkout/thank-you?utm_source=google&utm_medium=cpc",
    ]);
    expect(result.affectedSessions).toBe(19);
  });

  it("flags tagged landings reached from the site's own pages", () => {
    const result = runOn(internalUtmLink, [
      landing("/spring-sale?utm_campaign=spring_sale", 12, {
        pageReferrer: "https://www.example.com/",
      }),
      landing("/spring-sale?utm_campaign=spring_sale", 30, {
        pageReferrer: "https://mail.google.com/",
      }),
      landing("/pricing", 40, { pageReferrer: "https://www.example.com/features" }),
    ]);
    expect(findingKeys(result)).toEqual(["referrer:/spring-sale"]);
    expect(result.affectedSessions).toBe(12);
  });

  it("passes external campaigns, partner sites and look-alike words", () => {
    const result = runOn(internalUtmLink, [
      utmRow("google", "cpc", "brand", 100),
      utmRow("facebook", "paid_social", "spring_sale_2025"),
      utmRow("newsletter", "email", "spring_sale"),
      utmRow("partner_website", "referral", "co_marketing"),
      utmRow("techcrunch", "referral", "launch"),
      utmRow("banner", "display", "retargeting"),
      utmRow("footer", "email", "newsletter_march"),
      utmRow("internal", "email", "staff_update"),
      utmRow("homepage", "cpc", "brand"),
      utmRow("example_newsletter", "email", "weekly"),
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("(not set)", "(not set)", "(not set)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("without the site's hosts, still reads words but not hosts, brands or referrers", () => {
    const result = runOn(
      internalUtmLink,
      [
        utmRow("www.example.com", "banner", "spring_sale"),
        utmRow("example", "button", "spring_sale"),
        utmRow("homepage", "banner", "spring_sale"),
        landing("/sale?utm_medium=banner", 10, { pageReferrer: "https://www.example.com/" }),
      ],
      { siteHosts: [] },
    );
    expect(findingKeys(result)).toEqual(["source:homepage"]);
  });

  it("is skipped without a source or landing page dimension", () => {
    const result = runOn(internalUtmLink, [{ sessionMedium: "banner", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe(
      "needs landingPagePlusQueryString or sessionManualSource or sessionSource",
    );
  });
});
