// Detects UTM values that break the workspace's own naming conventions: a value outside the
// allowed list, or one that does not match the pattern. Conventions are what keep a team's links
// comparable; every value outside them becomes a row nobody's report filters on.
import { type AuditData, UTM_PARAMS } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { ParamConvention, UtmParam } from "../core/types.ts";
import {
  listForTitle,
  PARAM_NAMES,
  taggedValues,
  UTM_VALUE_DIMENSIONS,
} from "../rules/values-extra.ts";

interface Rule {
  allowed: ReadonlySet<string> | undefined;
  pattern: RegExp | undefined;
  source: string | undefined;
}

/** "/^[a-z_]+$/i" as pasted from code: the body and the flags. */
const REGEX_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;
const STATEFUL_FLAGS = /[gy]/g;

export const namingConvention = defineCheck({
  id: "naming-convention",
  title: "UTM values that break your naming conventions",
  severity: "warning",
  description:
    "UTM values that are not in the workspace's allowed list for the parameter, or do not match its pattern.",
  guide: {
    whyItMatters:
      "Your naming conventions decide which values your reports, filters and dashboards expect. A value outside them (CPC where the convention says cpc, Spring Sale where it says spring_sale) becomes a separate row that those reports miss, so the sessions and key events it brings are under-counted where you look for them.",
    howToFix:
      "Correct the links that carry the value so they use an allowed value or follow the pattern, ideally by building every link from a shared template or URL builder with drop-down lists. If the value is legitimate and new, add it to the convention in the workspace settings so the team uses it consistently.",
    exampleWrong:
      "Convention for utm_medium: cpc, email, social, display. Link: utm_medium=Paid-Social",
    exampleCorrect:
      "utm_medium=social (or add paid_social to the allowed list and use it everywhere)",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [UTM_VALUE_DIMENSIONS],
  skipUnless(data) {
    const rules = defined(data);
    if (rules.length === 0) return "no naming conventions defined";
    if (!rules.some(([param]) => data.utmDimension(param))) {
      return "the data has none of the parameters the naming conventions cover";
    }
    return undefined;
  },
  run(data, findings) {
    for (const [param, convention] of defined(data)) {
      if (!data.utmDimension(param)) continue;
      const rule = compile(convention);
      if (!rule) continue;
      for (const group of taggedValues(data, param)) {
        if (conforms(rule, group.value)) continue;
        findings.add(
          `${param}:${group.value}`,
          `${PARAM_NAMES[param]} '${group.value}' ${breach(rule)}`,
          group.rows,
          { values: [group.value] },
        );
      }
    }
  },
});

/** The parameters with a convention that says something. */
function defined(data: AuditData): [UtmParam, ParamConvention][] {
  const conventions = data.context.conventions ?? {};
  const out: [UtmParam, ParamConvention][] = [];
  for (const param of UTM_PARAMS) {
    const convention = conventions[param];
    if (!convention) continue;
    if ((convention.allowed?.length ?? 0) > 0 || (convention.pattern ?? "").trim() !== "") {
      out.push([param, convention]);
    }
  }
  return out;
}

/**
 * An allowed list is compared exactly (case matters, as it does in GA4). A pattern must match the
 * whole value, like GA4's "matches regex"; a pattern that does not compile is no rule at all,
 * rather than a reason to flag every value.
 */
function compile(convention: ParamConvention): Rule | undefined {
  const allowed =
    convention.allowed && convention.allowed.length > 0 ? new Set(convention.allowed) : undefined;
  const source = (convention.pattern ?? "").trim() || undefined;
  const pattern = source === undefined ? undefined : toRegExp(source);
  if (!allowed && !pattern) return undefined;
  return { allowed, pattern, source: pattern ? source : undefined };
}

function toRegExp(source: string): RegExp | undefined {
  const literal = REGEX_LITERAL.exec(source);
  const body = literal?.[1] ?? source;
  const flags = (literal?.[2] ?? "").replace(STATEFUL_FLAGS, "");
  for (const extra of ["u", ""]) {
    try {
      const all = flags.includes("u") || flags.includes("v") ? flags : flags + extra;
      return new RegExp(`^(?:${body})$`, all);
    } catch {
      // Try again without Unicode mode, whose syntax is stricter; give up after that.
    }
  }
  return undefined;
}

/** Either rule lets a value through: the list can name exceptions to the pattern. */
function conforms(rule: Rule, value: string): boolean {
  return (rule.allowed?.has(value) ?? false) || (rule.pattern?.test(value) ?? false);
}

function breach(rule: Rule): string {
  const list = rule.allowed ? `one of ${listForTitle([...rule.allowed], 5)}` : undefined;
  const pattern = rule.source ? `the pattern ${rule.source}` : undefined;
  if (list && pattern) return `is not ${list} and does not match ${pattern}`;
  if (list) return `is not ${list}`;
  return `does not match ${pattern ?? ""}`;
}
