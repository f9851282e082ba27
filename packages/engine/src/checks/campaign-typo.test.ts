import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { campaignTypo } from "./campaign-typo.ts";

const newsletter = (campaign: string, sessions: number): AuditRow =>
  utmRow("newsletter", "email", campaign, sessions);

/** 0 → "a", 25 → "z", 26 → "ba": letter-only names, so they all share one block. */
const letters = (n: number): string =>
  n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26)) + letters(n % 26);

describe("campaign-typo", () => {
  it("flags a transposed letter next to the real campaign", () => {
    const result = runOn(campaignTypo, [
      newsletter("black_friday_sale", 1200),
      newsletter("black_firday_sale", 40),
      utmRow("facebook", "paid_social", "black_friday_sale", 800),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["campaign:black_firday_sale"]);
    const finding = result.findings[0];
    expect(finding?.title).toBe(
      "utm_campaign 'black_firday_sale' looks like a typo of 'black_friday_sale'",
    );
    expect(finding?.values).toEqual(["black_firday_sale", "black_friday_sale"]);
    expect(finding?.affectedSessions).toBe(40);
    expect(result.affectedSessions).toBe(40);
  });

  it("flags a dropped letter, and two slips in a long word of a long name", () => {
    const result = runOn(campaignTypo, [
      newsletter("summer_promo", 900),
      newsletter("sumer_promo", 25),
      newsletter("welcome_series_newsletter", 700),
      newsletter("welcome_series_newsleter", 30),
      newsletter("welcome_series_nwsleter", 5),
    ]);
    expect(findingKeys(result)).toEqual([
      "campaign:sumer_promo",
      "campaign:welcome_series_newsleter",
      "campaign:welcome_series_nwsleter",
    ]);
    const twoSlips = result.findings.find((f) => f.key === "campaign:welcome_series_nwsleter");
    expect(twoSlips?.values).toEqual(["welcome_series_nwsleter", "welcome_series_newsletter"]);
  });

  it("points a slip of a slip at the name that was meant", () => {
    const result = runOn(campaignTypo, [
      newsletter("newsletter", 1000),
      newsletter("newsleter", 100),
      newsletter("nwsleter", 5),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:newsleter", "campaign:nwsleter"]);
    const slip = result.findings.find((f) => f.key === "campaign:nwsleter");
    expect(slip?.title).toBe("utm_campaign 'nwsleter' looks like a typo of 'newsletter'");
  });

  it("flags a rare spelling with few sessions even when the real one is not much larger", () => {
    const result = runOn(campaignTypo, [
      newsletter("webinar_invite", 12),
      newsletter("webinar_invte", 6),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:webinar_invte"]);
  });

  it("groups case variants of the typo and compares names with their separators folded", () => {
    const result = runOn(campaignTypo, [
      newsletter("Spring-Collection", 500),
      newsletter("spring_colection", 20),
      newsletter("Spring_Colection", 10),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:spring_colection"]);
    expect(result.findings[0]?.values).toEqual([
      "spring_colection",
      "Spring_Colection",
      "Spring-Collection",
    ]);
    expect(result.affectedSessions).toBe(30);
  });

  it("does not flag names that differ only in numbers, codes or a real word", () => {
    const result = runOn(campaignTypo, [
      newsletter("spring_sale_2025", 1000),
      newsletter("spring_sale_2024", 20),
      newsletter("q1_brand_push", 500),
      newsletter("q2_brand_push", 10),
      newsletter("wave1_reactivation", 400),
      newsletter("wave2_reactivation", 10),
      newsletter("retargeting_us", 900),
      newsletter("retargeting_uk", 30),
      newsletter("banner_a", 300),
      newsletter("banner_b", 20),
      newsletter("shoes_women", 700),
      newsletter("shoes_men", 20),
      newsletter("remarketing_shoes_2025", 600),
      newsletter("retargeting_shoes_2025", 40),
      newsletter("winter_offer", 800),
      newsletter("winner_offer", 20),
      newsletter("june_newsletter_recap", 500),
      newsletter("july_newsletter_recap", 20),
      newsletter("cold_audience", 500),
      newsletter("gold_audience", 20),
    ]);
    expect(result.status).toBe("passed");
  });

  it("does not flag separator or case variants, or names of similar weight", () => {
    const result = runOn(campaignTypo, [
      newsletter("blackfriday_sale", 500),
      newsletter("black_friday_sale", 40),
      newsletter("Black_Friday_Sale", 30),
      newsletter("spring_promo", 400),
      newsletter("spring_photo", 30),
      newsletter("product_launch", 300),
      newsletter("product_lunch", 200),
    ]);
    expect(result.status).toBe("passed");
  });

  it("finds single slips among many names without comparing every pair", () => {
    const rows: AuditRow[] = [];
    for (let i = 0; i < 5000; i += 1) {
      rows.push(newsletter(`promo${letters(i)}`, 50));
    }
    rows.push(newsletter("newslettermay", 4000));
    rows.push(newsletter("newsletermay", 10));
    const started = performance.now();
    const result = runOn(campaignTypo, rows);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(findingKeys(result)).toContain("campaign:newsletermay");
  });

  it("is skipped without a campaign dimension", () => {
    const result = runOn(campaignTypo, [{ sessionSource: "google", sessions: 5 }]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("needs sessionManualCampaignName or sessionCampaignName");
  });
});
