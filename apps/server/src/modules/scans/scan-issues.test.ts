import { audit } from "@utmost/engine";
import { describe, expect, it } from "vitest";
import { issueRecords } from "./scan-issues.ts";

describe("issueRecords", () => {
  it("stores one issue per problem, with the other checks' reasons on it", () => {
    // `Google Ads` as a medium: a paid medium GA4 does not count as paid, a platform named as a
    // medium and a value with a space inside, all on the same sessions.
    const report = audit(
      [
        {
          sessionSource: "google",
          sessionMedium: "Google Ads",
          sessionManualSource: "google",
          sessionManualMedium: "Google Ads",
          sessionManualCampaignName: "brand",
          sessionDefaultChannelGroup: "Unassigned",
          sessions: 120,
        },
        {
          sessionSource: "newsletter",
          sessionMedium: "email",
          sessionManualSource: "newsletter",
          sessionManualMedium: "email",
          sessionManualCampaignName: "may",
          sessionDefaultChannelGroup: "Email",
          sessions: 880,
        },
      ],
      { siteHosts: ["www.example.com"], now: new Date("2026-11-01T00:00:00Z") },
    );
    const records = issueRecords(report);
    const onMedium = records.filter((record) => record.values.includes("Google Ads"));
    expect(onMedium.map((record) => record.issueType)).toEqual(["paid-medium-not-recognized"]);
    const reasons = onMedium[0]?.alsoFound.map((reason) => reason.issueType) ?? [];
    expect(reasons).toEqual(expect.arrayContaining(["platform-as-medium", "whitespace-in-value"]));
    // No two stored issues are the same sessions of the same check.
    const keys = records.map((record) => `${record.issueType}\n${record.findingKey}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
