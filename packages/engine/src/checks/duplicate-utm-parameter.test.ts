import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLanding } from "../core/values.ts";
import { UTM_PARAMETER_NAMES } from "../rules/urls.ts";
import { findingKeys, joinedPieces, runOn } from "../testing/support.ts";
import { duplicateUtmParameter, repeatsName } from "./duplicate-utm-parameter.ts";

function landing(value: string, sessions = 10) {
  return { landingPagePlusQueryString: value, sessions };
}

describe("duplicate-utm-parameter", () => {
  it("flags a parameter written twice with different values, per parameter and path", () => {
    const result = runOn(duplicateUtmParameter, [
      landing(
        "/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_source=mailchimp&utm_medium=email",
        70,
      ),
      landing("/offer/?utm_source=google&utm_source=bing&utm_medium=cpc", 30),
      landing("/offer?utm_source=newsletter&utm_medium=email", 900),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["utm_medium:/offer", "utm_source:/offer"]);
    expect(result.affectedSessions).toBe(100);
    const source = result.findings.find((f) => f.key === "utm_source:/offer");
    expect(source?.values).toEqual([
      "utm_source=newsletter",
      "utm_source=mailchimp",
      "utm_source=google",
      "utm_source=bing",
    ]);
    expect(source?.severity).toBe("warning");
    expect(source?.affectedSessions).toBe(100);
    expect(source?.title).toContain("different values");
  });

  it("reports repeats of the same value as info", () => {
    const result = runOn(duplicateUtmParameter, [
      landing("/offer?utm_medium=email&utm_source=newsletter&utm_medium=email", 15),
    ]);
    expect(findingKeys(result)).toEqual(["utm_medium:/offer"]);
    expect(result.findings[0]?.severity).toBe("info");
    expect(result.findings[0]?.values).toEqual(["utm_medium=email"]);
    expect(result.findings[0]?.title).toContain("same value");
  });

  it("a conflicting repeat raises a finding that started as info", () => {
    const result = runOn(duplicateUtmParameter, [
      landing("/offer?utm_source=a&utm_source=a", 50),
      landing("/offer?utm_source=a&utm_source=b", 5),
    ]);
    expect(result.findings[0]?.severity).toBe("warning");
  });

  it("passes single parameters, case variants and parameters GA4 does not read", () => {
    const result = runOn(duplicateUtmParameter, [
      landing("/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale"),
      landing("/offer?utm_source=google&UTM_SOURCE=google"),
      landing("/offer?utm_source=google&utm_adset=a&utm_adset=b"),
      landing("/offer?utm_source=google#utm_source=bing"),
      landing("/filters?color=red&color=blue&utm_source=newsletter"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the landing page dimension", () => {
    const result = runOn(duplicateUtmParameter, [{ sessionManualSource: "google", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });

  it("repeatsName reads a repeated recognised name where parseLanding splits the query", () => {
    const pieces = [
      "utm_source",
      "utm_medium",
      "utm_source_platform",
      "utm_",
      "UTM_SOURCE",
      "=",
      "&",
      "?",
      "#",
      "%20",
      "a=b",
      "x",
      "/p",
    ];
    const url = joinedPieces(pieces, 14);
    fc.assert(
      fc.property(url, (value) => {
        const names = parseLanding(value)
          .params.map((param) => param.name)
          .filter((name) => UTM_PARAMETER_NAMES.has(name));
        expect(repeatsName(value)).toBe(new Set(names).size < names.length);
      }),
    );
  });
});
