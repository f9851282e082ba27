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
