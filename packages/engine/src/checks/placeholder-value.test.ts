import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { placeholderValue } from "./placeholder-value.ts";

describe("placeholder-value", () => {
  it("flags placeholder values, one finding per parameter and placeholder", () => {
    const result = runOn(placeholderValue, [
      utmRow("newsletter", "email", "test", 40),
      utmRow("newsletter", "email", "Test", 10),
      utmRow("null", "email", "spring_sale", 30),
      utmRow("newsletter", "none", "spring_sale", 20),
      utmRow("newsletter", "email", "undefined", 15),
      utmRow("newsletter", "email", "N/A", 5),
      utmRow("source", "medium", "campaign", 5),
      utmRow("newsletter", "email", "xxxx", 5),
      utmRow("newsletter", "email", "test_2", 5),
      utmRow("utm_source", "email", "tbd", 5),
      utmRow("0", "email", "spring_sale", 5),
      utmRow("newsletter", "email", "spring_sale", 5, { sessionManualAdContent: "-" }),
      utmRow("newsletter", "email", "spring_sale", 5, { sessionManualTerm: "undefined" }),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "campaign:campaign",
      "campaign:n/a",
      "campaign:tbd",
      "campaign:test",
      "campaign:test_2",
      "campaign:undefined",
      "campaign:xxxx",
      "content:-",
      "medium:medium",
      "medium:none",
      "source:0",
      "source:null",
      "source:source",
      "source:utm_source",
      "term:undefined",
    ]);
    const test = result.findings.find((f) => f.key === "campaign:test");
    expect(test?.values).toEqual(["test", "Test"]);
    expect(test?.affectedSessions).toBe(50);
    expect(test?.title).toBe('utm_campaign is the placeholder "test", "Test"');
    expect(test?.severity).toBeUndefined();
  });

  it("flags what a form or script writes for an empty field: unspecified, unset, not specified", () => {
    const result = runOn(placeholderValue, [
      utmRow("newsletter", "email", "unspecified", 25),
      utmRow("newsletter", "email", "Unspecified", 5),
      utmRow("unset", "email", "spring_sale", 10),
      utmRow("newsletter", "Not Specified", "spring_sale", 10),
      utmRow("newsletter", "email", "spring_sale", 10, { sessionManualAdContent: "empty" }),
    ]);
    expect(findingKeys(result)).toEqual([
      "campaign:unspecified",
      "content:empty",
      "medium:not specified",
      "source:unset",
    ]);
    const unspecified = result.findings.find((f) => f.key === "campaign:unspecified");
    expect(unspecified?.values).toEqual(["unspecified", "Unspecified"]);
    expect(unspecified?.field).toBe("sessionManualCampaignName");
    expect(unspecified?.affectedSessions).toBe(30);
  });

  it("names the session dimension when the data has no manual one", () => {
    const result = runOn(placeholderValue, [
      {
        sessionSource: "newsletter",
        sessionMedium: "email",
        sessionCampaignName: "undefined",
        sessions: 8,
      },
    ]);
    expect(result.findings[0]?.title).toBe('Session campaign is the placeholder "undefined"');
    expect(result.findings[0]?.field).toBe("sessionCampaignName");
  });

  it("never reports GA4's own values as placeholders", () => {
    const result = runOn(placeholderValue, [
      utmRow("(not set)", "(not set)", "(not set)", 10),
      utmRow("(data deleted)", "(data deleted)", "(data deleted)", 10),
      utmRow("<Other>", "<Other>", "<Other>", 10),
      utmRow("google", "cpc", "(not provided)", 10, { sessionManualTerm: "(not provided)" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("raises to critical on paid traffic", () => {
    const result = runOn(placeholderValue, [
      utmRow("google", "cpc", "test", 200),
      utmRow("newsletter", "email", "test", 20),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:test"]);
    expect(result.findings[0]?.severity).toBe("critical");
    expect(result.findings[0]?.title).toBe(
      'utm_campaign is the placeholder "test" on paid traffic',
    );
    expect(result.findings[0]?.affectedSessions).toBe(220);
    expect(result.severity).toBe("critical");
  });

  it("passes real names that contain or resemble placeholders, and GA4's own values", () => {
    const result = runOn(placeholderValue, [
      utmRow("(direct)", "(none)", "(not set)", 10),
      utmRow("google", "organic", "(organic)", 10),
      utmRow("newsletter", "email", "ab_test_spring", 10),
      utmRow("newsletter", "email", "contest_2025", 10),
      utmRow("newsletter", "email", "testimonials", 10),
      utmRow("newsletter", "email", "free_sample_box", 10),
      utmRow("newsletter", "email", "1", 10, { sessionManualCampaignId: "0" }),
      utmRow("google", "cpc", "brand_search", 10, { sessionManualTerm: "test" }),
      utmRow("google", "cpc", "brand", 10, { sessionManualTerm: "default" }),
      utmRow("partner", "affiliate", "deal", 10, { sessionManualAdContent: "na" }),
      utmRow("xbox", "cpc", "xl_sizes", 10),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(placeholderValue, [{ landingPagePlusQueryString: "/", sessions: 1 }]);
    expect(result.status).toBe("skipped");
  });
});
