import { describe, expect, it } from "vitest";
import { audit } from "../core/auditor.ts";
import type { AuditReport, AuditRow } from "../core/types.ts";

/**
 * The shape of a real GA4 export of an online shop (the Merchandise Store's public sample, and
 * values seen across real properties): most traffic is Google's own values (organic, direct,
 * auto-tagged Google Ads, "(data deleted)", the "<Other>" row), and the few real problems are an
 * unlinked Ads account, a medium written "Google Ads" by hand and a checkout sub-domain
 * referring its own visits back.
 */
const SITE = { siteHosts: ["shop.googlemerchandisestore.com"], now: new Date("2026-11-20") };

function session(
  source: string,
  medium: string,
  campaign: string,
  channel: string,
  sessions: number,
  extra: Partial<AuditRow> = {},
): AuditRow {
  const tagged = !["(none)", "organic", "referral", "cpc", "(data deleted)", "<Other>"].includes(
    medium,
  );
  return {
    sessionSource: source,
    sessionMedium: medium,
    sessionCampaignName: campaign,
    sessionDefaultChannelGroup: channel,
    sessionManualSource: tagged ? source : "(not set)",
    sessionManualMedium: tagged ? medium : "(not set)",
    sessionManualCampaignName: tagged ? campaign : "(not set)",
    landingPagePlusQueryString: "/",
    sessions,
    ...extra,
  };
}

const GCLID = { landingPagePlusQueryString: "/Google+Redesign/Apparel?gclid=Cj0KCQiA" };

const EXPORT: AuditRow[] = [
  session("google", "organic", "(organic)", "Organic Search", 41_200),
  session("(direct)", "(none)", "(direct)", "Direct", 23_900),
  session("google", "cpc", "Google Shopping - Apparel", "Paid Search", 5_800, GCLID),
  session("google", "cpc", "(automatic matching)", "Paid Search", 420, GCLID),
  session("google", "cpc", "(Remarketing/Content targeting)", "Paid Search", 380, GCLID),
  // An Ads account nobody linked: its auto-tagged clicks carry no campaign (35% of paid).
  session("google", "cpc", "(not set)", "Paid Search", 3_500, GCLID),
  session("(data deleted)", "(data deleted)", "(data deleted)", "Unassigned", 2_100),
  session("<Other>", "<Other>", "<Other>", "Unassigned", 900),
  session("mall.googleplex.com", "referral", "(referral)", "Referral", 3_100),
  session("newsletter", "email", "november_picks", "Email", 1_600),
  // Ads tagged by hand without auto-tagging, the medium typed "Google Ads": a paid medium GA4 does
  // not count as paid, a platform name as the medium, a space inside, and Unassigned traffic:
  // four reasons, one problem of the medium; and auto-tagging is off.
  session("google", "Google Ads", "holiday_partner", "Unassigned", 700),
  // The checkout sub-domain, outside cross-domain measurement, refers visits back.
  session("checkout.googlemerchandisestore.com", "referral", "(referral)", "Referral", 950),
];

function shown(report: AuditReport): string[] {
  return report.checks
    .filter((check) => check.status === "failed")
    .flatMap((check) =>
      check.findings.filter((f) => !f.foldedInto).map((f) => `${check.id}: ${f.values.join(", ")}`),
    )
    .sort();
}

describe("a real GA4 export's shape", () => {
  const report = audit(EXPORT, SITE);

  it("reports its real problems, each once, and none of Google's own values", () => {
    expect(shown(report)).toEqual([
      "google-ads-auto-tagging-off: /",
      "paid-medium-not-recognized: Google Ads",
      "paid-traffic-without-campaign: google / cpc",
      "self-referral: checkout.googlemerchandisestore.com",
    ]);
    const medium = report.checks
      .find((check) => check.id === "paid-medium-not-recognized")
      ?.findings.at(0);
    expect(medium?.alsoFound?.map((reason) => reason.checkId).sort()).toEqual([
      "platform-as-medium",
      "unassigned-traffic",
      "whitespace-in-value",
    ]);
    expect(report.totals.hidden).toEqual({ dataDeleted: 2_100, rowLimit: 900 });
  });

  it("costs each problem once, and rises with each fix", () => {
    const costed = report.checks.filter((check) => check.costedShare > 0).map((check) => check.id);
    expect(costed.sort()).toEqual([
      "google-ads-auto-tagging-off",
      "paid-medium-not-recognized",
      "paid-traffic-without-campaign",
      "self-referral",
    ]);
    expect(report.healthScore).toBeGreaterThan(0);
    // Fix each problem in turn (its rows tagged right), and the score goes up each time.
    const fixes: [string, (row: AuditRow) => AuditRow][] = [
      [
        // Auto-tagging on: GA4 reads google / cpc and the campaign from the click.
        "Google Ads",
        (row) =>
          row.sessionMedium === "Google Ads"
            ? {
                ...row,
                ...GCLID,
                sessionMedium: "cpc",
                sessionManualMedium: "(not set)",
                sessionManualSource: "(not set)",
                sessionManualCampaignName: "(not set)",
                sessionDefaultChannelGroup: "Paid Search",
              }
            : row,
      ],
      [
        "unlinked Ads account",
        (row) =>
          row.sessionCampaignName === "(not set)" && row.sessionMedium === "cpc"
            ? { ...row, sessionCampaignName: "Google Shopping - Bags" }
            : row,
      ],
      [
        "checkout referral",
        (row) =>
          row.sessionSource === "checkout.googlemerchandisestore.com"
            ? {
                ...row,
                sessionSource: "(direct)",
                sessionMedium: "(none)",
                sessionCampaignName: "(direct)",
                sessionDefaultChannelGroup: "Direct",
              }
            : row,
      ],
    ];
    let rows = EXPORT;
    let score = report.healthScore;
    for (const [name, fix] of fixes) {
      rows = rows.map(fix);
      const next = audit(rows, SITE).healthScore;
      expect(next, name).toBeGreaterThan(score);
      score = next;
    }
    expect(score).toBe(100);
  });
});
