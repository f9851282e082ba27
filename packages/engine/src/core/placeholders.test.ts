import { describe, expect, it } from "vitest";
import { context } from "../testing/support.ts";
import { createAuditor } from "./auditor.ts";
import { isUserValue } from "./values.ts";

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
});
