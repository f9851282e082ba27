import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { excessiveLength } from "./excessive-length.ts";

const LONG_CAMPAIGN =
  "spring_sale_for_returning_customers_who_bought_running_shoes_in_the_last_six_months_excluding_newsletter_subscribers";

describe("excessive-length", () => {
  it("flags a campaign name over 100 characters, shortened in the title", () => {
    const result = runOn(excessiveLength, [
      utmRow("facebook", "paid_social", LONG_CAMPAIGN, 80),
      utmRow("facebook", "paid_social", "spring_sale_2025", 500),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual([`campaign:${LONG_CAMPAIGN}`]);
    const finding = result.findings[0];
    expect(finding?.values).toEqual([LONG_CAMPAIGN]);
    expect(finding?.affectedSessions).toBe(80);
    expect(finding?.title).toBe(
      `utm_campaign value is ${LONG_CAMPAIGN.length} characters long (limit 100): '${LONG_CAMPAIGN.slice(0, 100)}…'`,
    );
  });

  it("flags a source or medium over 50 characters", () => {
    const source = "newsletter_weekly_digest_for_existing_customers_in_germany";
    const result = runOn(excessiveLength, [utmRow(source, "email", "digest", 30)]);
    expect(findingKeys(result)).toEqual([`source:${source}`]);
  });

  it("flags utm_content and utm_term over 100 characters", () => {
    const content = `carousel_${"summer_dresses_".repeat(7)}`;
    const term = `buy ${"cheap waterproof hiking boots ".repeat(4).trim()}`;
    const result = runOn(excessiveLength, [
      utmRow("google", "cpc", "hiking", 20, { sessionManualAdContent: content }),
      utmRow("google", "cpc", "hiking", 10, { sessionManualTerm: term }),
    ]);
    expect(findingKeys(result)).toEqual([`content:${content}`, `term:${term}`]);
  });

  it("passes values at the limit, and counts an emoji or accent as one character", () => {
    const result = runOn(excessiveLength, [
      utmRow("a".repeat(50), "email", "b".repeat(100)),
      utmRow("newsletter", "email", `${"é".repeat(98)}🎉`),
    ]);
    expect(result.status).toBe("passed");
  });

  it("leaves long referrer hosts alone when only the cross-channel source is known", () => {
    const result = runOn(excessiveLength, [
      {
        sessionSource: "subscriber-portal.members.regional-office.example-association.org",
        sessionMedium: "referral",
        sessions: 40,
      },
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(excessiveLength, [{ landingPagePlusQueryString: "/", sessions: 5 }]);
    expect(result.status).toBe("skipped");
  });
});
