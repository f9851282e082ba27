import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { highCardinality } from "./high-cardinality.ts";

/** Issue 20: the thresholds of high-cardinality, each on both sides of its line. */

/** `count` newsletters sent on different days of 2025, each with its own send number. */
function datedSends(count: number): AuditRow[] {
  return Array.from({ length: count }, (_, i) =>
    utmRow("newsletter", "email", `email_2025-03-${String(i + 1).padStart(2, "0")}_${i + 1}`, 10),
  );
}

/** `count` campaigns carrying a user ID, plus `others` distinct plain campaigns. */
function idCampaigns(count: number, others: number): AuditRow[] {
  const rows = Array.from({ length: count }, (_, i) =>
    utmRow("crm", "email", `offer_user_${48213 + i * 1111}`, 2),
  );
  const plain = ["brand", "spring", "summer", "autumn", "winter", "launch", "promo"];
  for (let i = 0; i < others; i += 1) rows.push(utmRow("google", "cpc", plain[i] ?? "x", 50));
  return rows;
}

describe("high-cardinality thresholds", () => {
  it("flags ten values of a dated template, the minimum", () => {
    const result = runOn(highCardinality, datedSends(10));
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["campaign:email_{date}_#"]);
    expect(result.findings[0]?.values).toHaveLength(10);
    expect(result.findings[0]?.affectedSessions).toBe(100);
    expect(result.severity).toBe("warning");
  });

  it("passes nine values of a dated template: a date is no ID", () => {
    expect(runOn(highCardinality, datedSends(9)).status).toBe("passed");
  });

  it("flags five ID-carrying values when they are half of the parameter's values", () => {
    const result = runOn(highCardinality, idCampaigns(5, 5));
    expect(findingKeys(result)).toEqual(["campaign:offer_user_{id}"]);
    expect(result.findings[0]?.affectedSessions).toBe(10);
  });

  it("passes five ID-carrying values when they are less than half", () => {
    expect(runOn(highCardinality, idCampaigns(5, 6)).status).toBe("passed");
  });

  it("passes four ID-carrying values even when they are all there is", () => {
    expect(runOn(highCardinality, idCampaigns(4, 0)).status).toBe("passed");
  });

  it("flags 25 values that differ by a small number, and passes 24", () => {
    const numbered = (count: number) =>
      Array.from({ length: count }, (_, i) => utmRow("partner", "affiliate", `promo_${i + 1}`, 1));
    const flagged = runOn(highCardinality, numbered(25));
    expect(findingKeys(flagged)).toEqual(["campaign:promo_#"]);
    expect(flagged.findings[0]?.affectedSessions).toBe(25);
    expect(runOn(highCardinality, numbered(24)).status).toBe("passed");
  });

  it("passes digit-free values that only look like UUIDs: every ID has a digit", () => {
    const rows = Array.from({ length: 12 }, (_, i) => {
      const letter = "abcdef".charAt(i % 6);
      const block = letter.repeat(4);
      return utmRow("braze", "email", "winback", 5, {
        sessionManualAdContent: `${block}${"abcdef".charAt(Math.floor(i / 6))}bcd-${block}-${block}-${block}-${block}${block}${block}`,
      });
    });
    expect(runOn(highCardinality, rows).status).toBe("passed");
  });

  it("shows GA4's (other) row as its value", () => {
    const result = runOn(highCardinality, [utmRow("google", "cpc", "(other)", 40)]);
    expect(findingKeys(result)).toEqual(["ga4-other-row"]);
    expect(result.findings[0]?.values).toEqual(["(other)"]);
    expect(result.findings[0]?.affectedSessions).toBe(40);
  });
});
