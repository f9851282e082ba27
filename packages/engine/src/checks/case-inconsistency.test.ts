import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { caseInconsistency } from "./case-inconsistency.ts";

describe("case-inconsistency", () => {
  it("flags one family per value written in several cases, counting the off spellings", () => {
    const result = runOn(caseInconsistency, [
      utmRow("facebook", "paid_social", "spring_sale", 900),
      utmRow("Facebook", "paid_social", "spring_sale", 120),
      utmRow("FACEBOOK", "paid_social", "Spring_Sale", 30),
      utmRow("google", "cpc", "spring_sale", 400),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["campaign:spring_sale", "source:facebook"]);
    const source = result.findings.find((f) => f.key === "source:facebook");
    expect(source?.values).toEqual(["facebook", "Facebook", "FACEBOOK"]);
    expect(source?.affectedSessions).toBe(150);
    expect(source?.title).toBe(
      'utm_source "facebook" is written 3 ways: facebook, Facebook, FACEBOOK',
    );
    const campaign = result.findings.find((f) => f.key === "campaign:spring_sale");
    expect(campaign?.values).toEqual(["spring_sale", "Spring_Sale"]);
    expect(campaign?.affectedSessions).toBe(30);
    expect(result.affectedSessions).toBe(150);
  });

  it("keeps the spelling the workspace convention allows, even when it is not lower case", () => {
    const result = runOn(
      caseInconsistency,
      [
        utmRow("newsletter", "Email", "winter_promo", 70),
        utmRow("newsletter", "email", "winter_promo", 30),
      ],
      { conventions: { medium: { allowed: ["Email"] } } },
    );
    expect(findingKeys(result)).toEqual(["medium:email"]);
    expect(result.findings[0]?.affectedSessions).toBe(30);
  });

  it("reads utm_term and utm_content as well", () => {
    const result = runOn(caseInconsistency, [
      utmRow("google", "cpc", "shoes", 50, {
        sessionManualTerm: "Running Shoes",
        sessionManualAdContent: "Banner_A",
      }),
      utmRow("google", "cpc", "shoes", 80, {
        sessionManualTerm: "running shoes",
        sessionManualAdContent: "banner_a",
      }),
    ]);
    expect(findingKeys(result)).toEqual(["content:banner_a", "term:running shoes"]);
  });

  it("passes distinct values, year and number variants, and GA4's own placeholders", () => {
    const result = runOn(caseInconsistency, [
      utmRow("Facebook", "cpc", "spring_sale_2024"),
      utmRow("instagram", "cpc", "spring_sale_2025"),
      utmRow("google", "cpc", "Q1_brand"),
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("(Direct)", "(None)", "(Not Set)"),
      utmRow("google", "organic", "(organic)"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("does not compare utm_id values, whose case can be significant", () => {
    const result = runOn(caseInconsistency, [
      utmRow("google", "cpc", "brand", 10, { sessionManualCampaignId: "aB3xY" }),
      utmRow("google", "cpc", "brand", 10, { sessionManualCampaignId: "Ab3Xy" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("reads the session dimensions when the manual ones are absent", () => {
    const result = runOn(caseInconsistency, [
      { sessionSource: "Google", sessionMedium: "cpc", sessions: 5 },
      { sessionSource: "google", sessionMedium: "cpc", sessions: 50 },
    ]);
    expect(findingKeys(result)).toEqual(["source:google"]);
    expect(result.affectedSessions).toBe(5);
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(caseInconsistency, [{ landingPagePlusQueryString: "/", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toMatch(/^needs sessionManualSource or sessionSource/);
  });
});
