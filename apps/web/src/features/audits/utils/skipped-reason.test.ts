import { describe, expect, it } from "vitest";
import { skippedReasonText } from "./skipped-reason";

describe("skippedReasonText", () => {
  it("names a missing dimension by its UTM parameter and its GA4 name", () => {
    expect(skippedReasonText("needs sessionManualTerm")).toBe(
      "Skipped: the data has no utm_term (GA4 dimension sessionManualTerm).",
    );
  });

  it("reads alternatives and several requirements", () => {
    expect(skippedReasonText("needs sessionManualMedium or sessionMedium")).toBe(
      "Skipped: the data has no utm_medium or session medium (GA4 dimensions sessionManualMedium, sessionMedium).",
    );
    expect(skippedReasonText("needs sessionManualTerm, pageReferrer")).toBe(
      "Skipped: the data has no utm_term (GA4 dimension sessionManualTerm) and no page referrer (GA4 dimension pageReferrer).",
    );
  });

  it("puts the engine's known reasons in plain words", () => {
    expect(skippedReasonText("no sessions to audit")).toBe(
      "Skipped: the audited date range has no sessions.",
    );
    expect(skippedReasonText("no previous scan to compare with")).toMatch(
      /^Skipped: there is no earlier audit to compare with/,
    );
  });

  it("shows a reason it does not know as the engine wrote it", () => {
    expect(skippedReasonText("needs sessionFoo")).toBe("Skipped: needs sessionFoo.");
    expect(skippedReasonText("a reason from a newer engine")).toBe(
      "Skipped: a reason from a newer engine.",
    );
    expect(skippedReasonText(null)).toBe("Skipped.");
  });
});
