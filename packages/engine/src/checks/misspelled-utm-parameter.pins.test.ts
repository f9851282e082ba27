import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { misspelledUtmParameter } from "./misspelled-utm-parameter.ts";

/** Issue 20: how far a name may be from a GA4 parameter and still be read as a typo of it. */

const landing = (value: string, sessions = 10) => ({
  landingPagePlusQueryString: value,
  sessions,
});

/** The names flagged in a landing URL of the given parameter names. */
function flagged(...names: string[]): string[] {
  const query = names.map((name) => `${name}=x`).join("&");
  return findingKeys(runOn(misspelledUtmParameter, [landing(`/offer?${query}`)])).map((key) =>
    key.replace(/^name:/, ""),
  );
}

describe("misspelled-utm-parameter distances", () => {
  it("compares names of four letters or more", () => {
    expect(flagged("utm_trem")).toEqual(["utm_trem"]);
    expect(flagged("utm_ter")).toEqual([]);
  });

  it("allows two slips from seven letters on, one below", () => {
    expect(flagged("utm_cnotnet")).toEqual(["utm_cnotnet"]);
    expect(flagged("utm_saurse")).toEqual([]);
  });

  it("counts a swap of neighbours as one slip, and nothing less", () => {
    expect(flagged("utm_soruce")).toEqual(["utm_soruce"]);
    expect(flagged("utm_exdium")).toEqual([]);
    expect(flagged("utm_medixu")).toEqual([]);
    expect(flagged("utm_deium")).toEqual([]);
  });

  it("counts every letter the name lacks at its start", () => {
    expect(flagged("utm_mpaignxx")).toEqual([]);
  });

  it("needs fewer slips than the limit allows plus one", () => {
    expect(flagged("utm_item")).toEqual([]);
  });

  it("reads one extra letter as a typo, two as a name of its own", () => {
    expect(flagged("utm_sourcee")).toEqual(["utm_sourcee"]);
    expect(flagged("utm_marketing_tact")).toEqual(["utm_marketing_tact"]);
  });

  it("compares names with their separators kept", () => {
    expect(flagged("utm_creative_fromatt")).toEqual(["utm_creative_fromatt"]);
  });

  it("reads a name with a trailing separator as the name", () => {
    expect(flagged("utm_source_")).toEqual(["utm_source_"]);
  });
});

describe("misspelled-utm-parameter findings", () => {
  it("reports a lost value as critical, on the landing URL", () => {
    const result = runOn(misspelledUtmParameter, [landing("/offer?utm_soruce=newsletter", 7)]);
    expect(result.findings[0]?.severity).toBe("critical");
    expect(result.findings[0]?.field).toBe("landingPagePlusQueryString");
    expect(result.findings[0]?.values).toEqual(["utm_soruce"]);
    expect(result.findings[0]?.affectedSessions).toBe(7);
  });
});

describe("misspelled-utm-parameter distances and titles", () => {
  it("counts two changed neighbours as two slips: only a swap is one", () => {
    expect(flagged("utm_mexxum", "utm_soxxce", "utm_xxrm", "utm_medixx")).toEqual([]);
  });

  it("asks about a misspelling, and names the lower-case spelling of a capitalised name", () => {
    const titles = (name: string) =>
      runOn(misspelledUtmParameter, [landing(`/offer?${name}=x`)]).findings.map(
        (finding) => finding.title,
      );
    expect(titles("utm_soruce")).toEqual(["utm_soruce is not a GA4 parameter: meant utm_source?"]);
    expect(titles("UTM_Source")).toEqual([
      "UTM_Source is not recognised: GA4 reads the lower-case utm_source",
    ]);
  });
});
