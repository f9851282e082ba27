import { describe, expect, it } from "vitest";
import type { AuditRow } from "../core/types.ts";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { highCardinality } from "./high-cardinality.ts";

/** One email send per day of November 2025, each with its own send ID. */
function dailySends(days: number): AuditRow[] {
  const rows: AuditRow[] = [];
  for (let day = 1; day <= days; day += 1) {
    const date = `202511${String(day).padStart(2, "0")}`;
    rows.push(utmRow("newsletter", "email", `email_${date}_${8800 + day * 7}`, 10 + day));
  }
  return rows;
}

describe("high-cardinality", () => {
  it("flags a campaign that gets a new dated name for every send", () => {
    const result = runOn(highCardinality, [
      ...dailySends(12),
      utmRow("google", "cpc", "brand_search", 900),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["campaign:email_{date}_#"]);
    const finding = result.findings[0];
    expect(finding?.title).toBe(
      "utm_campaign splits into 12 values like 'email_20251112_8884' (email_{date}_#)",
    );
    expect(finding?.values[0]).toBe("email_20251112_8884");
    expect(finding?.values).toHaveLength(12);
    expect(finding?.affectedSessions).toBe(12 * 10 + (12 * 13) / 2);
  });

  it("flags hashes and UUIDs in utm_content", () => {
    const rows: AuditRow[] = [];
    for (let i = 0; i < 10; i += 1) {
      const hash = (0x3f9a2c10 + i * 7919).toString(16);
      rows.push(utmRow("klaviyo", "email", "welcome", 5, { sessionManualAdContent: `u_${hash}` }));
      rows.push(
        utmRow("braze", "email", "winback", 5, {
          sessionManualAdContent: `${i}b6f3c2e-9a41-4d7e-8f0b-2c5d6e7f8a9${i}`,
        }),
      );
    }
    const result = runOn(highCardinality, rows);
    expect(findingKeys(result)).toEqual(["content:u_{hex}", "content:{uuid}"]);
  });

  it("flags a handful of ID-carrying values when they are most of the parameter", () => {
    const result = runOn(highCardinality, [
      utmRow("crm", "email", "offer_user_48213", 3),
      utmRow("crm", "email", "offer_user_55120", 2),
      utmRow("crm", "email", "offer_user_60981", 4),
      utmRow("crm", "email", "offer_user_71002", 1),
      utmRow("crm", "email", "offer_user_80877", 2),
      utmRow("google", "cpc", "brand", 100),
    ]);
    expect(findingKeys(result)).toEqual(["campaign:offer_user_{id}"]);
  });

  it("does not flag a few dated or numbered campaigns, or keywords with numbers", () => {
    const rows: AuditRow[] = [
      utmRow("newsletter", "email", "spring_sale_2024"),
      utmRow("newsletter", "email", "spring_sale_2025"),
      utmRow("google", "cpc", "q1_brand"),
      utmRow("google", "cpc", "q2_brand"),
      utmRow("newsletter", "email", "webinar_2025-03-12"),
      utmRow("newsletter", "email", "webinar_2025-06-18"),
      utmRow("newsletter", "email", "webinar_2025-09-10"),
      utmRow("newsletter", "email", "webinar_2025-10-08"),
      utmRow("newsletter", "email", "webinar_2025-11-12"),
    ];
    for (let i = 1; i <= 12; i += 1) {
      rows.push(
        utmRow("facebook", "paid_social", "spring", 10, { sessionManualAdContent: `ad_${i}` }),
      );
      rows.push(utmRow("google", "cpc", "phones", 10, { sessionManualTerm: `iphone ${i} case` }));
    }
    for (let i = 1; i <= 30; i += 1) {
      rows.push(
        utmRow("google", "cpc", "shoes", 10, { sessionManualTerm: `running shoes size ${i}` }),
      );
    }
    const result = runOn(highCardinality, rows);
    expect(result.status).toBe("passed");
  });

  it("does not flag a small property's handful of dated campaigns", () => {
    const result = runOn(highCardinality, [
      utmRow("newsletter", "email", "webinar_2025-03-12"),
      utmRow("newsletter", "email", "webinar_2025-06-18"),
      utmRow("newsletter", "email", "webinar_2025-09-10"),
      utmRow("newsletter", "email", "webinar_2025-10-08"),
      utmRow("newsletter", "email", "webinar_2025-11-12"),
      utmRow("google", "cpc", "brand"),
    ]);
    expect(result.status).toBe("passed");
  });

  it("flags many values that differ only by a number", () => {
    const rows: AuditRow[] = [];
    for (let i = 1; i <= 30; i += 1) rows.push(utmRow("partner", "affiliate", `partner_link_${i}`));
    const result = runOn(highCardinality, rows);
    expect(findingKeys(result)).toEqual(["campaign:partner_link_#"]);
  });

  it("reports GA4's (other) row with its sessions", () => {
    const result = runOn(highCardinality, [
      utmRow("google", "cpc", "(other)", 340),
      {
        sessionSource: "google",
        sessionMedium: "organic",
        landingPagePlusQueryString: "(other)",
        sessions: 60,
      },
      utmRow("google", "cpc", "brand", 500),
    ]);
    expect(findingKeys(result)).toEqual(["ga4-other-row"]);
    expect(result.findings[0]?.affectedSessions).toBe(400);
    expect(result.findings[0]?.title).toBe(
      "GA4 grouped 400 sessions into an (other) row: the report hit its row limit",
    );
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(highCardinality, [{ landingPagePlusQueryString: "/", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });
});
