import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { separatorVariants } from "./separator-variants.ts";

/** Issue 20: which spellings separator-variants groups, and which one it keeps. */

const campaigns = (...pairs: [string, number][]) =>
  runOn(
    separatorVariants,
    pairs.map(([campaign, sessions]) => utmRow("newsletter", "email", campaign, sessions)),
  );

describe("separator-variants families", () => {
  it("keeps the most used spelling wherever it comes in the data", () => {
    const result = campaigns(["summer-sale", 30], ["summer_sale", 400]);
    expect(result.affectedSessions).toBe(30);
    expect(result.findings[0]?.values).toEqual(["summer_sale", "summer-sale"]);
  });

  it("lists every value of a spelling, whatever its case", () => {
    const result = campaigns(["summer_sale", 50], ["Summer_Sale", 20], ["summer-sale", 5]);
    expect(result.findings[0]?.values).toEqual(["summer_sale", "Summer_Sale", "summer-sale"]);
    expect(result.affectedSessions).toBe(5);
  });

  it("adds a joined-up spelling to its family by its trimmed lower-case form", () => {
    const result = campaigns(["black_friday", 20], ["blackfriday", 50], ["BlackFriday", 5]);
    expect(result.affectedSessions).toBe(20);
    const trimmed = campaigns(["black_friday", 20], ["blackfriday", 50], [" blackfriday ", 5]);
    expect(trimmed.affectedSessions).toBe(20);
  });

  it("adds a joined-up spelling to the first family spelling its letters", () => {
    const result = campaigns(["summer_sale", 50], ["summersale", 10], ["sum_mersale", 5]);
    expect(findingKeys(result)).toEqual(["campaign:summer sale"]);
  });

  it("strips separators at the edges before splitting", () => {
    const result = campaigns(["_summer_sale_", 10], ["summer-sale", 5]);
    expect(findingKeys(result)).toEqual(["campaign:summer sale"]);
  });

  it("leaves spaces around a value to whitespace-in-value", () => {
    expect(campaigns(["summer_sale", 10], [" summer_sale ", 5]).status).toBe("passed");
  });

  it("takes a single word with a stray separator for one word", () => {
    expect(campaigns(["_summer", 10], ["summer", 5]).status).toBe("passed");
  });
});

describe("separator-variants parameters", () => {
  it("skips host-like values in sources only", () => {
    const sources = runOn(separatorVariants, [
      utmRow("news-site.com", "email", "may", 10),
      utmRow("news_site.com", "email", "may", 10),
    ]);
    expect(sources.status).toBe("passed");
  });

  it("leaves medium spellings to medium-synonyms only in utm_medium", () => {
    expect(findingKeys(campaigns(["paid_social", 10], ["paid-social", 5]))).toEqual([
      "campaign:paid social",
    ]);
  });
});
