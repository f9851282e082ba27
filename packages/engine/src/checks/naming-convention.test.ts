import { describe, expect, it } from "vitest";
import { findingKeys, runOn, utmRow } from "../testing/support.ts";
import { namingConvention } from "./naming-convention.ts";

describe("naming-convention", () => {
  it("flags mediums outside the allowed list, case-sensitively", () => {
    const result = runOn(
      namingConvention,
      [
        utmRow("google", "cpc", "brand", 500),
        utmRow("google", "CPC", "brand", 40),
        utmRow("facebook", "Paid-Social", "spring", 25),
        utmRow("newsletter", "email", "digest", 300),
      ],
      { conventions: { medium: { allowed: ["cpc", "email", "paid_social"] } } },
    );
    expect(result.status).toBe("failed");
    expect(findingKeys(result)).toEqual(["medium:CPC", "medium:Paid-Social"]);
    const cpc = result.findings.find((f) => f.key === "medium:CPC");
    expect(cpc?.title).toBe("utm_medium 'CPC' is not one of 'cpc', 'email', 'paid_social'");
    expect(cpc?.values).toEqual(["CPC"]);
    expect(cpc?.affectedSessions).toBe(40);
  });

  it("flags campaigns that do not match the whole pattern", () => {
    const result = runOn(
      namingConvention,
      [
        utmRow("newsletter", "email", "spring_sale_2025"),
        utmRow("newsletter", "email", "Spring Sale 2025"),
        utmRow("newsletter", "email", "spring_sale_2025_FINAL"),
      ],
      { conventions: { campaign: { pattern: "[a-z0-9_]+" } } },
    );
    expect(findingKeys(result)).toEqual([
      "campaign:Spring Sale 2025",
      "campaign:spring_sale_2025_FINAL",
    ]);
    expect(result.findings.map((f) => f.title).sort()[0]).toBe(
      "utm_campaign 'Spring Sale 2025' does not match the pattern [a-z0-9_]+",
    );
  });

  it("lets a value through when it is allowed or matches the pattern", () => {
    const result = runOn(
      namingConvention,
      [utmRow("google", "cpc", "brand"), utmRow("newsletter", "email", "BF-2025")],
      { conventions: { campaign: { allowed: ["BF-2025"], pattern: "^[a-z_]+$" } } },
    );
    expect(result.status).toBe("passed");
  });

  it("accepts a pattern written as a regex literal with flags", () => {
    const result = runOn(
      namingConvention,
      [utmRow("Google", "cpc", "brand"), utmRow("bing ads", "cpc", "brand")],
      { conventions: { source: { pattern: "/^[a-z]+$/i" } } },
    );
    expect(findingKeys(result)).toEqual(["source:bing ads"]);
  });

  it("ignores a pattern that does not compile, and GA4 placeholders", () => {
    const result = runOn(
      namingConvention,
      [
        utmRow("Google", "CPC", "brand"),
        utmRow("(direct)", "(none)", "(not set)"),
        utmRow("google", "organic", "(organic)"),
      ],
      {
        conventions: {
          source: { pattern: "([a-z" },
          campaign: { pattern: "^[a-z_]+$" },
        },
      },
    );
    expect(result.status).toBe("passed");
  });

  it("does not hold referral and organic sources to the convention", () => {
    const result = runOn(
      namingConvention,
      [
        { sessionSource: "news.ycombinator.com", sessionMedium: "referral", sessions: 50 },
        { sessionSource: "bing", sessionMedium: "organic", sessions: 30 },
        { sessionSource: "Newsletter", sessionMedium: "email", sessions: 20 },
      ],
      { conventions: { source: { allowed: ["newsletter", "google"] } } },
    );
    expect(findingKeys(result)).toEqual(["source:Newsletter"]);
  });

  it("matches in linear time: a catastrophic-backtracking pattern on a long value returns", () => {
    const long = `${"a".repeat(10_000)}!`;
    const result = runOn(
      namingConvention,
      [utmRow("google", "cpc", long), utmRow("google", "cpc", "aaaa")],
      { conventions: { campaign: { pattern: "(a+)+$" }, term: { pattern: "(x+x+)+y" } } },
    );
    expect(result.findings.map((f) => f.values[0])).toEqual([long]);
  });

  it("reads patterns as RE2: GA4's syntax, with the i flag of a literal", () => {
    const result = runOn(
      namingConvention,
      [utmRow("google", "CPC", "Brand_2025"), utmRow("google", "cpc", "brand 2025")],
      {
        conventions: { campaign: { pattern: "/[a-z]+_\\d{4}/gi" }, medium: { pattern: "(?i)cpc" } },
      },
    );
    expect(findingKeys(result)).toEqual(["campaign:brand 2025"]);
  });

  it("treats a pattern RE2 refuses (a look-ahead) as no rule", () => {
    const result = runOn(namingConvention, [utmRow("google", "cpc", "brand")], {
      conventions: { campaign: { pattern: "(?=b)brand" } },
    });
    expect(result.status).toBe("passed");
  });

  it("is skipped without conventions", () => {
    const result = runOn(namingConvention, [utmRow("google", "cpc", "brand")]);
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe("no naming conventions defined");
    const empty = runOn(namingConvention, [utmRow("google", "cpc", "brand")], {
      conventions: { medium: { allowed: [] } },
    });
    expect(empty.skippedReason).toBe("no naming conventions defined");
  });

  it("is skipped when the data has none of the parameters the conventions cover", () => {
    const result = runOn(namingConvention, [utmRow("google", "cpc", "brand")], {
      conventions: { term: { pattern: "^[a-z ]+$" } },
    });
    expect(result.status).toBe("skipped");
    expect(result.skippedReason).toBe(
      "the data has none of the parameters the naming conventions cover",
    );
  });
});
