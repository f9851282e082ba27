import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { paidTrafficWithoutCampaign } from "./paid-traffic-without-campaign.ts";

/** Issue 20: the shares paid-traffic-without-campaign reports at, and what it takes for auto-tagged. */

/** A google / cpc session GA4 resolved, with the given campaign and nothing else unless told. */
function googleAds(campaign: string, sessions: number, extra: Partial<AuditRow> = {}): AuditRow {
  return {
    sessionSource: "google",
    sessionMedium: "cpc",
    sessionCampaignName: campaign,
    landingPagePlusQueryString: `/shoes?gclid=Cj0${sessions}`,
    sessions,
    ...extra,
  };
}

const keys = (rows: AuditRow[]) => findingKeys(runOn(paidTrafficWithoutCampaign, rows));

describe("paid-traffic-without-campaign shares", () => {
  it("reports a missing campaign from 5% of a pair's sessions, as a warning", () => {
    const result = runOn(paidTrafficWithoutCampaign, [
      googleAds("brand", 95),
      googleAds("(not set)", 5),
    ]);
    expect(findingKeys(result)).toEqual(["pair:google / cpc"]);
    expect(result.findings[0]?.severity).toBe("warning");
    expect(result.findings[0]?.affectedSessions).toBe(5);
  });

  it("reports it as critical from half of them", () => {
    const result = runOn(paidTrafficWithoutCampaign, [
      googleAds("brand", 50),
      googleAds("(not set)", 50),
    ]);
    expect(result.findings[0]?.severity).toBe("critical");
  });
});

describe("paid-traffic-without-campaign auto-tagging", () => {
  it("takes a session whose manual source or medium differs for auto-tagged", () => {
    const manual = (source: string, medium: string) =>
      googleAds("(not set)", 10, {
        landingPagePlusQueryString: undefined,
        sessionManualSource: source,
        sessionManualMedium: medium,
      });
    expect(keys([manual("newsletter", "cpc")])).toEqual(["pair:google / cpc"]);
    expect(keys([manual("google", "email")])).toEqual(["pair:google / cpc"]);
    expect(keys([manual("google", "cpc")])).toEqual([]);
  });

  it("without manual dimensions, reads the landing page's UTMs", () => {
    const bare = (landing: string | undefined) =>
      googleAds("(not set)", 10, { landingPagePlusQueryString: landing });
    expect(keys([bare(undefined)])).toEqual(["pair:google / cpc"]);
    expect(keys([bare("/shoes")])).toEqual(["pair:google / cpc"]);
    expect(keys([bare("/shoes?utm_source=google&utm_medium=cpc")])).toEqual([]);
  });

  it("needs both manual dimensions to compare with them", () => {
    const rows = [
      googleAds("(not set)", 10, {
        sessionManualSource: "google",
        landingPagePlusQueryString: "/?utm_source=google&utm_medium=cpc",
      }),
    ];
    expect(keys(rows)).toEqual([]);
  });

  it("trusts manual dimensions that spell the pair, unless the landing page has a click ID", () => {
    expect(keys([utmRow("google", "cpc", "(not set)", 10)])).toEqual([]);
    const clicked = utmRow("google", "cpc", "(not set)", 10, {
      landingPagePlusQueryString: "/shoes?gclid=Cj0",
    });
    expect(keys([clicked])).toEqual(["pair:google / cpc"]);
  });
});

describe("paid-traffic-without-campaign row order", () => {
  it("reads the rows of several spellings of a paid source in row order", () => {
    const click = (source: string, medium: string, page: string) =>
      googleAds("(not set)", 10, {
        sessionSource: source,
        sessionMedium: medium,
        landingPagePlusQueryString: `/${page}?gclid=Cj0`,
      });
    const result = runOn(paidTrafficWithoutCampaign, [
      click("Google", "CPC", "a"),
      click("google", "cpc", "b"),
      click("bing", "cpc", "x"),
      click("Google", "CPC", "c"),
    ]);
    expect(result.findings[0]?.values).toEqual(["Google / CPC"]);
    // Equal sessions: the examples in the order the rows were added.
    expect(
      result.findings[0]?.examples.map((example) => example.values.landingPagePlusQueryString),
    ).toEqual(["/a?gclid=Cj0", "/b?gclid=Cj0", "/c?gclid=Cj0"]);
  });
});
