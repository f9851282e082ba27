import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findingKeys, joinedPieces, runOn } from "../testing/support.ts";
import { findMisplaced, mayMisplace, utmInPath } from "./utm-in-path.ts";

function landing(value: string, sessions = 10) {
  return { landingPagePlusQueryString: value, sessions };
}

describe("utm-in-path", () => {
  it('flags UTMs glued to the path with "&", "/" and ";"', () => {
    const result = runOn(utmInPath, [
      landing("/spring-offer&utm_source=newsletter&utm_medium=email", 30),
      landing("/shoes/utm_source=facebook&utm_medium=paid_social", 20),
      landing("/pricing;utm_source=partner", 5),
      landing("/spring-offer?utm_source=newsletter&utm_medium=email", 500),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["path:/pricing", "path:/shoes", "path:/spring-offer"]);
    expect(result.affectedSessions).toBe(55);
    const offer = result.findings.find((f) => f.key === "path:/spring-offer");
    expect(offer?.values).toEqual(["/spring-offer&utm_source=newsletter&utm_medium=email"]);
    expect(offer?.title).toContain("in the path");
  });

  it('flags UTMs after "#", including hash-routed pages and a query before the "#"', () => {
    const result = runOn(utmInPath, [
      landing("/offer#utm_source=newsletter&utm_medium=email", 12),
      landing("/#/signup?utm_source=linkedin&utm_medium=paid_social", 8),
      landing("/guide?utm_source=google&utm_medium=cpc#utm_campaign=brand", 4),
    ]);
    expect(findingKeys(result)).toEqual(["path:/", "path:/guide", "path:/offer"]);
    expect(result.findings.find((f) => f.key === "path:/offer")?.title).toContain('after "#"');
  });

  it("groups variants of one path, whatever their case or trailing slash", () => {
    const result = runOn(utmInPath, [
      landing("/Offer/&utm_source=a", 3),
      landing("/offer&utm_source=b", 4),
    ]);
    expect(findingKeys(result)).toEqual(["path:/offer"]);
    expect(result.findings[0]?.affectedSessions).toBe(7);
    expect(result.findings[0]?.values).toHaveLength(2);
  });

  it("passes proper query strings, anchors after the query, slugs about UTMs and HTML-escaped '&'", () => {
    const result = runOn(utmInPath, [
      landing("/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale#details"),
      landing("/blog/what-is-utm_source"),
      landing("/blog/utm-parameters-explained"),
      landing("/page;jsessionid=AB12?utm_source=google&utm_medium=cpc"),
      landing("/offer?utm_source=newsletter&#038;utm_medium=email"),
      landing("/checkout?step=2#payment"),
      landing("(not set)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the landing page dimension", () => {
    const result = runOn(utmInPath, [{ sessionSource: "google", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs landingPagePlusQueryString");
  });

  it("mayMisplace clears only pages where findMisplaced finds nothing", () => {
    const pieces = [
      "utm_source=a",
      "UTM_MEDIUM=b",
      "utm",
      "/p",
      "/",
      "?",
      "#",
      "&",
      ";",
      "&amp;",
      "&#038;",
      "%2f",
      "%3d",
      "%20",
      "x=1",
    ];
    const url = joinedPieces(pieces, 12);
    fc.assert(
      fc.property(url, (value) => {
        if (!mayMisplace(value)) expect(findMisplaced(value)).toBeUndefined();
      }),
    );
  });
});
