import { describe, expect, it } from "vitest";
import { checks } from "./index.ts";

/** The ids the database, the API and exports know checks by: they never change. */
const REQUIRED_IDS = [
  "missing-utm-source",
  "missing-utm-medium",
  "missing-utm-campaign",
  "empty-utm-value",
  "click-id-without-utm",
  "paid-traffic-without-campaign",
  "google-ads-auto-tagging-off",
  "untagged-email-traffic",
  "unassigned-traffic",
  "non-standard-medium",
  "paid-medium-not-recognized",
  "medium-synonyms",
  "platform-as-medium",
  "source-medium-swapped",
  "conflicting-source-medium",
  "organic-medium-misuse",
  "campaign-with-natural-medium",
  "source-alias",
  "case-inconsistency",
  "whitespace-in-value",
  "mixed-separators",
  "separator-variants",
  "encoding-artifacts",
  "query-string-in-value",
  "unreplaced-macro",
  "placeholder-value",
  "campaign-typo",
  "source-typo",
  "excessive-length",
  "high-cardinality",
  "non-ascii-value",
  "pii-in-utm",
  "internal-utm-link",
  "self-referral",
  "payment-gateway-referral",
  "utm-in-path",
  "malformed-query",
  "misspelled-utm-parameter",
  "duplicate-utm-parameter",
  "gclid-utm-conflict",
  "tracking-lost-in-redirect",
  "utm-id-inconsistent",
  "term-on-non-search",
  "new-values-since-last-scan",
  "naming-convention",
];

describe("the check registry", () => {
  it("registers every check once, under its stable id", () => {
    const ids = checks.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...REQUIRED_IDS].sort());
  });

  it.each(checks.map((check) => [check.id, check]))("%s is documented", (_id, check) => {
    expect(check.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(check.title.length).toBeGreaterThan(5);
    expect(check.description.length).toBeGreaterThan(20);
    for (const text of [
      check.guide.whyItMatters,
      check.guide.howToFix,
      check.guide.exampleWrong,
      check.guide.exampleCorrect,
    ]) {
      expect(text.trim().length).toBeGreaterThan(5);
    }
    expect(check.guide.exampleWrong).not.toBe(check.guide.exampleCorrect);
    expect(check.guide.ga4DocumentationUrl).toMatch(
      /^https:\/\/(support|developers)\.google\.com\//,
    );
  });
});
