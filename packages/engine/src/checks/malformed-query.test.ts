import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utmGlance } from "../rules/urls.ts";
import { findingKeys, joinedPieces, runOn } from "../testing/support.ts";
import { defectsOf, isSuspect, malformedQuery, mayBeMalformed } from "./malformed-query.ts";

function landing(value: string, sessions = 10) {
  return { landingPagePlusQueryString: value, sessions };
}

describe("malformed-query", () => {
  it('flags a second "?" that swallows the next parameter', () => {
    const result = runOn(malformedQuery, [
      landing("/offer?utm_source=newsletter?utm_medium=email&utm_campaign=spring_sale", 40),
      landing("/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale", 400),
    ]);
    expect(findingKeys(result)).toEqual(["question-mark:/offer"]);
    expect(result.affectedSessions).toBe(40);
    expect(result.findings[0]?.values).toEqual([
      "/offer?utm_source=newsletter?utm_medium=email&utm_campaign=spring_sale",
    ]);
    expect(result.findings[0]?.severity).toBe("warning");
  });

  it('flags a "?" that corrupts a UTM value or hides a UTM parameter in another value', () => {
    const result = runOn(malformedQuery, [
      landing("/offer?utm_source=google&utm_medium=cpc?gclid=Cj0KCQ"),
      landing("/login?next=/cart?utm_source=newsletter&utm_medium=email"),
    ]);
    expect(findingKeys(result)).toEqual(["question-mark:/login", "question-mark:/offer"]);
  });

  it('flags "&amp;" and "&#038;" written by a CMS, once and not as a ";" or a "#"', () => {
    const result = runOn(malformedQuery, [
      landing("/blog/post?utm_source=newsletter&amp;utm_medium=email", 6),
      landing("/blog/post?utm_source=newsletter&#038;utm_medium=email", 4),
    ]);
    expect(findingKeys(result)).toEqual(["html-escaped:/blog/post"]);
    expect(result.findings[0]?.affectedSessions).toBe(10);
  });

  it('flags ";" separators, encoded "&" or "=" inside UTMs and spaces in names', () => {
    const result = runOn(malformedQuery, [
      landing("/a?utm_source=google;utm_medium=cpc"),
      landing("/b?utm_source=facebook%26utm_medium%3Dpaid_social"),
      landing("/c?utm_source%3Dnewsletter&utm_medium=email"),
      landing("/d?utm_source=newsletter&utm%20medium=email"),
      landing("/e?utm_source=newsletter& utm_medium=email"),
    ]);
    expect(findingKeys(result)).toEqual([
      "encoded:/b",
      "encoded:/c",
      "semicolon:/a",
      "space:/d",
      "space:/e",
    ]);
  });

  it('reports empty "&" slots as info: they lose nothing but show an empty template field', () => {
    const result = runOn(malformedQuery, [
      landing("/offer?utm_source=google&&utm_medium=cpc"),
      landing("/offer?&utm_source=google&utm_medium=cpc"),
      landing("/offer?utm_source=google&utm_medium=cpc&"),
    ]);
    expect(findingKeys(result)).toEqual(["empty:/offer"]);
    expect(result.findings[0]?.severity).toBe("info");
    expect(result.severity).toBe("info");
  });

  it("passes clean links, nested URLs encoded in other parameters and untagged queries", () => {
    const result = runOn(malformedQuery, [
      landing("/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale"),
      landing("/login?next=%2Fcart%3Futm_source%3Dnewsletter&utm_source=newsletter"),
      landing("/search?q=what%3F&utm_source=google&utm_medium=cpc"),
      landing("/offer?utm_content=a%3Db&utm_source=x"),
      landing("/search?q=open?&page=2&&sort=asc"),
      landing("/login?utm_source=newsletter&next=/account?tab=orders"),
      landing("/offer?utm_source=newsletter&utm_medium=email#section?x=1"),
      landing("(not set)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the landing page dimension", () => {
    const result = runOn(malformedQuery, [{ sessionSource: "google", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });

  it("rules out at a glance only URLs in which the full reading finds no defect", () => {
    const pieces = [
      "utm_source",
      "utm_",
      "UTM_",
      "=",
      "&",
      "?",
      "#",
      ";",
      " ",
      "+",
      "%",
      "26",
      "3d",
      "3F",
      "25",
      "amp;",
      "&#38;",
      "&#x26;",
      "a",
      "/p",
      "x=1",
    ];
    const url = joinedPieces(pieces, 12);
    fc.assert(
      fc.property(url, (value) => {
        expect(defectsOf(value)).toEqual(defectsOf(value, false));
      }),
      { numRuns: 20_000 },
    );
  });

  it("rules out with the glance only URLs in which the full reading finds no defect", () => {
    const pieces = [
      "?",
      "utm_source",
      "utm_medium=",
      "UTM_",
      "u",
      "tm_x",
      "=",
      "&",
      "#",
      ";",
      " ",
      "\u00a0",
      "+",
      "%",
      "%20",
      "%26",
      "%3d",
      "amp;",
      "&#038;",
      "%26amp%3b",
      "a",
      "/p",
      "x=1",
    ];
    const url = joinedPieces(pieces, 12);
    fc.assert(
      fc.property(url, (value) => {
        if (mayBeMalformed(value, utmGlance(value))) return;
        expect(defectsOf(value, false)).toBeUndefined();
      }),
      { numRuns: 50_000 },
    );
    // A "%" or a space in a value is no defect; in a name it may be.
    const regular = "/p?utm_source=(not set)&utm_campaign=sale%20&ref=1";
    expect(mayBeMalformed(regular, utmGlance(regular))).toBe(false);
    const spaced = "/p?utm_source=a&u+tm_medium=b";
    expect(mayBeMalformed(spaced, utmGlance(spaced))).toBe(true);
    expect(defectsOf(spaced)?.defects).toEqual(["space"]);
  });

  it("tells a suspect URL as the one pattern it replaces does", () => {
    // The pattern isSuspect stands for, a second "?" before "#" included.
    const suspect = /[;\s+%]|&(?:amp|#)|&&|\?&|&(?:#|$)|\?[^#]*\?/i;
    const url = fc
      .array(fc.constantFrom("?", "#", "&", "a", "AMP", "=", ";", " ", "%", "x", "/p"), {
        maxLength: 10,
      })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(url, (value) => {
        expect(isSuspect(value)).toBe(suspect.test(value));
      }),
      { numRuns: 20_000 },
    );
    expect(isSuspect("/a?b=1?c=2")).toBe(true);
    expect(isSuspect("/a?b=1#x?c=2")).toBe(false);
    expect(isSuspect("/a?b=1#x?c=2?")).toBe(true);
    expect(isSuspect("/a?utm_source=x&utm_medium=y")).toBe(false);
  });
});
