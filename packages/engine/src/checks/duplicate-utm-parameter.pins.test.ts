import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { duplicateUtmParameter } from "./duplicate-utm-parameter.ts";

/** Issue 20: how duplicate-utm-parameter keys a landing page without a path, and its field. */

describe("duplicate-utm-parameter findings", () => {
  it("keys a query without a path as the home page, on the landing page", () => {
    const result = runOn(duplicateUtmParameter, [
      { landingPagePlusQueryString: "?utm_source=a&utm_source=a", sessions: 5 },
    ]);
    expect(findingKeys(result)).toEqual(["utm_source:/"]);
    expect(result.findings[0]?.field).toBe("landingPagePlusQueryString");
  });
});

describe("duplicate-utm-parameter title", () => {
  it("names the home page / when the landing value has no path", () => {
    const result = runOn(duplicateUtmParameter, [
      { landingPagePlusQueryString: "?utm_source=a&utm_source=b", sessions: 50 },
    ]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "utm_source repeated with different values on /",
    ]);
  });
});
