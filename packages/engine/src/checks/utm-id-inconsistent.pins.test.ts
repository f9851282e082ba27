import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { utmIdInconsistent } from "./utm-id-inconsistent.ts";

/** Issue 20: how utm-id-inconsistent groups spellings and which spelling it shows. */

const tagged = (id: string, campaign: string, sessions = 100): AuditRow =>
  utmRow("facebook", "paid_social", campaign, sessions, { sessionManualCampaignId: id });

const valuesOf = (rows: AuditRow[]) => runOn(utmIdInconsistent, rows).findings[0]?.values;

describe("utm-id-inconsistent spellings", () => {
  it("takes IDs that differ by spaces around them for one ID, shown in its busiest spelling", () => {
    const result = runOn(utmIdInconsistent, [
      tagged(" fb_1", "summer_launch", 10),
      tagged("fb_1", "spring_sale", 50),
      tagged("fb_1 ", "summer_launch", 5),
    ]);
    expect(findingKeys(result)).toEqual(["id:fb_1"]);
    expect(result.findings[0]?.values).toEqual(["fb_1", "spring_sale", "summer_launch"]);
    expect(result.findings[0]?.field).toBe("sessionManualCampaignId");
    expect(result.affectedSessions).toBe(65);
  });

  it("shows each campaign once, in its busiest spelling, the busiest campaign first", () => {
    expect(
      valuesOf([
        tagged("fb_1", "summer", 20),
        tagged("fb_1", "Spring_Sale", 30),
        tagged("fb_1", "spring_sale", 50),
      ]),
    ).toEqual(["fb_1", "spring_sale", "summer"]);
  });

  it("sums a campaign's spellings, and shows the busiest even when it comes first", () => {
    expect(
      valuesOf([
        tagged("fb_1", "Spring_Sale", 50),
        tagged("fb_1", "spring_sale", 30),
        tagged("fb_1", "summer", 60),
      ]),
    ).toEqual(["fb_1", "Spring_Sale", "summer"]);
    expect(
      valuesOf([
        tagged("fb_1", "spring_sale", 50),
        tagged("fb_1", "Spring_Sale", 30),
        tagged("fb_1", "summer", 60),
      ]),
    ).toEqual(["fb_1", "spring_sale", "summer"]);
  });

  it("shows equally used spellings in code-point order, and a campaign of one session", () => {
    const orders = [
      ["spring_sale", "Spring_Sale"],
      ["Spring_Sale", "spring_sale"],
    ] as const;
    for (const [first, second] of orders) {
      expect(
        valuesOf([
          tagged("fb_1", first, 30),
          tagged("fb_1", second, 30),
          tagged("fb_1", "summer", 1),
        ]),
      ).toEqual(["fb_1", "Spring_Sale", "summer"]);
    }
  });

  it("passes an ID seen with placeholders only", () => {
    const rows = [tagged("fb_9", "(not set)", 5), tagged("fb_1", "spring_sale", 5)];
    expect(runOn(utmIdInconsistent, rows).status).toBe("passed");
  });

  it("leaves GA4's placeholders out of the campaigns and rows", () => {
    const result = runOn(utmIdInconsistent, [
      tagged("fb_1", "spring_sale", 50),
      tagged("fb_1", "summer_launch", 10),
      tagged("fb_1", "(not set)", 7),
    ]);
    expect(result.findings[0]?.values).toEqual(["fb_1", "spring_sale", "summer_launch"]);
    expect(result.affectedSessions).toBe(60);
  });
});
