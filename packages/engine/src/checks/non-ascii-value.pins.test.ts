import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { characterProblems, nonAsciiValue } from "./non-ascii-value.ts";

/** Issue 20: the code-point ranges non-ascii-value draws its lines at, on both sides. */

describe("non-ascii-value control characters", () => {
  it("takes U+007F to U+009F in a code for control characters, and the tilde for none", () => {
    expect(characterProblems("source", "a\u007fb")).toEqual(["a control character (U+007F)"]);
    expect(characterProblems("source", "a\u009fb")).toEqual(["a control character (U+009F)"]);
    expect(characterProblems("source", "caf~é")).toEqual(["accented or non-Latin letters"]);
  });

  it("shows control characters below U+0020 in the key, and the space as itself", () => {
    const result = runOn(nonAsciiValue, [
      utmRow("a\u0001é", "email", "spring"),
      utmRow("a bé", "email", "spring"),
    ]);
    expect(findingKeys(result)).toEqual(["source:a bé", "source:a[U+0001]é"]);
    expect(result.findings[0]?.field).toBe("sessionManualSource");
  });
});

describe("non-ascii-value joiners", () => {
  it("takes a joiner at either end of a name for a mistake", () => {
    expect(characterProblems("campaign", "\u200d春")).toEqual([
      "an invisible zero-width joiner (U+200D)",
    ]);
    expect(characterProblems("campaign", "春\u200d")).toEqual([
      "an invisible zero-width joiner (U+200D)",
    ]);
  });

  it("takes a joiner beside an ASCII character on either side for a mistake", () => {
    expect(characterProblems("campaign", "é\u200da")).toEqual([
      "an invisible zero-width joiner (U+200D)",
    ]);
    expect(characterProblems("campaign", "春\u007f\u200d春")).toEqual([
      "an invisible zero-width joiner (U+200D)",
    ]);
  });

  it("keeps a joiner between two characters beyond ASCII", () => {
    expect(characterProblems("campaign", "👩\u200d💻")).toEqual([]);
  });
});

describe("non-ascii-value titles", () => {
  const titles = (source: string, campaign: string) =>
    runOn(nonAsciiValue, [utmRow(source, "email", campaign)]).findings.map(
      (finding) => finding.title,
    );

  it("lists every problem a value has, with invisible characters spelled out", () => {
    expect(titles("instagram🔥\u200b", "launch")).toEqual([
      "utm_source 'instagram🔥[U+200B]' contains emoji, an invisible zero-width space (U+200B)",
    ]);
    expect(titles("newsletter", "mother’s\u00a0day")).toEqual([
      "utm_campaign 'mother’s[U+00A0]day' contains curly quotes, an invisible non-breaking space (U+00A0)",
    ]);
  });
});
