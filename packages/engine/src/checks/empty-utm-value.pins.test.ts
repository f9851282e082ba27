import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { emptyUtmValue } from "./empty-utm-value.ts";

/** Issue 20: what empty-utm-value reports an empty parameter on. */

describe("empty-utm-value findings", () => {
  it("reports an empty parameter once, on the landing page", () => {
    const value = "/?utm_source=&utm_source=&utm_medium=email";
    const result = runOn(emptyUtmValue, [{ landingPagePlusQueryString: value, sessions: 6 }]);
    expect(findingKeys(result)).toEqual(["param:utm_source"]);
    expect(result.findings[0]?.field).toBe("landingPagePlusQueryString");
    expect(result.findings[0]?.values).toEqual([value]);
    expect(result.findings[0]?.affectedSessions).toBe(6);
  });
});

describe("empty-utm-value title", () => {
  it("names the empty parameter", () => {
    const result = runOn(emptyUtmValue, [
      { landingPagePlusQueryString: "/offer?utm_source=x&utm_campaign=", sessions: 50 },
    ]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "utm_campaign is present but empty",
    ]);
  });
});
