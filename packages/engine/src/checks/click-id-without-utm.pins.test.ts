import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn } from "../testing/support.ts";
import { clickIdWithoutUtm } from "./click-id-without-utm.ts";

/** Issue 20: what counts as tagged for click-id-without-utm, and how a visit is described. */

const trafficOf = (row: AuditRow) => runOn(clickIdWithoutUtm, [row]).findings[0]?.values;

describe("click-id-without-utm edges", () => {
  it("passes a click ID next to utm_source alone, or utm_medium alone", () => {
    const rows: AuditRow[] = [
      { landingPagePlusQueryString: "/?utm_source=facebook&fbclid=IwAR", sessions: 5 },
      { landingPagePlusQueryString: "/?utm_medium=social&msclkid=7f3e", sessions: 5 },
    ];
    expect(runOn(clickIdWithoutUtm, rows).status).toBe("passed");
  });

  it("passes a click ID on a session tagged with a medium of its own", () => {
    const result = runOn(clickIdWithoutUtm, [
      {
        landingPagePlusQueryString: "/?msclkid=7f3e",
        sessionSource: "newsletter",
        sessionMedium: "email",
        sessions: 5,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("reports an ad click as a warning on the landing URL", () => {
    const result = runOn(clickIdWithoutUtm, [
      { landingPagePlusQueryString: "/?msclkid=7f3e", sessions: 5 },
    ]);
    expect(findingKeys(result)).toEqual(["click-id:msclkid"]);
    expect(result.findings[0]?.severity).toBe("warning");
    expect(result.findings[0]?.field).toBe("landingPagePlusQueryString");
  });
});

describe("click-id-without-utm describes the visit", () => {
  const landing = "/?msclkid=7f3e";

  it("by the session source and medium, else the manual ones", () => {
    expect(
      trafficOf({
        landingPagePlusQueryString: landing,
        sessionManualSource: "bing",
        sessionManualMedium: "organic",
        sessions: 5,
      }),
    ).toEqual(["bing / organic"]);
  });

  it("with (not set) for the half it lacks", () => {
    expect(
      trafficOf({ landingPagePlusQueryString: landing, sessionSource: "bing", sessions: 5 }),
    ).toEqual(["bing / (not set)"]);
    expect(
      trafficOf({ landingPagePlusQueryString: landing, sessionMedium: "referral", sessions: 5 }),
    ).toEqual(["(not set) / referral"]);
  });

  it("by its landing URL without traffic dimensions", () => {
    expect(trafficOf({ landingPagePlusQueryString: landing, sessions: 5 })).toEqual([landing]);
  });
});
