import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { organicMediumMisuse } from "./organic-medium-misuse.ts";

describe("organic-medium-misuse", () => {
  it("flags organic on sources that are not search engines, one finding per source", () => {
    const result = runOn(organicMediumMisuse, [
      utmRow("facebook", "organic", "spring_sale", 120),
      utmRow("Facebook", "Organic", "summer_launch", 30),
      utmRow("newsletter", "organic", "may_2025", 70),
      utmRow("instagram", "organic", "(not set)", 15),
      utmRow("google", "organic", "(organic)", 5000),
    ]);
    expect(findingKeys(result)).toEqual([
      "source:facebook",
      "source:instagram",
      "source:newsletter",
    ]);
    const facebook = result.findings.find((f) => f.key === "source:facebook");
    expect(facebook?.values).toEqual(["facebook", "organic", "Facebook", "Organic"]);
    expect(facebook?.affectedSessions).toBe(150);
    expect(facebook?.title).toContain("Organic Social");
    const newsletter = result.findings.find((f) => f.key === "source:newsletter");
    expect(newsletter?.title).toContain("Organic Search");
    expect(result.affectedSessions).toBe(235);
  });

  it("passes search engines, GA4's own organic hosts and other mediums", () => {
    const result = runOn(organicMediumMisuse, [
      utmRow("google", "organic", "(organic)"),
      utmRow("bing", "organic", "(organic)"),
      utmRow("duckduckgo", "organic", "(organic)"),
      utmRow("ecosia.org", "organic", "(organic)"),
      utmRow("search.brave.com", "organic", "(organic)"),
      utmRow("yahoo.co.jp", "organic", "(organic)"),
      utmRow("startpage", "organic", "(organic)"),
      // Business Profile and Maps links are unpaid search.
      utmRow("gmb", "organic", "gbp_listing"),
      utmRow("googlemaps", "organic", "gbp_listing"),
      utmRow("com.google.android.googlequicksearchbox", "organic", "(organic)"),
      utmRow("(not set)", "organic", "(not set)"),
      utmRow("facebook", "social", "spring_sale"),
      utmRow("newsletter", "organic_social", "may_2025"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("judges a known platform's host name", () => {
    const result = runOn(organicMediumMisuse, [utmRow("linkedin.com", "organic", "hiring", 12)]);
    expect(findingKeys(result)).toEqual(["source:linkedin.com"]);
  });

  it("is skipped without a source dimension", () => {
    const result = runOn(organicMediumMisuse, [{ sessionMedium: "organic", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualSource or sessionSource");
  });
});
