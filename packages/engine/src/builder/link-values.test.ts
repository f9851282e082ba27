import { describe, expect, it } from "vitest";
import { predictChannel } from "../channels/channel-group.ts";
import { CONVENTION_TEMPLATES } from "../rules/conventions.ts";
import { checkLinkValues, hasLinkErrors, type LinkValues } from "./link-values.ts";

const FIXED_MEDIUMS = CONVENTION_TEMPLATES.find((t) => t.id === "fixed-mediums")?.conventions ?? {};

/** The check ids reported for one field of the link, in order. */
function problemsOf(values: LinkValues, field: keyof LinkValues, conventions = {}) {
  return checkLinkValues(values, conventions)[field].map((p) => `${p.severity} ${p.checkId}`);
}

describe("checkLinkValues", () => {
  it("finds nothing wrong with a clean link", () => {
    const problems = checkLinkValues({
      source: "google",
      medium: "cpc",
      campaign: "spring_sale_2025",
      term: "running shoes",
      content: "banner_a",
      id: "abc123",
    });
    expect(Object.values(problems).flat()).toEqual([]);
    expect(hasLinkErrors(problems)).toBe(false);
  });

  it("refuses a value outside the conventions as an error, with the convention in the message", () => {
    const problems = checkLinkValues(
      { source: "google", medium: "Paid-Search", campaign: "brand" },
      FIXED_MEDIUMS,
    );
    const [error] = problems.medium;
    expect(error?.severity).toBe("error");
    expect(error?.checkId).toBe("naming-convention");
    expect(error?.message).toBe(
      "utm_medium 'Paid-Search' is not one of 'cpc', 'email', 'social', 'display', 'affiliate' and 3 more",
    );
    expect(hasLinkErrors(problems)).toBe(true);
    expect(hasLinkErrors(checkLinkValues({ medium: "cpc" }, FIXED_MEDIUMS))).toBe(false);
  });

  it("lets a value through when the allowed list or the pattern does", () => {
    const conventions = { campaign: { allowed: ["BF-2025"], pattern: "^[a-z_]+$" } };
    expect(problemsOf({ campaign: "BF-2025" }, "campaign", conventions)).toEqual([
      "warning case-inconsistency",
    ]);
    expect(problemsOf({ campaign: "spring_sale" }, "campaign", conventions)).toEqual([]);
    expect(problemsOf({ campaign: "spring-sale" }, "campaign", conventions)).toEqual([
      "error naming-convention",
    ]);
  });

  it("survives a catastrophic-backtracking pattern on a long value", () => {
    const long = `${"a".repeat(10_000)}!`;
    const problems = checkLinkValues({ content: long }, { content: { pattern: "(a+)+$" } });
    expect(problems.content.map((p) => p.checkId)).toEqual([
      "naming-convention",
      "excessive-length",
    ]);
  });

  it.each([
    [{ campaign: " spring_sale" }, "campaign", "warning whitespace-in-value", 'Use "spring_sale"'],
    [{ source: "google ads" }, "source", "warning whitespace-in-value", 'Use "google-ads"'],
    [{ campaign: "Spring Sale" }, "campaign", "warning case-inconsistency", 'Use "spring-sale"'],
    [{ term: "Running Shoes" }, "term", "warning case-inconsistency", 'Use "running shoes"'],
    [{ source: "Facebook" }, "source", "warning case-inconsistency", 'Use "facebook"'],
    [{ campaign: "test" }, "campaign", "warning placeholder-value", "Write the real name"],
    [{ campaign: "undefined" }, "campaign", "warning placeholder-value", "Write the real name"],
    [{ content: "(not set)" }, "content", "warning placeholder-value", undefined],
    [{ campaign: "{{campaign.name}}" }, "campaign", "warning unreplaced-macro", undefined],
    [{ term: "{keyword}" }, "term", "warning unreplaced-macro", undefined],
    [{ content: "jane.doe@gmail.com" }, "content", "warning pii-in-utm", undefined],
    [{ source: "fácebook" }, "source", "warning non-ascii-value", undefined],
    [{ campaign: "spring%20sale" }, "campaign", "warning encoding-artifacts", 'Use "spring sale"'],
    [{ medium: "x".repeat(51) }, "medium", "warning excessive-length", undefined],
    [{ campaign: "spring_sale-2025-promo" }, "campaign", "warning mixed-separators", undefined],
    [
      { medium: "e-mail" },
      "medium",
      "warning medium-synonyms",
      "Use 'email', the spelling GA4's channel rules match",
    ],
    [{ medium: "facebook-ads" }, "medium", "warning paid-medium-not-recognized", "Use paid_social"],
    [
      { source: "newsletter", medium: "mailchimp" },
      "medium",
      "warning platform-as-medium",
      undefined,
    ],
    [{ source: "shop", medium: "newsletter" }, "medium", "warning non-standard-medium", undefined],
    [
      { source: "cpc", medium: "google" },
      "medium",
      "warning source-medium-swapped",
      "Use utm_source=google and utm_medium=cpc",
    ],
  ] as const)("%j: %s gets %s", (values, field, expected, fix) => {
    const problems = checkLinkValues(values)[field];
    expect(problems.map((p) => `${p.severity} ${p.checkId}`)).toContain(expected);
    const problem = problems.find((p) => `${p.severity} ${p.checkId}` === expected);
    expect(problem?.message.length).toBeGreaterThan(0);
    if (fix) expect(problem?.fix).toBe(fix);
  });

  it("joins a suggestion's words with the separator the workspace's convention takes", () => {
    const fixOf = (conventions: Parameters<typeof checkLinkValues>[1]) =>
      checkLinkValues({ campaign: "Spring Sale" }, conventions).campaign.find(
        (p) => p.checkId === "case-inconsistency",
      )?.fix;
    expect(fixOf({ campaign: { pattern: "^[a-z0-9]+(_[a-z0-9]+)*$" } })).toBe('Use "spring_sale"');
    expect(fixOf({ campaign: { pattern: "^[a-z0-9-]+$" } })).toBe('Use "spring-sale"');
    expect(fixOf({})).toBe('Use "spring-sale"');
  });

  it("reports a swapped pair once, not also as a platform in the medium", () => {
    expect(problemsOf({ source: "email", medium: "mailchimp" }, "medium")).toEqual([
      "warning source-medium-swapped",
    ]);
  });

  it("leaves empty values alone", () => {
    expect(Object.values(checkLinkValues({}, FIXED_MEDIUMS)).flat()).toEqual([]);
  });
});

describe("predictChannel for links", () => {
  it.each([
    ["google", "cpc", "brand", "Paid Search"],
    ["Google", "CPC", "brand", "Paid Search"],
    ["bing", "ppc", "", "Paid Search"],
    ["facebook", "paid_social", "spring", "Paid Social"],
    ["linkedin", "cpc", "", "Paid Social"],
    ["youtube", "cpv", "", "Paid Video"],
    ["newsletter", "email", "may_digest", "Email"],
    ["mailchimp", "email", "", "Email"],
    ["facebook", "social", "", "Organic Social"],
    ["partner_site", "affiliate", "", "Affiliates"],
    ["blog.example.org", "referral", "", "Referral"],
    ["criteo", "display", "", "Display"],
    ["newsletter", "paid_social", "", "Paid Other"],
    ["google", "cpc", "summer_shopping", "Paid Shopping"],
    ["flyer", "qr", "", "Unassigned"],
    ["mailchimp", "newsletter", "", "Unassigned"],
    ["google", "Paid-Search", "", "Paid Search"],
  ])("%s / %s (campaign %j) is %s", (source, medium, campaign, channel) => {
    expect(predictChannel({ source, medium, campaign })).toBe(channel);
  });
});
