import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { caseInconsistency } from "./case-inconsistency.ts";

/** Issue 20: which spelling case-inconsistency keeps, and the order it lists them in. */

describe("case-inconsistency spellings", () => {
  it("keeps the lower-case spelling even when another is busier", () => {
    const result = runOn(caseInconsistency, [
      utmRow("Facebook", "social", "spring", 100),
      utmRow("facebook", "social", "spring", 10),
    ]);
    expect(findingKeys(result)).toEqual(["source:facebook"]);
    expect(result.findings[0]?.affectedSessions).toBe(100);
    expect(result.findings[0]?.values).toEqual(["Facebook", "facebook"]);
    expect(result.findings[0]?.field).toBe("sessionManualSource");
  });

  it("lists spellings busiest first, equally busy ones in code-point order", () => {
    const result = runOn(caseInconsistency, [
      utmRow("Facebook", "social", "spring", 10),
      utmRow("facebook", "social", "spring", 5),
      utmRow("FACEBOOK", "social", "spring", 10),
      utmRow("FaceBook", "social", "spring", 10),
    ]);
    expect(result.findings[0]?.values).toEqual(["FACEBOOK", "FaceBook", "Facebook", "facebook"]);
    expect(result.findings[0]?.affectedSessions).toBe(30);
  });

  it("passes a lower-case value with letters beyond ASCII", () => {
    expect(runOn(caseInconsistency, [utmRow("café_blog", "referral", "spring")]).status).toBe(
      "passed",
    );
  });

  it("reads conventions for other parameters without failing", () => {
    const result = runOn(
      caseInconsistency,
      [utmRow("Facebook", "social", "spring", 100), utmRow("facebook", "social", "spring", 10)],
      { conventions: { medium: { allowed: ["Email"] } } },
    );
    expect(findingKeys(result)).toEqual(["source:facebook"]);
  });
});
