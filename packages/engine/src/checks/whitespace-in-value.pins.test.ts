import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { whitespaceInValue } from "./whitespace-in-value.ts";

/** Issue 20: when whitespace-in-value raises a finding to critical. */

describe("whitespace-in-value severity", () => {
  it("is critical when trimming changes the channel of any of the value's rows", () => {
    const result = runOn(whitespaceInValue, [
      utmRow("community_post", "social  media", "spring_sale", 10),
      utmRow("facebook", "social  media", "spring_sale", 10),
    ]);
    expect(findingKeys(result)).toEqual(["medium:social media"]);
    expect(result.findings[0]?.severity).toBe("critical");
  });
});

describe("whitespace-in-value titles", () => {
  const titles = (...rows: Parameters<typeof runOn>[1]) =>
    runOn(whitespaceInValue, rows).findings.map((finding) => finding.title);

  it("says has for one spelling and have for several, and joins the defects with and", () => {
    expect(titles(utmRow(" facebook", "paid_social", "spring_sale", 40))).toEqual([
      'utm_source " facebook" has leading or trailing whitespace',
    ]);
    expect(
      titles(
        utmRow(" facebook", "paid_social", "spring_sale", 40),
        utmRow("facebook ", "paid_social", "spring_sale", 25),
      ),
    ).toEqual(['utm_source " facebook", "facebook " have leading or trailing whitespace']);
    expect(
      titles(
        utmRow("newsletter", "email", " spring sale", 10),
        utmRow("newsletter", "email", "spring\tsale", 10),
      ),
    ).toEqual([
      'utm_campaign " spring sale", "spring\\tsale" have leading or trailing whitespace and a tab, line break or invisible character',
    ]);
  });
});
