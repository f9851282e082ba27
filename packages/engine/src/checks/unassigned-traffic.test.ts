import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { unassignedTraffic } from "./unassigned-traffic.ts";

describe("unassigned-traffic", () => {
  it("reports predicted Unassigned rows, one finding per source / medium pair", () => {
    const result = runOn(unassignedTraffic, [
      utmRow("mailchimp", "newsletter", "may_2025", 150),
      utmRow("mailchimp", "newsletter", "june_2025", 50),
      utmRow("partner", "affiliates", "spring_2025", 40),
      utmRow("(not set)", "(not set)", "(not set)", 10),
      utmRow("google", "cpc", "brand", 500),
      utmRow("newsletter", "email", "may_2025", 250),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([
      "source:(not set)|medium:(not set)",
      "source:mailchimp|medium:newsletter",
      "source:partner|medium:affiliates",
    ]);
    const mailchimp = result.findings.find((f) => f.key === "source:mailchimp|medium:newsletter");
    expect(mailchimp?.title).toBe("Unassigned traffic from mailchimp / newsletter");
    expect(mailchimp?.affectedSessions).toBe(200);
    // Exactly the Unassigned rows: the grade cap reads this share.
    expect(result.affectedSessions).toBe(250);
    expect(result.affectedShare).toBeCloseTo(0.25);
  });

  it("trusts GA4's assigned channel group over the prediction", () => {
    const result = runOn(unassignedTraffic, [
      {
        sessionSource: "x.com",
        sessionMedium: "referral",
        sessionDefaultChannelGroup: "Unassigned",
        sessions: 30,
      },
      {
        sessionSource: "qr",
        sessionMedium: "print",
        sessionDefaultChannelGroup: "Referral",
        sessions: 70,
      },
    ]);
    expect(findingKeys(result)).toEqual(["source:x.com|medium:referral"]);
    expect(result.affectedSessions).toBe(30);
  });

  it("works from the channel group alone", () => {
    const result = runOn(unassignedTraffic, [
      { sessionDefaultChannelGroup: "Unassigned", sessions: 20 },
      { sessionDefaultChannelGroup: "Organic Search", sessions: 80 },
    ]);
    expect(findingKeys(result)).toEqual(["source:|medium:"]);
    expect(result.affectedShare).toBeCloseTo(0.2);
  });

  it("passes when every session has a channel", () => {
    const result = runOn(unassignedTraffic, [
      utmRow("(direct)", "(none)", "(not set)"),
      utmRow("google", "organic", "(organic)"),
      utmRow("facebook", "paid_social", "spring_2025"),
      utmRow("partner", "affiliate", "spring_2025"),
      utmRow("instagram", "story", "spring_2025"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without a channel group or a source and a medium", () => {
    const result = runOn(unassignedTraffic, [{ sessionSource: "mailchimp", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });
});
