import { describe, expect, it } from "vitest";
import { predictChannel } from "../channels/channel-group.ts";
import {
  CONVENTION_LIMITS,
  CONVENTION_TEMPLATES,
  compileConvention,
  conforms,
  FIXED_MEDIUMS,
  validateConventions,
} from "./conventions.ts";

describe("validateConventions", () => {
  it("accepts conventions RE2 compiles within the limits", () => {
    expect(
      validateConventions({
        source: { allowed: ["google", "newsletter"] },
        medium: { pattern: "/^[a-z_]+$/i" },
        campaign: { allowed: [], pattern: "" },
      }),
    ).toEqual([]);
  });

  it.each([
    ["([a-z", "missing closing ]"],
    ["(?=a)b", "invalid or unsupported Perl syntax"],
    ["(a)\\1", "invalid escape sequence"],
  ])("refuses the pattern %s with the parser's message", (pattern, parser) => {
    const errors = validateConventions({ medium: { pattern } });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.param).toBe("medium");
    expect(errors[0]?.message).toMatch(
      /^Invalid regular expression for utm_medium: error parsing regexp: /,
    );
    expect(errors[0]?.message).toContain(parser);
  });

  it("refuses empty allowed values, too many, too long, and a too long pattern", () => {
    const many = Array.from({ length: CONVENTION_LIMITS.allowedValues + 1 }, (_, i) => `v${i}`);
    const errors = validateConventions({
      source: { allowed: ["google", " "] },
      medium: { allowed: many },
      campaign: { allowed: ["x".repeat(101)] },
      term: { pattern: "a".repeat(501) },
    });
    expect(errors).toEqual([
      { param: "source", message: "The allowed values for utm_source cannot be empty" },
      { param: "medium", message: "utm_medium can have at most 200 allowed values (201 given)" },
      {
        param: "campaign",
        message:
          "Each allowed value for utm_campaign must be at most 100 characters ('xxxxxxxxxxxxxxxxxxxx…' is 101)",
      },
      { param: "term", message: "The pattern for utm_term must be at most 500 characters" },
    ]);
  });
});

describe("CONVENTION_TEMPLATES", () => {
  const template = (name: string) => {
    const found = CONVENTION_TEMPLATES.find((t) => t.name === name);
    if (!found) throw new Error(`no template ${name}`);
    return found;
  };
  const accepts = (name: string, param: "source" | "medium" | "campaign", value: string) => {
    const rule = compileConvention(template(name).conventions[param]);
    if (!rule) throw new Error(`template ${name} has no rule for ${param}`);
    return conforms(rule, value);
  };

  it("every template is valid", () => {
    for (const t of CONVENTION_TEMPLATES) expect(validateConventions(t.conventions)).toEqual([]);
  });

  it.each([
    ["Lowercase with underscores", "source", "google_ads", "Google Ads"],
    ["Lowercase with underscores", "medium", "paid_social", "paid-social"],
    ["Lowercase with underscores", "campaign", "spring_sale_2025", "spring__sale"],
    ["Date suffix", "campaign", "spring_sale_2025-03", "spring_sale_2025-13"],
    ["Date suffix", "campaign", "brand_2026-11", "brand_20261101"],
    ["Fixed medium list", "medium", "cpc", "Paid-Search"],
    ["Fixed medium list", "medium", "paid_social", "organic_social"],
  ] as const)("%s on %s accepts %s and refuses %s", (name, param, good, bad) => {
    expect(accepts(name, param, good)).toBe(true);
    expect(accepts(name, param, bad)).toBe(false);
  });

  it("each fixed medium lands in a GA4 channel whatever the source", () => {
    for (const medium of FIXED_MEDIUMS) {
      expect(predictChannel({ source: "partner_site", medium }), medium).not.toBe("Unassigned");
    }
  });
});
