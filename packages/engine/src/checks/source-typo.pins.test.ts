import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { sourceTypo } from "./source-typo.ts";

/** Issue 20: the edges of source-typo, each pinned by a value on either side. */

function verdict(source: string) {
  return runOn(sourceTypo, [utmRow(source, "social", "launch", 5)]);
}

describe("source-typo edges", () => {
  it("compares platform names of five letters or more, never shorter ones", () => {
    // yahoo (5 letters) takes typos; bing (4) and etsy (4) are compared exactly only.
    expect(findingKeys(verdict("yahooo"))).toEqual(["source:yahooo"]);
    expect(verdict("bingo").status).toBe("passed");
    expect(verdict("etsyy").status).toBe("passed");
  });

  it("allows two slips in a name of nine letters, one in a shorter name", () => {
    // instagram has nine letters: a dropped and a swapped letter are still a typo.
    expect(findingKeys(verdict("instgarm"))).toEqual(["source:instgarm"]);
    // facebook has eight: two slips make another word.
    expect(verdict("fcaebok").status).toBe("passed");
  });

  it("counts two swapped neighbours as one slip", () => {
    const result = verdict("fcaebook");
    expect(findingKeys(result)).toEqual(["source:fcaebook"]);
    expect(result.findings[0]?.values).toEqual(["fcaebook"]);
    expect(result.findings[0]?.affectedSessions).toBe(5);
  });

  it("counts nothing less than a swap of two neighbours as one slip", () => {
    for (const source of ["tikter", "tawtter", "tiatter", "tetter"]) {
      expect(verdict(source).status).toBe("passed");
    }
  });

  it("trims a value before judging it, and keeps the value as typed", () => {
    const result = verdict(" facebok ");
    expect(findingKeys(result)).toEqual(["source:facebok"]);
    expect(result.findings[0]?.values).toEqual([" facebok "]);
  });

  it("judges a site name only inside a host", () => {
    expect(verdict("facebok/ads").status).toBe("passed");
    expect(verdict("facebo0k.com").status).toBe("passed");
  });

  it("passes a host whose site name is a real word near a platform", () => {
    expect(verdict("googly.com").status).toBe("passed");
  });

  it("passes a platform's own short domains", () => {
    expect(verdict("instagr.am").status).toBe("passed");
    expect(verdict("mailchi.mp").status).toBe("passed");
  });

  it("reports every row of a typo, with its severity", () => {
    const result = runOn(sourceTypo, [
      utmRow("facebok", "paid_social", "spring_sale", 50),
      utmRow("facebok", "paid_social", "summer_launch", 7),
      utmRow("facebook", "paid_social", "spring_sale", 900),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("warning");
    expect(result.affectedSessions).toBe(57);
    expect(result.findings[0]?.values).toEqual(["facebok"]);
  });
});

describe("source-typo distances", () => {
  it("counts two changed neighbours as two slips: only a swap is one", () => {
    for (const source of ["faxxbook", "twixxer", "yaxxo", "instaxxxm", "pinxxxest"]) {
      expect(verdict(source).status).toBe("passed");
    }
  });

  it("names the spellings and the platform in its title", () => {
    const result = runOn(sourceTypo, [
      utmRow("facebok", "social", "launch", 5),
      utmRow("Facebok", "social", "launch", 5),
    ]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      'utm_source "facebok, Facebok" looks like a misspelling of facebook',
    ]);
  });
});
