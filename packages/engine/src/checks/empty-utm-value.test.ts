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

  it("reads each kind of landing value as parsing it would: glanced, repeated, encoded", () => {
    const cases: [string, string[]][] = [
      // Recognised names written once: read from the glance.
      ["/?utm_source=+&utm_medium=email", ["param:utm_source"]],
      ["/?utm_medium=email&utm_source=%20", ["param:utm_source"]],
      ["/?utm_source=a&utm_source_platform=&utm_medium=b", ["param:utm_source_platform"]],
      ["/?utm_source=a&utm_medium=b#utm_campaign=", []],
      ["/?utm_source=a&utm_term=&utm_medium=b", []],
      ["/?utm_source=a b&utm_medium=b", []],
      ["/?utm_source=\u00a0 +&utm_medium=b", ["param:utm_source"]],
      ["/?utm_source=\u00e9&utm_medium=", ["param:utm_medium"]],
      ["/?utm_source=a&utm_medium", ["param:utm_medium"]],
      // A name written twice, empty the second time.
      ["/?utm_source=a&utm_source=&utm_medium=b", ["param:utm_source"]],
      // Names GA4 does not read still count when they start with utm_.
      ["/?UTM_SOURCE=&utm_medium=b", ["param:utm_source"]],
      ["/?utm_foo&utm_medium=b", ["param:utm_foo"]],
    ];
    for (const [landing, keys] of cases) {
      const result = runOn(emptyUtmValue, [{ landingPagePlusQueryString: landing, sessions: 1 }]);
      expect([landing, findingKeys(result)]).toEqual([landing, keys]);
    }
  });

  it("adds rows in row order, however their landing values are ordered", () => {
    const result = runOn(emptyUtmValue, [
      { landingPagePlusQueryString: "/a?utm_source=", sessionSource: "x", sessions: 5 },
      { landingPagePlusQueryString: "/b?utm_source=", sessionSource: "x", sessions: 5 },
      { landingPagePlusQueryString: "/a?utm_source=", sessionSource: "y", sessions: 5 },
      { landingPagePlusQueryString: "/c?utm_source=", sessionSource: "x", sessions: 5 },
    ]);
    const [source] = result.findings;
    // Of equal sessions, the first rows: row order, not the landing values' order.
    expect(
      source?.examples.map((e) => [e.values.landingPagePlusQueryString, e.values.sessionSource]),
    ).toEqual([
      ["/a?utm_source=", "x"],
      ["/b?utm_source=", "x"],
      ["/a?utm_source=", "y"],
    ]);
    expect(source?.values).toEqual(["/a?utm_source=", "/b?utm_source=", "/c?utm_source="]);
  });

  it("is skipped without the landing page and query string", () => {
    const result = runOn(emptyUtmValue, [{ sessionSource: "newsletter", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs landingPagePlusQueryString");
  });
});
