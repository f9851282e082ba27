import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { termOnNonSearch } from "./term-on-non-search.ts";

describe("term-on-non-search", () => {
  it("flags utm_term on non-search traffic, one finding per source / medium", () => {
    const result = runOn(termOnNonSearch, [
      utmRow("newsletter", "email", "may_2025", 80, { sessionManualTerm: "vip_subscribers" }),
      utmRow("newsletter", "email", "june_2025", 20, { sessionManualTerm: "lapsed_buyers" }),
      utmRow("facebook", "paid_social", "spring_sale", 30, {
        sessionManualTerm: "lookalike_1pct",
      }),
      utmRow("google", "cpc", "brand", 500, { sessionManualTerm: "running shoes" }),
    ]);
    expect(findingKeys(result)).toEqual([
      "source:facebook|medium:paid_social",
      "source:newsletter|medium:email",
    ]);
    const email = result.findings.find((f) => f.key === "source:newsletter|medium:email");
    expect(email?.values).toEqual(["vip_subscribers", "lapsed_buyers"]);
    expect(email?.affectedSessions).toBe(100);
    expect(result.severity).toBe("info");
    expect(result.affectedSessions).toBe(130);
  });

  it("passes search keywords, search engines and GA4 placeholders", () => {
    const result = runOn(termOnNonSearch, [
      utmRow("google", "cpc", "brand", 100, { sessionManualTerm: "utmost audit" }),
      utmRow("bing", "paid", "brand", 100, { sessionManualTerm: "utm checker" }),
      utmRow("adroll", "ppc", "retargeting", 100, { sessionManualTerm: "ga4 audit" }),
      utmRow("google", "organic", "(organic)", 100, { sessionManualTerm: "(not provided)" }),
      utmRow("newsletter", "email", "may_2025", 100, { sessionManualTerm: "(not set)" }),
      utmRow("newsletter", "email", "may_2025", 100, { sessionManualTerm: "" }),
      utmRow("(direct)", "(none)", "(direct)", 100, { sessionManualTerm: "shoes" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the manual term dimension", () => {
    const result = runOn(termOnNonSearch, [utmRow("newsletter", "email", "may_2025")]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualTerm");
  });
});
