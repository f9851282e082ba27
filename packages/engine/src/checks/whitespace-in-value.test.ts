import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AuditData } from "../core/audit-data.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
import { fixChangesAnyChannel } from "../rules/hygiene.ts";
import { context, findingKeys, runOn, utmRow } from "../testing/support.ts";
import { channelFixJudge, whitespaceInValue } from "./whitespace-in-value.ts";

describe("whitespace-in-value", () => {
  it("flags leading and trailing spaces, grouping the spellings of one value", () => {
    const result = runOn(whitespaceInValue, [
      utmRow(" facebook", "paid_social", "spring_sale", 40),
      utmRow("facebook ", "paid_social", "spring_sale", 25),
      utmRow("facebook", "paid_social", "spring_sale", 500),
    ]);
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["source:facebook"]);
    const finding = result.findings[0];
    expect(finding?.values).toEqual([" facebook", "facebook "]);
    expect(finding?.affectedSessions).toBe(65);
    expect(finding?.title).toBe(
      'utm_source " facebook", "facebook " have leading or trailing whitespace',
    );
    expect(finding?.severity).toBeUndefined();
  });

  it("flags tabs, line breaks, no-break spaces and double spaces in any parameter", () => {
    const result = runOn(whitespaceInValue, [
      utmRow("newsletter", "email", "spring  sale", 10),
      utmRow("newsletter", "email", "summer\tsale", 10),
      utmRow("newsletter", "email", "autumn_sale", 10, { sessionManualAdContent: "hero\nbanner" }),
      utmRow("newsletter", "email", "winter\u00a0sale", 10),
      utmRow("news\u200bletter", "email", "black_friday", 10),
    ]);
    expect(findingKeys(result)).toEqual([
      "campaign:spring sale",
      "campaign:summer sale",
      "campaign:winter sale",
      "content:hero banner",
      "source:newsletter",
    ]);
  });

  it("raises to critical when the whitespace changes the channel", () => {
    const result = runOn(whitespaceInValue, [
      utmRow("community_post", "social  media", "spring_sale", 80),
    ]);
    expect(findingKeys(result)).toEqual(["medium:social media"]);
    expect(result.findings[0]?.severity).toBe("critical");
    expect(result.findings[0]?.title).toContain("which changes the channel");
    expect(result.severity).toBe("critical");
  });

  it("flags a single space inside a source or medium", () => {
    const result = runOn(whitespaceInValue, [utmRow("google ads", "paid search", "brand_uk", 60)]);
    expect(findingKeys(result)).toEqual(["medium:paid search", "source:google ads"]);
    expect(result.affectedSessions).toBe(60);
  });

  it("passes single spaces in campaign, term and content, and GA4's own spaced mediums", () => {
    const result = runOn(whitespaceInValue, [
      utmRow("facebook", "social media", "Spring Sale 2025", 10, {
        sessionManualTerm: "running shoes",
        sessionManualAdContent: "hero banner",
      }),
      utmRow("linkedin", "social network", "Brand - Search | UK", 10),
      utmRow("newsletter", "e mail", "spring_sale", 10),
      utmRow("(direct)", "(none)", "(not set)", 10),
      utmRow("google", "organic", "(organic)", 10),
    ]);
    expect(result.status).toBe("passed");
  });

  it("is skipped without any UTM dimension", () => {
    const result = runOn(whitespaceInValue, [{ pageReferrer: "https://x.com/", sessions: 3 }]);
    expect(result.status).toBe("skipped");
  });

  it("channelFixJudge agrees with fixChangesAnyChannel, value by value and across subjects", () => {
    const dimensions: Record<"source" | "medium" | "campaign", Dimension> = {
      source: "sessionManualSource",
      medium: "sessionManualMedium",
      campaign: "sessionManualCampaignName",
    };
    const text = (...values: string[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
    const row = fc.record({
      source: text("google", "google ", "facebook", " facebook", "news"),
      medium: text("cpc", "cpc ", "email", "email ", "social", "organic "),
      campaign: text("a", "a ", "shopping ", "cross-network "),
    });
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 16 }),
        fc.constantFrom<"source" | "medium" | "campaign" | "term">(
          "source",
          "medium",
          "campaign",
          "term",
        ),
        fc.constantFrom("google", "cpc", "email", "a", "shopping", "facebook", ""),
        (picked, param, fixed) => {
          const rows: AggregatedRow[] = picked.map((values) => ({
            values: {
              sessionManualSource: values.source,
              sessionManualMedium: values.medium,
              sessionManualCampaignName: values.campaign,
            },
            sessions: 1,
            keyEvents: 0,
            rows: 1,
          }));
          const data = new AuditData(rows, new Set(Object.values(dimensions)), context());
          const dimension = param === "term" ? dimensions.medium : dimensions[param];
          const values = [...data.values(dimension).values()];
          const judge = channelFixJudge(data, dimension, param);
          if (param === "term") expect(judge).toBeUndefined();
          // Each value alone and all of them, on one judge: its marks must not carry over.
          for (const some of [...values.map((stats) => [stats]), values]) {
            const expected = fixChangesAnyChannel(data, dimension, some, param, fixed);
            expect(judge ? judge(some, fixed) : false).toBe(expected);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
