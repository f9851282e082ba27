import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn } from "../testing/support.ts";
import { selfReferral } from "./self-referral.ts";

/** Issue 20: which sessions self-referral reads as the site referring itself. */

const referral = (source: string, medium: string | undefined, sessions = 5): AuditRow => ({
  sessionSource: source,
  ...(medium === undefined ? {} : { sessionMedium: medium }),
  sessions,
});

describe("self-referral edges", () => {
  it("trims the medium, and reports on the session source", () => {
    const result = runOn(selfReferral, [referral("www.example.com", " referral ", 6)]);
    expect(findingKeys(result)).toEqual(["host:www.example.com"]);
    expect(result.findings[0]?.field).toBe("sessionSource");
    expect(result.findings[0]?.values).toEqual(["www.example.com"]);
  });

  it("reads a landing page without utm_source as a plain referral", () => {
    const result = runOn(selfReferral, [
      {
        ...referral("www.example.com", "referral"),
        landingPagePlusQueryString: "/pricing?ref=nav",
      },
    ]);
    expect(findingKeys(result)).toEqual(["host:www.example.com"]);
  });

  it("reads a row without a medium as no referral", () => {
    const result = runOn(selfReferral, [
      referral("www.example.com", undefined),
      referral("newsletter", "email"),
    ]);
    expect(result.status).toBe("passed");
  });

  describe("names a listed host its own host and any other host of the site a sub-domain", () => {
    const title = (siteHosts: string[], source: string) =>
      runOn(selfReferral, [referral(source, "referral")], { siteHosts }).findings[0]?.title;

    it("a listed www host counts its bare domain as listed", () => {
      expect(title(["www.example.com"], "example.com")).toBe(
        "Your own host example.com appears as a referral source",
      );
    });

    it("a listed bare domain counts its www host as listed", () => {
      expect(title(["example.com"], "www.example.com")).toBe(
        "Your own host www.example.com appears as a referral source",
      );
    });

    it("drops www only at the start of a host", () => {
      expect(title(["news.www.example.com"], "news.example.com")).toBe(
        "Your sub-domain news.example.com appears as a referral source",
      );
      expect(title(["news.example.com"], "news.www.example.com")).toBe(
        "Your sub-domain news.www.example.com appears as a referral source",
      );
    });

    it("a host the site did not list is a sub-domain", () => {
      expect(title(["www.example.com"], "shop.example.com")).toBe(
        "Your sub-domain shop.example.com appears as a referral source",
      );
    });
  });
});
