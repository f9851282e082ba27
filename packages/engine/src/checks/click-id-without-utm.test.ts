import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CheckDefinition } from "../core/check.ts";
import type { Severity } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import { hasGoogleClickId, hasParamValue, keyPart, landingParams } from "../rules/tagging.ts";
import {
  audited,
  findingKeys,
  joinedPieces,
  runOn,
  withoutRowObjects,
  withoutUndefined,
} from "../testing/support.ts";
import { clickIdWithoutUtm } from "./click-id-without-utm.ts";

function visit(landing: string, source: string, medium: string, sessions: number) {
  return {
    landingPagePlusQueryString: landing,
    sessionSource: source,
    sessionMedium: medium,
    sessionManualSource: source,
    sessionManualMedium: medium,
    sessions,
  };
}

describe("click-id-without-utm", () => {
  it("flags untagged ad clicks, one finding per platform", () => {
    const result = runOn(clickIdWithoutUtm, [
      visit("/pricing?msclkid=7f3e2b1a9c", "bing", "organic", 120),
      visit("/pricing?msclkid=0c4d5e6f7a", "bing", "organic", 30),
      visit("/shoes?ttclid=E.C.P.abc123", "tiktok.com", "referral", 45),
      visit("/demo?li_fat_id=5b1c9f2e-1d2a", "(direct)", "(none)", 12),
      visit("/?twclid=2-abc9xyz", "t.co", "referral", 8),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "click-id:li_fat_id",
      "click-id:msclkid",
      "click-id:ttclid",
      "click-id:twclid",
    ]);
    const microsoft = result.findings.find((f) => f.key === "click-id:msclkid");
    expect(microsoft?.affectedSessions).toBe(150);
    expect(microsoft?.values).toEqual(["bing / organic"]);
    expect(microsoft?.title).toBe("Microsoft Advertising clicks (msclkid) arrive without UTMs");
    expect(result.severity).toBe("warning");
  });

  it("reports fbclid as information, unless Meta ad parameters show it was an ad", () => {
    const organicShare = runOn(clickIdWithoutUtm, [
      visit("/blog/post?fbclid=IwAR2x9kLm", "m.facebook.com", "referral", 70),
    ]);
    expect(findingKeys(organicShare)).toEqual(["click-id:fbclid"]);
    expect(organicShare.findings[0]?.severity).toBe("info");

    const ad = runOn(clickIdWithoutUtm, [
      visit("/blog/post?fbclid=IwAR2x9kLm", "m.facebook.com", "referral", 70),
      visit("/shoes?ad_id=23851234&adset_id=2385&fbclid=IwAR0pQ", "l.facebook.com", "referral", 9),
    ]);
    expect(ad.findings[0]?.severity).toBe("warning");
    expect(ad.findings[0]?.affectedSessions).toBe(79);
  });

  it("passes tagged clicks and Google's own click ids", () => {
    const result = runOn(clickIdWithoutUtm, [
      visit(
        "/shoes?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring&fbclid=IwAR",
        "facebook",
        "paid_social",
        300,
      ),
      visit("/?utm_source=bing&utm_medium=cpc&utm_campaign=brand&msclkid=9a8b", "bing", "cpc", 90),
      visit("/?gclid=Cj0KCQjw&gbraid=0AAAAA", "google", "cpc", 500),
      visit("/?wbraid=CjkKCQ&dclid=CJ3x", "google", "cpc", 40),
      visit("/?fbclid_ref=abc&msclkidx=1", "example.org", "referral", 3),
      { landingPagePlusQueryString: "/?gclid=Cj0KCQjw&fbclid=IwAR5", sessions: 6 },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the landing page and query string", () => {
    const result = runOn(clickIdWithoutUtm, [{ sessionSource: "bing", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs landingPagePlusQueryString");
  });
});

/** The check's rule read row by row, each row an object, adding each reported row as it comes. */
const readRowByRow: CheckDefinition = {
  ...clickIdWithoutUtm,
  run(data, findings) {
    const platforms: [string, string][] = [
      ["fbclid", "Meta"],
      ["ttclid", "TikTok"],
      ["msclkid", "Microsoft Advertising"],
      ["li_fat_id", "LinkedIn"],
      ["twclid", "X (Twitter)"],
    ];
    const metaAdParams = ["ad_id", "adset_id", "campaign_id", "ad_name", "adset_name"];
    metaAdParams.push("campaign_name", "site_source_name");
    for (const row of data.rows) {
      const landing = row.values.landingPagePlusQueryString;
      if (landing === undefined) continue;
      if (!/(?:^|[?&])(?:fbclid|msclkid|ttclid|twclid|li_fat_id)(?:=|&|#|$)/i.test(landing))
        continue;
      const params = landingParams(landing);
      if (hasParamValue(params, "utm_source") || hasParamValue(params, "utm_medium")) continue;
      if (hasGoogleClickId(landing)) continue;
      const medium = data.utm(row, "medium");
      if (isUserValue(medium) && !["referral", "organic"].includes(keyPart(medium))) continue;
      for (const [param, platform] of platforms) {
        if (!params.has(param)) continue;
        const metaAd = metaAdParams.some((name) => hasParamValue(params, name));
        const severity: Severity = param !== "fbclid" || metaAd ? "warning" : "info";
        const source = row.values.sessionSource ?? row.values.sessionManualSource;
        const filed = row.values.sessionMedium ?? row.values.sessionManualMedium;
        const traffic =
          source !== undefined || filed !== undefined
            ? `${source ?? "(not set)"} / ${filed ?? "(not set)"}`
            : landing;
        findings.add(
          `click-id:${param}`,
          `${platform} clicks (${param}) arrive without UTMs`,
          row,
          {
            values: [traffic],
            severity,
            field: "landingPagePlusQueryString",
          },
        );
      }
    }
  },
};

describe("click-id-without-utm against its rule read row by row", () => {
  it("finds the same findings, rows, examples and severities", () => {
    const pick = <T>(...options: T[]) => fc.constantFrom(...options);
    // URLs made of a path and a few parameters, and odd texts around the same names.
    const params = [
      "fbclid=IwAR",
      "FBCLID=",
      "fbclid",
      "msclkid=7f3e",
      "ttclid=E.C",
      "li_fat_id=5b1c",
      "twclid=2-a",
      "gclid=Cj0",
      "utm_source=",
      "utm_source=facebook",
      "utm_medium=cpc",
      "UTM_Medium=",
      "ad_id=",
      "ad_id=123",
      "campaign_name=spring",
    ];
    const landing = fc.oneof(
      fc
        .tuple(pick("/p", "/q"), fc.array(pick(...params), { maxLength: 3 }))
        .map(([path, query]) => `${path}?${query.join("&")}`),
      joinedPieces(["/p", "?", "&", "#", "=", "x", "%20", ...params], 8),
    );
    const source = pick(undefined, "google", "m.facebook.com", "bing", "(not set)", "", "(direct)");
    const medium = pick(
      undefined,
      "organic",
      "Organic",
      " referral",
      "cpc",
      "(not set)",
      "",
      "(none)",
    );
    const row = fc.record(
      {
        sessionSource: source,
        sessionMedium: medium,
        sessionManualSource: source,
        sessionManualMedium: medium,
        landingPagePlusQueryString: fc.option(landing, { nil: undefined }),
        sessions: fc.integer({ min: 1, max: 5 }),
      },
      { requiredKeys: ["sessions"] },
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 3, maxLength: 25 }), (generated) => {
        const rows = generated.map(withoutUndefined);
        expect(withoutRowObjects(() => audited(clickIdWithoutUtm, rows))).toEqual(
          audited(readRowByRow, rows),
        );
      }),
      { numRuns: 200 },
    );
  });
});
