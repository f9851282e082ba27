// Detects UTM values that break the workspace's own naming conventions: a value outside the
// allowed list, or one that does not match the pattern. Conventions are what keep a team's links
// comparable; every value outside them becomes a row nobody's report filters on. Patterns are RE2,
// like GA4's own regex filters, and match the whole value (rules/conventions.ts).
import { type AuditData, UTM_PARAMS } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { ParamConvention, UtmParam } from "../core/types.ts";
import { breach, compileConvention, conforms } from "../rules/conventions.ts";
import { fieldTitle, taggedValues, UTM_VALUE_DIMENSIONS } from "../rules/values-extra.ts";

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
      // Stryker disable next-line ConditionalExpression: an absent parameter has no values
      if (!data.utmDimension(param)) continue;
      const rule = compileConvention(convention);
      if (!rule) continue;
      for (const group of taggedValues(data, param)) {
        if (conforms(rule, group.value)) continue;
        findings.addValue(
          `${param}:${group.value}`,
          `${fieldTitle(data.utmField(param))} '${group.value}' ${breach(rule)}`,
          data.utmField(param),
          group,
          { values: [group.value], field: data.utmField(param) },
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
