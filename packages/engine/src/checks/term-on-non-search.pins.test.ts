import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { termOnNonSearch } from "./term-on-non-search.ts";

/** Issue 20: how term-on-non-search reads mediums and keys sources. */

const withTerm = (source: string, medium: string, sessions = 5) =>
  utmRow(source, medium, "spring", sessions, { sessionManualTerm: "running shoes" });

describe("term-on-non-search edges", () => {
  it("trims the medium before judging it a search medium", () => {
    expect(runOn(termOnNonSearch, [withTerm("bingads", " cpc ")]).status).toBe("passed");
  });

  it("folds sources by their trimmed lower-case spelling, on the term field", () => {
    const result = runOn(termOnNonSearch, [
      withTerm("newsletter", "email", 4),
      withTerm("Newsletter ", "email", 3),
    ]);
    expect(findingKeys(result)).toEqual(["source:newsletter|medium:email"]);
    expect(result.findings[0]?.affectedSessions).toBe(7);
    expect(result.findings[0]?.field).toBe("sessionManualTerm");
  });
});

describe("term-on-non-search title", () => {
  it("names the source and medium that carry a term", () => {
    const result = runOn(termOnNonSearch, [withTerm("newsletter", "email")]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "utm_term set on newsletter / email, which is not search traffic",
    ]);
  });
});
