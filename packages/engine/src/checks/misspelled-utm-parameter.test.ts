import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLanding } from "../core/values.ts";
import { findingKeys, runOn } from "../testing/support.ts";
import { intendedName, mayMisname, misspelledUtmParameter } from "./misspelled-utm-parameter.ts";

function landing(value: string, sessions = 10) {
  return { landingPagePlusQueryString: value, sessions };
}

describe("misspelled-utm-parameter", () => {
  it("flags typos, other separators and invented names, naming the intended parameter", () => {
    const result = runOn(misspelledUtmParameter, [
      landing("/offer?utm_soruce=newsletter&utm_meduim=email&utm_campaing=spring_sale", 30),
      landing("/offer?utm-source=facebook&utmmedium=paid_social&utm_camapign=spring_sale", 20),
      landing("/offer?utm_sourc=google&utm_medum=cpc&utm_campaign_name=brand", 5),
      landing("/offer?utm_src=partner&umt_medium=referral&utm_keyword=running+shoes", 5),
      landing("/offer?utm_source=google&utm_medium=cpc&utm_campaign=brand", 1000),
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("critical");
    expect(result.affectedSessions).toBe(60);
    expect(findingKeys(result)).toEqual([
      "name:umt_medium",
      "name:utm-source",
      "name:utm_camapign",
      "name:utm_campaign_name",
      "name:utm_campaing",
      "name:utm_keyword",
      "name:utm_meduim",
      "name:utm_medum",
      "name:utm_soruce",
      "name:utm_sourc",
      "name:utm_src",
      "name:utmmedium",
    ]);
    const typo = result.findings.find((f) => f.key === "name:utm_soruce");
    expect(typo?.title).toContain("utm_source");
    expect(typo?.values).toEqual(["utm_soruce"]);
    expect(typo?.affectedSessions).toBe(30);
    expect(result.findings.find((f) => f.key === "name:utm_keyword")?.title).toContain("utm_term");
  });

  it("flags names that are not lower-case", () => {
    const result = runOn(misspelledUtmParameter, [
      landing("/offer?UTM_SOURCE=newsletter&Utm_Medium=email&utm_campaign=spring_sale"),
    ]);
    expect(findingKeys(result)).toEqual(["name:UTM_SOURCE", "name:Utm_Medium"]);
    expect(result.findings[0]?.title).toContain("lower-case");
  });

  it("lowers the severity when the right name is also present, or GA4 does not report the parameter", () => {
    const result = runOn(misspelledUtmParameter, [
      landing("/offer?utm_source=google&utm_sorce=google&utm_medium=cpc"),
      landing("/offer?utm_source=google&utm_creative_fromat=video"),
    ]);
    const severities = Object.fromEntries(result.findings.map((f) => [f.key, f.severity]));
    expect(severities).toEqual({
      "name:utm_sorce": "warning",
      "name:utm_creative_fromat": "info",
    });
    expect(result.severity).toBe("warning");
  });

  it("passes every recognised name, custom utm_ parameters and other tracking parameters", () => {
    const result = runOn(misspelledUtmParameter, [
      landing(
        "/p?utm_id=123&utm_source=google&utm_medium=cpc&utm_campaign=spring_sale_2025&utm_term=shoes&utm_content=v2",
      ),
      landing(
        "/p?utm_source_platform=sa360&utm_creative_format=video&utm_marketing_tactic=prospecting",
      ),
      landing(
        "/p?utm_source=facebook&utm_medium=paid_social&utm_adset=lookalike&utm_placement=feed",
      ),
      landing("/p?utm_source=x&utm_source_id=42&utm_ad=hero&utm_audience=returning"),
      landing("/p?utm_source=x&utm_contentid=42&utm_campaign_type=search&utm_device=mobile"),
      landing("/p?utm%5Fsource=newsletter&utm_medium=email"),
      landing("/p?gclid=abc&fbclid=def&ref=utmost&utmost=1"),
      landing("/p?utm_source=newsletter&amp;utm_medium=email"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the landing page dimension", () => {
    const result = runOn(misspelledUtmParameter, [{ sessionManualSource: "google", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs landingPagePlusQueryString");
  });

  it("mayMisname clears only pages with no name intendedName reads as a misspelling", () => {
    const pieces = [
      "utm_source",
      "utm_soruce",
      "UTM_SOURCE",
      "Umt_medium",
      "utm",
      "%75tm_source",
      "%55TM_SOURCE",
      "+utm_source",
      "%20",
      "=",
      "&",
      "?",
      "#",
      "a=b",
      "x",
      "/p",
    ];
    const url = fc
      .array(fc.constantFrom(...pieces), { maxLength: 12 })
      .map((parts) => `/p?utm_source=a&${parts.join("")}`);
    fc.assert(
      fc.property(url, (value) => {
        if (mayMisname(value)) return;
        for (const { name } of parseLanding(value).params)
          expect(intendedName(name)).toBeUndefined();
      }),
    );
  });
});
