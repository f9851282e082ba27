import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { utmIdInconsistent } from "./utm-id-inconsistent.ts";

const tagged = (id: string, campaign: string, sessions = 100, source = "facebook"): AuditRow =>
  utmRow(source, "paid_social", campaign, sessions, { sessionManualCampaignId: id });

describe("utm-id-inconsistent", () => {
  it("flags one utm_id reused for two campaigns", () => {
    const result = runOn(utmIdInconsistent, [
      tagged("fb_1042", "spring_sale", 400),
      tagged("fb_1042", "summer_launch", 120),
      tagged("fb_1043", "autumn_promo", 300),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["id:fb_1042"]);
    const finding = result.findings[0];
    expect(finding?.title).toBe(
      "utm_id 'fb_1042' is used by 2 campaign names: 'spring_sale', 'summer_launch'",
    );
    expect(finding?.values).toEqual(["fb_1042", "spring_sale", "summer_launch"]);
    expect(finding?.affectedSessions).toBe(520);
  });

  it("flags one campaign tagged with several IDs", () => {
    const result = runOn(utmIdInconsistent, [
      tagged("fb_1042", "spring_sale", 400),
      tagged("fb_2042", "spring_sale", 50, "instagram"),
      tagged("ig_77", "spring_sale", 20, "instagram"),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:spring_sale"]);
    expect(result.findings[0]?.values).toEqual(["spring_sale", "fb_1042", "fb_2042", "ig_77"]);
    expect(result.findings[0]?.title).toBe(
      "Campaign 'spring_sale' carries 3 different utm_id values: 'fb_1042', 'fb_2042', 'ig_77'",
    );
    expect(result.affectedSessions).toBe(470);
  });

  it("reports both sides when IDs and names are crossed", () => {
    const result = runOn(utmIdInconsistent, [
      tagged("101", "brand_q1", 50),
      tagged("101", "brand_q2", 40),
      tagged("102", "brand_q2", 30),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:brand_q2", "id:101"]);
    expect(result.affectedSessions).toBe(120);
  });

  it("passes one-to-one pairs, case and separator variants, and placeholders", () => {
    const result = runOn(utmIdInconsistent, [
      tagged("fb_1042", "spring_sale", 400),
      tagged("fb_1042", "Spring-Sale", 20),
      tagged("fb_1043", "summer_launch", 200),
      tagged("fb_1043", "(not set)", 5),
      tagged("(not set)", "summer_launch", 90),
      tagged("(not set)", "autumn_promo", 60),
      utmRow("google", "organic", "(organic)", 800, { sessionManualCampaignId: "(not set)" }),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without utm_id", () => {
    const result = runOn(utmIdInconsistent, [utmRow("google", "cpc", "brand")]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualCampaignId");
  });
});
