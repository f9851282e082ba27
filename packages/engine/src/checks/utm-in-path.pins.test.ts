import { describe, expect, it } from "vitest";
import { findingKeys, runOn } from "../testing/support.ts";
import { utmInPath } from "./utm-in-path.ts";

/** Issue 20: how utm-in-path keys a landing page, and the field it reports. */

const landing = (landingPagePlusQueryString: string) => ({
  landingPagePlusQueryString,
  sessions: 5,
});

describe("utm-in-path keys", () => {
  it("keys UTMs at the very start of the path or after '#' with no path as the home page", () => {
    expect(findingKeys(runOn(utmInPath, [landing("utm_source=x/utm_medium=y")]))).toEqual([
      "path:/",
    ]);
    expect(findingKeys(runOn(utmInPath, [landing("#utm_source=x")]))).toEqual(["path:/"]);
  });

  it("reports on the landing page", () => {
    const result = runOn(utmInPath, [landing("/sale/utm_source=x")]);
    expect(result.findings[0]?.field).toBe("landingPagePlusQueryString");
    expect(result.findings[0]?.values).toEqual(["/sale/utm_source=x"]);
  });
});

describe("utm-in-path titles", () => {
  const titles = (value: string) =>
    runOn(utmInPath, [{ landingPagePlusQueryString: value, sessions: 50 }]).findings.map(
      (finding) => finding.title,
    );

  it("names where the parameters sit and the page, / when nothing comes before them", () => {
    expect(titles("/offer/utm_source=x")).toEqual([
      "UTM parameters in the path of /offer, not in the query string",
    ]);
    expect(titles("utm_source=x/utm_medium=y")).toEqual([
      "UTM parameters in the path of /, not in the query string",
    ]);
    expect(titles("#utm_source=x")).toEqual([
      'UTM parameters after "#" of /, not in the query string',
    ]);
  });
});
