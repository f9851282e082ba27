import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { campaignWithNaturalMedium } from "./campaign-with-natural-medium.ts";

/** Issue 20: how campaign-with-natural-medium reads mediums and campaigns, and its severity. */

describe("campaign-with-natural-medium edges", () => {
  it("trims the medium and folds the campaign into one finding", () => {
    const result = runOn(campaignWithNaturalMedium, [
      utmRow("partner", " referral ", "spring", 10),
      utmRow("partner", "referral", "spring ", 5),
    ]);
    expect(findingKeys(result)).toEqual(["medium:referral|campaign:spring"]);
    expect(result.findings[0]?.affectedSessions).toBe(15);
    expect(result.findings[0]?.field).toBe("sessionManualMedium");
  });

  it("keeps a search engine tagged referral a warning: only organic is deliberate", () => {
    const result = runOn(campaignWithNaturalMedium, [utmRow("google", "referral", "spring", 10)]);
    expect(result.findings[0]?.severity).toBeUndefined();
    expect(result.severity).toBe("warning");
  });

  it("keeps organic without a source a warning", () => {
    const rows: AuditRow[] = [
      { sessionManualMedium: "organic", sessionManualCampaignName: "spring", sessions: 5 },
      utmRow("newsletter", "email", "may", 10),
    ];
    const result = runOn(campaignWithNaturalMedium, rows);
    expect(findingKeys(result)).toEqual(["medium:organic|campaign:spring"]);
    expect(result.findings[0]?.severity).toBeUndefined();
  });
});

describe("campaign-with-natural-medium title", () => {
  it("names the campaign and the natural medium it is tagged with", () => {
    const result = runOn(campaignWithNaturalMedium, [utmRow("partner", "referral", "spring", 10)]);
    expect(result.findings.map((finding) => finding.title)).toEqual([
      "Campaign spring is tagged utm_medium=referral, a medium GA4 keeps for untagged traffic",
    ]);
  });
});
