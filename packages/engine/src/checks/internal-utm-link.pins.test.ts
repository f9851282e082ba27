import { describe, expect, it } from "vitest";
import type { AuditRow, Dimension } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { internalUtmLink } from "./internal-utm-link.ts";

/** Issue 20: the words, brands and funnel pages internal-utm-link tells apart, both ways. */

function landing(value: string, sessions = 10, extra: Partial<Record<Dimension, string>> = {}) {
  return { landingPagePlusQueryString: value, sessions, ...extra };
}

const OWN_PAGE = "https://www.example.com/";

function keys(rows: AuditRow[], siteHosts?: string[]): string[] {
  return findingKeys(runOn(internalUtmLink, rows, siteHosts ? { siteHosts } : {}));
}

describe("internal-utm-link sources", () => {
  it("flags a place word next to element words, and element words alone never", () => {
    expect(keys([utmRow("homepage_banner", "(not set)", "x")])).toEqual(["source:homepage_banner"]);
    expect(keys([utmRow("top_banner", "(not set)", "x")])).toEqual([]);
    expect(keys([utmRow("top_banner", "button", "x")])).toEqual([]);
  });

  it("reads a source's words without separators at its edges or digits at their ends", () => {
    expect(keys([utmRow("_home_banner", "link", "x")])).toEqual(["source:_home_banner"]);
    expect(keys([utmRow("footer2", "link", "x")])).toEqual(["source:footer2"]);
  });

  it("trims the source before judging it", () => {
    const result = runOn(internalUtmLink, [utmRow(" homepage ", "banner", "x", 8)]);
    expect(findingKeys(result)).toEqual(["source:homepage"]);
    expect(result.findings[0]?.values).toEqual([" homepage "]);
    expect(result.findings[0]?.field).toBe("landingPagePlusQueryString");
    expect(result.findings[0]?.affectedSessions).toBe(8);
  });

  it("flags any source when one medium word says internal and the rest name a link", () => {
    expect(keys([utmRow("spring_offer", "internal_banner", "x")])).toEqual(["source:spring_offer"]);
  });

  it("reads a medium of link words, element words and 'text' as internal", () => {
    expect(keys([utmRow("blog", "banner_top", "x")])).toEqual(["source:blog"]);
    expect(keys([utmRow("blog", "banner_text", "x")])).toEqual(["source:blog"]);
    expect(keys([utmRow("blog", "_banner_top", "x")])).toEqual(["source:blog"]);
    expect(keys([utmRow("blog", "_", "x")])).toEqual([]);
    expect(keys([utmRow("blog", "banner_email", "x")])).toEqual([]);
  });

  it("takes a place word with an offline medium for an outside placement", () => {
    expect(keys([utmRow("homepage", "direct-mail", "x")])).toEqual([]);
  });

  it("leaves the site's host tagged ' referral ' to self-referral", () => {
    expect(keys([utmRow("www.example.com", " referral ", "x")])).toEqual([]);
  });

  it("prefers the row's source, unless GA4 wrote a placeholder there", () => {
    expect(
      keys([
        utmRow("(not set)", "(not set)", "(not set)", 5, {
          landingPagePlusQueryString: "/sale?utm_source=sidebar&utm_medium=banner",
        }),
      ]),
    ).toEqual(["source:sidebar"]);
  });

  it("judges the site's own host by the source the link itself names", () => {
    expect(
      keys([
        utmRow("www.example.com", "referral", "(referral)", 5, {
          landingPagePlusQueryString: "/offer?utm_source=newsletter&utm_medium=referral",
        }),
      ]),
    ).toEqual([]);
  });
});

describe("internal-utm-link brands", () => {
  it("reads a brand of several words, written apart or together", () => {
    const hosts = ["www.my-shop.com"];
    expect(keys([utmRow("my_shop", "button", "x")], hosts)).toEqual(["source:my_shop"]);
    expect(keys([utmRow("myshop", "button", "x")], hosts)).toEqual(["source:myshop"]);
    expect(keys([utmRow("my_newsletter", "button", "x")], hosts)).toEqual([]);
  });

  it("takes other words for no brand", () => {
    expect(keys([utmRow("newsletter", "button", "x")])).toEqual([]);
  });

  it("takes a site name of three letters or more as a brand, and shorter ones never", () => {
    expect(keys([utmRow("abc", "button", "x")], ["www.abc.com"])).toEqual(["source:abc"]);
    expect(keys([utmRow("ab", "button", "x")], ["www.ab.com"])).toEqual([]);
    expect(keys([utmRow("a_b", "button", "x")], ["www.a-b.com"])).toEqual([]);
  });
});

describe("internal-utm-link funnel and referrers", () => {
  it("reports funnel and referrer findings with the landing and its field", () => {
    const result = runOn(internalUtmLink, [
      landing("/cart?utm_source=product_page", 4),
      landing("/spring-sale?utm_campaign=spring_sale", 12, { pageReferrer: OWN_PAGE }),
    ]);
    expect(findingKeys(result)).toEqual(["funnel:/cart", "referrer:/spring-sale"]);
    for (const finding of result.findings) {
      expect(finding.field).toBe("landingPagePlusQueryString");
    }
    expect(result.findings.find((f) => f.key === "referrer:/spring-sale")?.values).toEqual([
      "/spring-sale?utm_campaign=spring_sale",
    ]);
    expect(result.findings.find((f) => f.key === "funnel:/cart")?.values).toEqual([
      "/cart?utm_source=product_page",
    ]);
  });

  it("takes a search engine with no medium, and a referral, for outside links in the funnel", () => {
    expect(keys([landing("/cart?utm_source=google")])).toEqual([]);
    expect(keys([landing("/cart?utm_source=google&utm_medium=app")])).toEqual([]);
    expect(keys([landing("/cart?utm_source=partnerblog&utm_medium=referral")])).toEqual([]);
  });

  it("takes a link medium for an inside link in the funnel, whatever channel it spells", () => {
    expect(keys([landing("/cart?utm_source=product_page&utm_medium=banner")])).toEqual([
      "funnel:/cart",
    ]);
  });

  it("reads the medium from utm_medium only", () => {
    expect(
      keys([landing("/cart?utm_campaign=abandoned_cart&utm_source=klaviyo&utm_medium=email")]),
    ).toEqual([]);
  });

  it("takes a landing for tagged only when it carries a campaign parameter", () => {
    expect(keys([landing("/cart?ref=utm_mail")])).toEqual([]);
    expect(keys([landing("/blog/utm-guide", 5, { pageReferrer: OWN_PAGE })])).toEqual([]);
  });

  it("reads funnel pages with their extension, and not words that merely contain one", () => {
    expect(keys([landing("/cart.html?utm_source=product_page")])).toEqual(["funnel:/cart.html"]);
    expect(keys([landing("/cartography?utm_source=product_page")])).toEqual([]);
  });

  it("reads a funnel page that is the first segment of a path without a slash", () => {
    expect(keys([landing("thank-you?utm_source=google&utm_medium=cpc")])).toEqual([
      "funnel:thank-you",
    ]);
    expect(keys([landing("cart?utm_source=product_page")])).toEqual(["funnel:cart"]);
  });

  it("keys a tagged landing without a path as the home page", () => {
    expect(keys([landing("?utm_campaign=spring", 5, { pageReferrer: OWN_PAGE })])).toEqual([
      "referrer:/",
    ]);
  });
});

describe("internal-utm-link titles", () => {
  const titles = (rows: AuditRow[]) =>
    runOn(internalUtmLink, rows)
      .findings.map((finding) => finding.title)
      .sort();

  it("names the source, the medium when it says internal, or the own host", () => {
    expect(titles([utmRow("homepage_banner", "(not set)", "x")])).toEqual([
      "Internal links tagged utm_source=homepage_banner",
    ]);
    expect(titles([utmRow("spring_promo", "internal", "x")])).toEqual([
      "Internal links tagged utm_source=spring_promo / utm_medium=internal",
    ]);
    expect(titles([utmRow("www.example.com", "banner", "x")])).toEqual([
      "Internal links tagged with your own host as utm_source (www.example.com)",
    ]);
  });

  it("names the funnel page up to its checkout or confirmation segment", () => {
    expect(titles([landing("/order/thank-you?utm_source=newsletter&utm_medium=email")])).toEqual([
      "UTM-tagged links land on /order/thank-you, deep in the funnel",
    ]);
    expect(
      titles([landing("/shop/checkout/payment?utm_source=homepage_banner&utm_medium=internal")]),
    ).toEqual([
      "Internal links tagged utm_source=homepage_banner / utm_medium=internal",
      "UTM-tagged links land on /shop/checkout, deep in the funnel",
    ]);
  });
});
