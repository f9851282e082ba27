import { describe, expect, it } from "vitest";
import { runOn, utmRow } from "../testing/support.ts";
import { missingUtmCampaign } from "./missing-utm-campaign.ts";

/** Issue 20: the field missing-utm-campaign reports on. */

describe("missing-utm-campaign field", () => {
  it("names the campaign dimension the data has", () => {
    const result = runOn(missingUtmCampaign, [
      {
        sessionManualSource: "newsletter",
        sessionManualMedium: "email",
        sessionCampaignName: "(not set)",
        sessions: 5,
      },
    ]);
    expect(result.findings[0]?.field).toBe("sessionCampaignName");
  });
});

describe("missing-utm-campaign title", () => {
  it("names the source and medium without a campaign", () => {
    const result = runOn(missingUtmCampaign, [utmRow("newsletter", "email", "(not set)", 90)]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "No utm_campaign on newsletter / email",
    ]);
  });
});
