import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { mediumSynonyms } from "./medium-synonyms.ts";

/** Issue 20: which spelling medium-synonyms keeps, and which values it counts. */

const mediums = (...pairs: [string, number][]) =>
  runOn(
    mediumSynonyms,
    pairs.map(([medium, sessions]) => utmRow("newsletter", medium, "may", sessions)),
  );

describe("medium-synonyms spellings", () => {
  it("keeps GA4's spelling even when another is busier", () => {
    const result = mediums(["e-mail", 100], ["email", 10]);
    expect(findingKeys(result)).toEqual(["family:email"]);
    expect(result.affectedSessions).toBe(100);
  });

  it("keeps the busiest spelling when GA4's is not in use", () => {
    expect(mediums(["mail", 5], ["e-mail", 50]).affectedSessions).toBe(5);
  });

  it("lists every value, those differing in case too", () => {
    const result = mediums(["email", 10], ["Email", 5], ["e-mail", 3]);
    expect(result.findings[0]?.values).toEqual(["email", "Email", "e-mail"]);
    expect(result.findings[0]?.field).toBe("sessionManualMedium");
  });

  it("reads only mediums of a known family", () => {
    const result = mediums(["email", 10], ["e-mail", 5], ["weird", 3], ["odd", 2]);
    expect(findingKeys(result)).toEqual(["family:email"]);
    expect(result.affectedSessions).toBe(5);
  });

  it("leaves out a spelling without sessions", () => {
    expect(mediums(["email", 10], ["e-mail", 0]).status).toBe("passed");
  });
});

describe("medium-synonyms ties and title", () => {
  it("keeps the first spelling seen when two are used equally", () => {
    expect(mediums(["e-mail", 20], ["mail", 20]).findings[0]?.title).toBe(
      "utm_medium written several ways: e-mail, mail (keep 'e-mail')",
    );
    expect(mediums(["mail", 20], ["e-mail", 20]).findings[0]?.title).toBe(
      "utm_medium written several ways: mail, e-mail (keep 'mail')",
    );
  });
});
