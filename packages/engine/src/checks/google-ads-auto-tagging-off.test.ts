import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CheckDefinition } from "../core/check.ts";
import type { AggregatedRow, AuditRow } from "../core/types.ts";
import { isGa4Placeholder, isUserValue } from "../core/values.ts";
import { platformOf } from "../rules/platforms.ts";
import {
  hasGoogleClickId,
  isGa4PaidMedium,
  keyPart,
  looksPaid,
  OTHER_CLICK_ID,
} from "../rules/tagging.ts";
import {
  audited,
  findingKeys,
  joinedPieces,
  runOn,
  utmRow,
  withoutRowObjects,
  withoutUndefined,
} from "../testing/support.ts";
import { googleAdsAutoTaggingOff } from "./google-ads-auto-tagging-off.ts";

/** A click tagged by hand: GA4 reads source, medium and campaign from the landing page's UTMs. */
function handTagged(
  source: string,
  medium: string,
  campaign: string,
  sessions: number,
  path = "/shoes",
  extraQuery = "",
): AuditRow {
  return utmRow(source, medium, campaign, sessions, {
    landingPagePlusQueryString: `${path}?utm_source=${source}&utm_medium=${medium}&utm_campaign=${campaign}${extraQuery}`,
  });
}

/** An auto-tagged Google Ads click without UTMs: google / cpc from the gclid, no manual values. */
function autoTagged(sessions: number, clickId = "gclid"): AuditRow {
  return {
    sessionSource: "google",
    sessionMedium: "cpc",
    sessionCampaignName: "brand_search",
    sessionManualSource: "(not set)",
    sessionManualMedium: "(not set)",
    sessionManualCampaignName: "(not set)",
    landingPagePlusQueryString: `/?${clickId}=Cj0KCQ${sessions}`,
    sessions,
  };
}

describe("google-ads-auto-tagging-off", () => {
  it("flags google / cpc tagged by hand with no click id on any landing page", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      handTagged("google", "cpc", "brand_search", 120, "/"),
      handTagged("google", "cpc", "generic_search", 60, "/boots"),
      handTagged("newsletter", "email", "may_2025", 500),
      utmRow("google", "organic", "(organic)", 900, {
        sessionManualSource: "(not set)",
        sessionManualMedium: "(not set)",
        landingPagePlusQueryString: "/",
      }),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["pair:google / cpc"]);
    const finding = result.findings[0];
    expect(finding?.title).toBe(
      "Landing page never carries a gclid on google / cpc sessions tagged by hand: is Google Ads auto-tagging off?",
    );
    expect(finding?.field).toBe("landingPagePlusQueryString");
    expect(finding?.values).toEqual([
      "/?utm_source=google&utm_medium=cpc&utm_campaign=brand_search",
      "/boots?utm_source=google&utm_medium=cpc&utm_campaign=generic_search",
    ]);
    expect(finding?.severity).toBeUndefined();
    expect(result.severity).toBe("warning");
    expect(result.affectedSessions).toBe(180);
  });

  it("reads other paid mediums and Google Ads' other names, one finding per pair", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      handTagged("google", "ppc", "shopping_feed", 40),
      handTagged("Google", "PPC", "shopping_feed", 10),
      handTagged("google", "paid_search", "generic_search", 35),
      handTagged("adwords", "sem", "brand_search", 30),
      handTagged("google", "display", "remarketing", 30),
    ]);
    expect(findingKeys(result)).toEqual([
      "pair:adwords / sem",
      "pair:google / display",
      "pair:google / paid_search",
      "pair:google / ppc",
    ]);
    expect(result.findings.find((f) => f.key === "pair:google / ppc")?.affectedSessions).toBe(50);
  });

  it("stays silent on auto-tagged traffic, with or without UTMs beside the click id", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      autoTagged(400),
      autoTagged(80, "gbraid"),
      autoTagged(60, "wbraid"),
      handTagged("google", "cpc", "brand_search", 300, "/", "&gclid=EAIaIQ"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("stays silent on a pair whose clicks carry a click id on some landing pages: auto-tagging is on", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      handTagged("google", "cpc", "brand_search", 300, "/", "&gclid=EAIaIQ"),
      handTagged("google", "cpc", "brand_search", 200, "/sale"),
      handTagged("google", "cpc", "shopping_feed", 120, "/p/boot", "&wbraid=CjkKCQ"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("stays silent on a handful of sessions, unpaid mediums and other ad platforms' clicks", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      handTagged("google", "cpc", "test_link", 29),
      handTagged("google", "email", "partner_digest", 200),
      handTagged("google", "organic", "gbp_listing", 200),
      handTagged("bing", "cpc", "brand_search", 200),
      // Campaigns imported into Microsoft Advertising keep Google's UTMs.
      handTagged("google", "cpc", "brand_search", 200, "/", "&msclkid=4f1a"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("ignores GA4's placeholders in the source, medium and landing page", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      utmRow("(not set)", "(not set)", "(not set)", 500, { landingPagePlusQueryString: "/" }),
      utmRow("google", "(not set)", "(not set)", 100, { landingPagePlusQueryString: "/" }),
      utmRow("(data deleted)", "(data deleted)", "(data deleted)", 100, {
        landingPagePlusQueryString: "(data deleted)",
      }),
      utmRow("google", "cpc", "brand_search", 200, { landingPagePlusQueryString: "(not set)" }),
      utmRow("google", "cpc", "brand_search", 200, { landingPagePlusQueryString: "(other)" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without the landing page, which alone shows the click id", () => {
    const result = runOn(googleAdsAutoTaggingOff, [utmRow("google", "cpc", "brand_search", 500)]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs landingPagePlusQueryString");
  });

  it("is skipped without the manual source and medium", () => {
    const result = runOn(googleAdsAutoTaggingOff, [
      {
        sessionSource: "google",
        sessionMedium: "cpc",
        landingPagePlusQueryString: "/?utm_source=google&utm_medium=cpc",
        sessions: 500,
      },
    ]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualSource, sessionManualMedium");
  });
});

/** The check's rule read row by row, each row an object, gathering each pair's rows as they come. */
const readRowByRow: CheckDefinition = {
  ...googleAdsAutoTaggingOff,
  run(data, findings) {
    interface Pair {
      spelling: string;
      rows: AggregatedRow[];
      sessions: number;
      autoTagged: boolean;
    }
    const pairs = new Map<string, Pair>();
    for (const row of data.rows) {
      const source = row.values.sessionManualSource;
      const medium = row.values.sessionManualMedium;
      const landing = row.values.landingPagePlusQueryString;
      if (!isUserValue(source) || !isUserValue(medium)) continue;
      if (landing === undefined || landing.trim() === "" || isGa4Placeholder(landing)) continue;
      if (platformOf(source)?.name !== "google") continue;
      if (!isGa4PaidMedium(medium) && !looksPaid(medium)) continue;
      if (OTHER_CLICK_ID.test(landing)) continue;
      const key = `pair:${keyPart(source)} / ${keyPart(medium)}`;
      let pair = pairs.get(key);
      if (!pair) {
        pair = { spelling: `${source} / ${medium}`, rows: [], sessions: 0, autoTagged: false };
        pairs.set(key, pair);
      }
      if (hasGoogleClickId(landing)) pair.autoTagged = true;
      else {
        pair.rows.push(row);
        pair.sessions += row.sessions;
      }
    }
    for (const [key, pair] of pairs) {
      if (pair.autoTagged || pair.sessions < 30) continue;
      const busiest = [...pair.rows].sort((a, b) => b.sessions - a.sessions);
      findings.add(
        key,
        `Landing page never carries a gclid on ${pair.spelling} sessions tagged by hand: is Google Ads auto-tagging off?`,
        busiest,
        {
          values: busiest.map((row) => row.values.landingPagePlusQueryString ?? ""),
          field: "landingPagePlusQueryString",
        },
      );
    }
  },
};

describe("google-ads-auto-tagging-off against its rule read row by row", () => {
  it("finds the same pairs, rows, values and examples", () => {
    const pick = <T>(...options: T[]) => fc.constantFrom(...options);
    // Mostly landing pages without a click id, so that pairs reach the sessions reported.
    const landing = fc.oneof(
      {
        arbitrary: fc
          .tuple(pick("/", "/a", "/b", "/c", "/d", "/e"), pick("", "?x=1", "?utm_source=google"))
          .map(([path, query]) => `${path}${query}`),
        weight: 12,
      },
      joinedPieces(["/p", "?", "&", "x", "gclid=1", "Gbraid=2", "msclkid=3", "fbclid="], 4),
      pick("(not set)", "(other)", " ", ""),
    );
    const row = fc.record(
      {
        // Mostly google / cpc, so that a pair often reaches the sessions reported.
        sessionManualSource: fc.oneof(
          { arbitrary: pick("google", "Google "), weight: 4 },
          pick(undefined, "adwords", "bing", "(not set)", ""),
        ),
        sessionManualMedium: fc.oneof(
          { arbitrary: pick("cpc", "CPC"), weight: 4 },
          pick(undefined, "ppc", "paid_search", "email", "(not set)"),
        ),
        landingPagePlusQueryString: fc.option(landing, { nil: undefined }),
        // A few counts, so that rows tie and the busiest are chosen among equals.
        sessions: pick(4, 8, 15, 30),
      },
      { requiredKeys: ["sessions"] },
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 3, maxLength: 30 }), (generated) => {
        const rows = generated.map(withoutUndefined);
        expect(withoutRowObjects(() => audited(googleAdsAutoTaggingOff, rows))).toEqual(
          audited(readRowByRow, rows),
        );
      }),
      { numRuns: 200 },
    );
  });
});
