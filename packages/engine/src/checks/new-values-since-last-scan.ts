// Lists utm_source, utm_medium and utm_campaign values that the previous scan did not see, so a
// new spelling (Facebook next to facebook, e-mail next to email) is caught the week it appears.
// A value that only changes a number of a known one (spring_2025 after spring_2024) is cadence.
import type { AuditData } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import {
  busiest,
  FIELD_NAMES,
  listForTitle,
  numberTemplate,
  taggedValues,
} from "../rules/values-extra.ts";

const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign"];

export const newValuesSinceLastScan = defineCheck({
  id: "new-values-since-last-scan",
  title: "New UTM values since the last scan",
  severity: "info",
  description:
    "utm_source, utm_medium or utm_campaign values that the previous scan did not see, leaving out new editions of known campaigns (a different year, quarter or number).",
  guide: {
    whyItMatters:
      "Most tagging mistakes start as one new value: someone writes Facebook instead of facebook, e-mail instead of email, or a campaign name outside the plan. Each new spelling becomes its own row in GA4 and quietly pulls sessions away from the value your reports and dashboards filter on. Reviewing what is new since the last scan catches them while they are still small.",
    howToFix:
      "Go through the new values: keep those that belong to a genuinely new source, medium or campaign, and correct the links that introduced an unintended spelling. Add the accepted values to your naming conventions (or to your link builder's drop-down lists) so the same value is used next time.",
    exampleWrong:
      "Last scan: utm_source=facebook. This scan also has utm_source=Facebook and utm_source=fb from a new ad set.",
    exampleCorrect: "Every ad set uses utm_source=facebook, as in the previous scan.",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [
    [
      "sessionManualSource",
      "sessionSource",
      "sessionManualMedium",
      "sessionMedium",
      "sessionManualCampaignName",
      "sessionCampaignName",
    ],
  ],
  skipUnless(data) {
    const previous = data.context.previousValues;
    if (!previous || !PARAMS.some((param) => (previous[param]?.length ?? 0) > 0)) {
      return "no previous scan to compare with";
    }
    if (comparable(data).length === 0) {
      return "the previous scan has no values for the parameters in this data";
    }
    return undefined;
  },
  run(data, findings) {
    for (const [param, known] of comparable(data)) {
      const knownValues = new Set(known);
      const knownTemplates = new Set(known.map(numberTemplate));
      const fresh = taggedValues(data, param).filter(
        (group) =>
          !knownValues.has(group.value) && !knownTemplates.has(numberTemplate(group.value)),
      );
      if (fresh.length === 0) continue;
      const values = busiest(fresh).map((group) => group.value);
      const noun = fresh.length === 1 ? "value" : "values";
      findings.addValues(
        param,
        `${fresh.length} new ${FIELD_NAMES[data.utmField(param)]} ${noun} since the last scan: ${listForTitle(values, 5, fresh.length)}`,
        data.utmField(param),
        fresh,
        { values, field: data.utmField(param) },
      );
    }
  },
});

/** The parameters with previous values that this data also carries. */
function comparable(data: AuditData): [UtmParam, string[]][] {
  const previous = data.context.previousValues ?? {};
  const out: [UtmParam, string[]][] = [];
  for (const param of PARAMS) {
    const known = (previous[param] ?? []).filter(isUserValue);
    if (known.length > 0 && data.utmDimension(param)) out.push([param, known]);
  }
  return out;
}
