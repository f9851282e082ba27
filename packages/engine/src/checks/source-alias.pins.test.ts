import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { sourceAlias } from "./source-alias.ts";

/** Issue 20: which spellings source-alias counts as one alias. */

const sources = (...names: string[]) =>
  runOn(
    sourceAlias,
    names.map((name) => utmRow(name, "social", "spring")),
  );

describe("source-alias spellings", () => {
  it("takes spellings that differ by spaces around them for one alias", () => {
    expect(sources("facebook", "facebook ").status).toBe("passed");
  });

  it("lists every spelling of every alias", () => {
    const result = sources("Facebook", "facebook", "fb", "newsletter");
    expect(findingKeys(result)).toEqual(["platform:facebook"]);
    expect(result.findings[0]?.values).toEqual(["Facebook", "facebook", "fb"]);
    expect(result.findings[0]?.field).toBe("sessionManualSource");
  });
});

describe("source-alias titles", () => {
  const title = (...names: string[]) => sources(...names).findings[0]?.title;

  it("lists the names, and those off GA4's source list when some are on it", () => {
    expect(title("facebook", "meta", "facebook-ads")).toBe(
      "facebook is tagged under 3 utm_source names: facebook, meta, facebook-ads (not on GA4's channel source list: meta, facebook-ads)",
    );
    expect(title("facebook", "facebook.com", "m.facebook.com")).toBe(
      "facebook is tagged under 3 utm_source names: facebook, facebook.com, m.facebook.com",
    );
  });

  it("adds no note when no name is on GA4's source list", () => {
    expect(title("meta", "facebook-ads")).toBe(
      "facebook is tagged under 2 utm_source names: meta, facebook-ads",
    );
  });
});
