import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { emptyUtmValue } from "./empty-utm-value.ts";

describe("empty-utm-value", () => {
  it("flags empty and bare utm_ parameters, one finding per parameter", () => {
    const result = runOn(emptyUtmValue, [
      {
        landingPagePlusQueryString: "/sale?utm_source=newsletter&utm_medium=email&utm_campaign=",
        sessions: 40,
      },
      {
        landingPagePlusQueryString:
          "/shoes?utm_source=facebook&utm_medium=paid_social&utm_campaign=",
        sessions: 10,
      },
      { landingPagePlusQueryString: "/?utm_source&utm_medium=email&utm_campaign=may", sessions: 7 },
      { landingPagePlusQueryString: "/?utm_source=%20&utm_medium=cpc&utm_campaign=x", sessions: 3 },
      {
        landingPagePlusQueryString: "/sale?utm_source=newsletter&utm_medium=email&utm_campaign=may",
        sessions: 500,
      },
    ]);
    expect(result.status).toBe("failed");
    expect(result.severity).toBe("warning");
    expect(findingKeys(result)).toEqual(["param:utm_campaign", "param:utm_source"]);
    const campaign = result.findings.find((f) => f.key === "param:utm_campaign");
    expect(campaign?.affectedSessions).toBe(50);
    expect(campaign?.values).toContain(
      "/sale?utm_source=newsletter&utm_medium=email&utm_campaign=",
    );
    expect(result.findings.find((f) => f.key === "param:utm_source")?.affectedSessions).toBe(10);
    expect(result.affectedSessions).toBe(60);
  });

  it("leaves an empty utm_term alone: {keyword} is empty on non-search placements", () => {
    const result = runOn(emptyUtmValue, [
      {
        landingPagePlusQueryString:
          "/?utm_source=google&utm_medium=cpc&utm_campaign=pmax&utm_term=",
        sessions: 30,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("passes complete tags and empty parameters that are not UTMs", () => {
    const result = runOn(emptyUtmValue, [
      { landingPagePlusQueryString: "/search?q=&page=2", sessions: 20 },
      {
        landingPagePlusQueryString: "/?utm_source=newsletter&utm_medium=email&utm_campaign=may",
        sessions: 10,
      },
      { landingPagePlusQueryString: "/?ref=utm_campaign", sessions: 4 },
      { landingPagePlusQueryString: "/", sessions: 100 },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the landing page and query string", () => {
    const result = runOn(emptyUtmValue, [{ sessionSource: "newsletter", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs landingPagePlusQueryString");
  });
});
