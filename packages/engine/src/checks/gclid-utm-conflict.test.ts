import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { gclidUtmConflict } from "./gclid-utm-conflict.ts";

describe("gclid-utm-conflict", () => {
  it("flags a Google click id next to UTMs that are not google / cpc", () => {
    const result = runOn(gclidUtmConflict, [
      {
        landingPagePlusQueryString:
          "/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&gclid=EAIaIQobChMI",
        sessions: 30,
      },
      {
        landingPagePlusQueryString: "/offer?utm_source=Newsletter&utm_medium=email&gbraid=0AAAAA",
        sessions: 10,
      },
      {
        landingPagePlusQueryString: "/shoes?utm_source=youtube&utm_medium=paid%20video&wbraid=CkQK",
        sessions: 5,
      },
      {
        landingPagePlusQueryString: "/offer?utm_source=google&utm_medium=cpc&gclid=EAIaIQobChMI",
        sessions: 400,
      },
    ]);
    expect(findingKeys(result)).toEqual(["manual:newsletter|email", "manual:youtube|paid video"]);
    const newsletter = result.findings.find((f) => f.key === "manual:newsletter|email");
    expect(newsletter?.values).toEqual(["newsletter", "email"]);
    expect(newsletter?.affectedSessions).toBe(40);
    expect(result.findings.find((f) => f.key === "manual:youtube|paid video")?.values).toEqual([
      "youtube",
      "paid video",
    ]);
  });

  it("flags sessions resolved to google / cpc whose manual dimensions disagree", () => {
    const result = runOn(gclidUtmConflict, [
      utmRow("google", "cpc", "spring_sale", 60, {
        sessionManualSource: "facebook",
        sessionManualMedium: "paid_social",
      }),
      utmRow("google", "cpc", "brand", 40, {
        sessionManualSource: "(not set)",
        sessionManualMedium: "ppc",
      }),
      utmRow("google", "cpc", "brand", 500),
      utmRow("google", "cpc", "brand", 300, {
        sessionManualSource: "(not set)",
        sessionManualMedium: "(not set)",
      }),
    ]);
    expect(findingKeys(result)).toEqual(["manual:(not set)|ppc", "manual:facebook|paid_social"]);
    expect(result.findings.find((f) => f.key === "manual:(not set)|ppc")?.values).toEqual(["ppc"]);
    expect(result.affectedSessions).toBe(100);
  });

  it("passes UTMs without click ids and click ids without conflicting UTMs", () => {
    const result = runOn(gclidUtmConflict, [
      { landingPagePlusQueryString: "/offer?utm_source=newsletter&utm_medium=email", sessions: 9 },
      { landingPagePlusQueryString: "/offer?gclid=EAIaIQobChMI", sessions: 9 },
      { landingPagePlusQueryString: "/offer?utm_campaign=spring_sale&gclid=abc", sessions: 9 },
      {
        landingPagePlusQueryString: "/offer?utm_source=Google&utm_medium=CPC&gclid=x",
        sessions: 9,
      },
      { landingPagePlusQueryString: "/offer?utm_source=facebook&fbclid=IwAR0", sessions: 9 },
      {
        landingPagePlusQueryString: "/gclid-guide?utm_source=blog&utm_medium=referral",
        sessions: 9,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a landing page or manual dimensions", () => {
    const result = runOn(gclidUtmConflict, [
      { sessionSource: "google", sessionMedium: "cpc", sessions: 5 },
    ]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe(
      "needs landingPagePlusQueryString or sessionManualSource or sessionManualMedium",
    );
  });

  it("is skipped when manual dimensions have nothing to be compared with", () => {
    const result = runOn(gclidUtmConflict, [{ sessionManualSource: "newsletter", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toContain("sessionSource and sessionMedium");
  });
});
