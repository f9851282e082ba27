// Detects UTM values too long to read: campaign, content and term over 100 characters, source and
// medium over 50. Such values are usually whole sentences, URLs or stacked IDs pasted into a link;
// they fill report columns, get cut off in tables and exports, and cannot be compared at a glance.
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import { fieldTitle, taggedValues, UTM_VALUE_DIMENSIONS } from "../rules/values-extra.ts";

/**
 * Source and medium are short labels matched by the channel rules; campaign, content and term are
 * names. 100 is also GA4's limit for an event parameter value (support 9267744).
 */
export const LENGTH_LIMITS: readonly (readonly [UtmParam, number])[] = [
  ["source", 50],
  ["medium", 50],
  ["campaign", 100],
  ["content", 100],
  ["term", 100],
];
const SHOWN = 100;

export const excessiveLength = defineCheck({
  id: "excessive-length",
  title: "Overly long UTM values",
  severity: "info",
  description:
    "utm_campaign, utm_content or utm_term values over 100 characters, or utm_source and utm_medium values over 50, which make reports hard to read.",
  guide: {
    whyItMatters:
      "Every UTM value becomes a row label in GA4. A 150-character campaign name is cut off in report tables, Looker Studio charts and exports, so two campaigns that start the same way look identical, and nobody can filter or compare them comfortably. Long values usually mean something else was pasted into the parameter: a headline, a full URL or a string of IDs. GA4's collection limit for an event parameter value is also 100 characters, so the same value copied into an event parameter (by a tag that forwards campaign details, for example) would not be kept in full.",
    howToFix:
      "Keep utm_source and utm_medium to a word or two (facebook, cpc) and keep campaign, content and term names short and structured: a few lowercase words joined by underscores, with details such as audience or creative in utm_content rather than in one long campaign name. Move long descriptions into your campaign sheet and keep only a short key in the link.",
    exampleWrong:
      "utm_campaign=spring_sale_for_returning_customers_who_bought_running_shoes_in_the_last_six_months_excluding_newsletter_subscribers",
    exampleCorrect: "utm_campaign=spring_sale_2025&utm_content=returning_runners",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9267744",
  },
  requires: [UTM_VALUE_DIMENSIONS],
  run(data, findings) {
    for (const [param, limit] of LENGTH_LIMITS) {
      const long = taggedValues(data, param).filter(
        // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; a value never has fewer code units than characters
        (group) => group.value.length > limit && characters(group.value) > limit,
      );
      for (const group of long) {
        const length = characters(group.value);
        findings.addValue(
          `${param}:${group.value.trim().toLowerCase()}`,
          `${fieldTitle(data.utmField(param))} value is ${length} characters long (limit ${limit}): '${shorten(group.value)}'`,
          data.utmField(param),
          group,
          { values: [group.value], field: data.utmField(param) },
        );
      }
    }
  },
});

/** Characters as a person counts them: an emoji or an accented letter is one. */
export function characters(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

function shorten(value: string): string {
  const chars = [...value];
  return chars.length > SHOWN ? `${chars.slice(0, SHOWN).join("")}…` : value;
}
