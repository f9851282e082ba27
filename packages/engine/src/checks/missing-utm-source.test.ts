import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { missingUtmSource } from "./missing-utm-source.ts";

describe("missing-utm-source", () => {
  it("flags a medium and campaign without a source", () => {
    const result = runOn(missingUtmSource, [
      utmRow("(not set)", "email", "spring_sale", 120),
      utmRow("newsletter", "email", "spring_sale", 500),
    ]);
    expect(result.status).toBe("failed");
    expect(result.affectedSessions).toBe(120);
    expect(findingKeys(result)).toEqual(["medium:email|campaign:spring_sale"]);
    expect(result.findings[0]?.values).toEqual(["email", "spring_sale"]);
  });

  it("flags a landing page tagged without utm_source", () => {
    const result = runOn(missingUtmSource, [
      { landingPagePlusQueryString: "/offer?utm_medium=cpc&utm_campaign=x", sessions: 40 },
      { landingPagePlusQueryString: "/offer?utm_source=google&utm_medium=cpc", sessions: 60 },
    ]);
    expect(findingKeys(result)).toEqual(["landing:/offer"]);
    expect(result.affectedSessions).toBe(40);
  });

  it("passes direct, organic and referral traffic that carries no UTMs at all", () => {
    const result = runOn(missingUtmSource, [
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("(not set)", "(not set)", "(not set)"),
      utmRow("google", "organic", "(organic)"),
      { landingPagePlusQueryString: "/blog?page=2", sessions: 10 },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a source or landing-page dimension", () => {
    const result = runOn(missingUtmSource, [{ sessionMedium: "email", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualSource or landingPagePlusQueryString");
  });
});
