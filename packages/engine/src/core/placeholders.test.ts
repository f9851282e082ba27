import { describe, expect, it } from "vitest";
import { context } from "../testing/support.ts";
import { audit, createAuditor } from "./auditor.ts";
import { isGa4Placeholder, isUserValue } from "./values.ts";

/** Values GA4 writes itself, seen in real GA4 exports, in the case GA4 writes them. */
const GOOGLE_VALUES = [
  "(not set)",
  "(none)",
  "(direct)",
  "(data deleted)",
  "<Other>",
  "(other)",
  "(automatic matching)",
  "(content targeting)",
  "(Remarketing/Content targeting)",
  "(organic)",
  "(referral)",
  "(not provided)",
];

describe("GA4's own values", () => {
  it("are never a value a person typed", () => {
    for (const value of GOOGLE_VALUES) expect(isUserValue(value), value).toBe(false);
    expect(isUserValue("data deleted")).toBe(true);
  });

  it("are known with the spaces GA4 exports can carry, and nothing else is", () => {
    for (const value of GOOGLE_VALUES) {
      for (const padded of [` ${value}`, `\t${value} `, `\u00a0${value}`, `\u3000${value}`]) {
        expect(isGa4Placeholder(padded), JSON.stringify(padded)).toBe(true);
      }
    }
    for (const value of ["", " ", "newsletter", "(newsletter)", "<b>", "x(not set)", "é(none)"]) {
      expect(isGa4Placeholder(value), value).toBe(false);
    }
  });

  it("are named by no finding of any check but the one that reads the (other) row", () => {
    const auditor = createAuditor(context());
    // A tagged, clean row beside them, so the checks have data to run on.
    auditor.add({
      sessionSource: "newsletter",
      sessionMedium: "email",
      sessionCampaignName: "spring_sale",
      sessionManualSource: "newsletter",
      sessionManualMedium: "email",
      sessionManualCampaignName: "spring_sale",
      sessionDefaultChannelGroup: "Email",
      landingPagePlusQueryString:
        "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
      sessions: 500,
    });
    for (const value of GOOGLE_VALUES) {
      auditor.add({
        sessionSource: value,
        sessionMedium: value,
        sessionCampaignName: value,
        sessionManualSource: value,
        sessionManualMedium: value,
        sessionManualCampaignName: value,
        sessionManualTerm: value,
        sessionManualAdContent: value,
        sessionManualCampaignId: value,
        sessionDefaultChannelGroup: "Direct",
        landingPagePlusQueryString: "/",
        sessions: 40,
      });
    }
    const named = auditor
      .finish()
      .checks.flatMap((check) =>
        check.findings.flatMap((finding) =>
          finding.values
            .filter((value) => GOOGLE_VALUES.includes(value))
            .map((v) => `${check.id}: ${v}`),
        ),
      );
    // The (other) row is GA4 folding values past a table's row limit: high-cardinality reports it
    // as the sign of too many values, which is its finding, not a tagging error in "(other)".
    expect(named).toEqual(["high-cardinality: (other)"]);
  });

  it("are named by no title either", () => {
    const rows = GOOGLE_VALUES.map((value) => ({
      sessionSource: value,
      sessionMedium: value,
      sessionCampaignName: value,
      sessionManualSource: value,
      sessionManualMedium: value,
      sessionManualCampaignName: value,
      sessionDefaultChannelGroup: "Unassigned",
      sessions: 30,
    }));
    const titles = audit(rows, context()).checks.flatMap((check) =>
      check.findings.map((finding) => `${check.id}: ${finding.title}`),
    );
    // Unassigned traffic names the bucket GA4 filed sessions under, as GA4 labels them; deleted
    // and row-limit values are context (totals.hidden), never a finding.
    const naming = titles.filter(
      (title) =>
        !title.startsWith("unassigned-traffic:") &&
        GOOGLE_VALUES.some((value) => value !== "(other)" && title.includes(value)),
    );
    expect(naming).toEqual([]);
    const hiding = titles.filter(
      (title) =>
        !title.startsWith("high-cardinality:") && /\(data deleted\)|<Other>|\(other\)/.test(title),
    );
    expect(hiding).toEqual([]);
  });

  it("leave a GA4 export's score to its real problem", () => {
    // The shape of a real export: a self-referral, and Google's own values around it.
    const selfReferral = {
      sessionSource: "checkout.example.com",
      sessionMedium: "referral",
      sessionCampaignName: "(referral)",
      sessionDefaultChannelGroup: "Referral",
      sessions: 300,
    };
    const clean = {
      sessionSource: "google",
      sessionMedium: "organic",
      sessionCampaignName: "(organic)",
      sessionDefaultChannelGroup: "Organic Search",
      sessions: 1500,
    };
    const google = [
      ["(data deleted)", "(data deleted)", "(data deleted)", "Unassigned"],
      ["<Other>", "<Other>", "<Other>", "Unassigned"],
      ["(direct)", "(none)", "(not set)", "Direct"],
      ["google", "cpc", "(automatic matching)", "Paid Search"],
      ["google", "cpc", "(Remarketing/Content targeting)", "Paid Search"],
    ].map(([source, medium, campaign, channel]) => ({
      sessionSource: source,
      sessionMedium: medium,
      sessionCampaignName: campaign,
      sessionDefaultChannelGroup: channel,
      sessions: 200,
    }));
    const report = audit(
      [selfReferral, clean, ...google],
      context({ siteHosts: ["www.example.com"] }),
    );
    const failed = report.checks.filter((check) => check.status === "failed").map((c) => c.id);
    // Unassigned names the sessions GA4 could not file, as context: the one real problem is the
    // self-referral.
    expect(failed).toEqual(["self-referral"]);
    expect(report.totals.hidden).toEqual({ dataDeleted: 200, rowLimit: 200 });
  });
});
