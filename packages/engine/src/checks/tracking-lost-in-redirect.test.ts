import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { trackingLostInRedirect } from "./tracking-lost-in-redirect.ts";

/** A referrers-view row: the session_start's page_referrer, landing page and attribution. */
function session(
  pageReferrer: string,
  landing: string,
  sessions: number,
  source = "(direct)",
  medium = "(none)",
): AuditRow {
  return {
    pageReferrer,
    landingPagePlusQueryString: landing,
    sessionSource: source,
    sessionMedium: medium,
    sessionManualSource: "(not set)",
    sessionManualMedium: "(not set)",
    sessions,
  };
}

describe("tracking-lost-in-redirect", () => {
  it("flags direct sessions whose referrer carried click ids or UTMs, one finding per page", () => {
    const result = runOn(trackingLostInRedirect, [
      session("https://www.example.com/promo?gclid=Cj0KCQ1", "/spring-sale", 40),
      session("https://www.example.com/promo?gclid=Cj0KCQ2&gad_source=1", "/spring-sale", 20),
      session(
        "https://www.example.com/go/newsletter?utm_source=newsletter&utm_medium=email&utm_campaign=may_2025",
        "/en/",
        15,
      ),
      session("https://www.example.com/", "/shoes", 500),
      session("https://www.google.com/", "/shoes", 300, "google", "organic"),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "referrer:www.example.com/go/newsletter",
      "referrer:www.example.com/promo",
    ]);
    const promo = result.findings.find((f) => f.key === "referrer:www.example.com/promo");
    expect(promo?.title).toBe(
      "Page referrer www.example.com/promo carried gclid, but its sessions start as (direct) without them: a redirect dropped them",
    );
    expect(promo?.values).toEqual([
      "https://www.example.com/promo?gclid=Cj0KCQ1",
      "https://www.example.com/promo?gclid=Cj0KCQ2&gad_source=1",
    ]);
    expect(promo?.field).toBe("pageReferrer");
    expect(promo?.severity).toBe("critical");
    expect(promo?.affectedSessions).toBe(60);
    const newsletter = result.findings.find(
      (f) => f.key === "referrer:www.example.com/go/newsletter",
    );
    expect(newsletter?.title).toContain("carried utm_campaign, utm_medium, utm_source");
    expect(newsletter?.severity).toBeUndefined();
    expect(result.severity).toBe("critical");
  });

  it("raises lost paid UTMs to critical and reads other platforms' click ids", () => {
    const result = runOn(trackingLostInRedirect, [
      session("https://www.example.com/lp?utm_source=facebook&utm_medium=paid_social", "/", 10),
      session("https://www.example.com/fb?fbclid=IwAR2x9k", "/", 5, "(not set)", "(not set)"),
    ]);
    expect(findingKeys(result)).toEqual([
      "referrer:www.example.com/fb",
      "referrer:www.example.com/lp",
    ]);
    expect(result.findings.find((f) => f.key === "referrer:www.example.com/lp")?.severity).toBe(
      "critical",
    );
    expect(result.findings.find((f) => f.key === "referrer:www.example.com/fb")?.severity).toBe(
      undefined,
    );
  });

  it("leaves sessions that kept their attribution or their parameters", () => {
    const result = runOn(trackingLostInRedirect, [
      // The redirect kept the gclid: GA4 attributed the click.
      session("https://www.example.com/promo?gclid=Cj0", "/sale?gclid=Cj0", 30, "google", "cpc"),
      // Internal navigation with UTMs on both pages is internal-utm-link's.
      session(
        "https://www.example.com/?utm_source=newsletter",
        "/sale?utm_source=newsletter",
        10,
        "newsletter",
        "(not set)",
      ),
      // A site's own page credited as referral is self-referral's.
      session(
        "https://shop.example.com/cart?utm_source=x",
        "/",
        10,
        "shop.example.com",
        "referral",
      ),
      // A blog whose own URL carries UTMs sent a referral.
      session(
        "https://blog.other.com/post?utm_source=twitter",
        "/",
        10,
        "blog.other.com",
        "referral",
      ),
      // Parameters with no value, and names GA4 does not read, carry nothing.
      session("https://www.example.com/promo?utm_source=&gclid=", "/sale", 10),
      session("https://www.example.com/promo?utm_souce=x&ref=abc", "/sale", 10),
      // GA4's own values are never a URL.
      session("(not set)", "/", 10),
      session("(data deleted)", "(not set)", 10),
      session("<Other>", "<Other>", 10, "<Other>", "<Other>"),
      utmRow("google", "cpc", "brand", 50),
    ]);
    expect(result.status).toBe("passed");
  });

  it("counts every carried parameter as lost when the data has no landing page", () => {
    const result = runOn(trackingLostInRedirect, [
      {
        pageReferrer: "https://www.example.com/p?gbraid=0AAA",
        sessionSource: "(direct)",
        sessions: 4,
      },
    ]);
    expect(findingKeys(result)).toEqual(["referrer:www.example.com/p"]);
  });

  it("is skipped without a page referrer", () => {
    const result = runOn(trackingLostInRedirect, [utmRow("google", "cpc", "brand", 5)]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs pageReferrer");
  });
});
