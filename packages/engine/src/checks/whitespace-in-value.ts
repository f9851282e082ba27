// Detects UTM values with stray whitespace: leading or trailing spaces, double spaces, tabs,
// line breaks or invisible characters anywhere, and spaces inside a source or medium. GA4 keeps
// them as written, so "email " and "email" are two mediums and channel rules can stop matching.
import { SOCIAL_MEDIUMS } from "../channels/channel-group.ts";
import type { ValueStats } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import {
  ANY_UTM_DIMENSION,
  fieldTitle,
  fixChangesAnyChannel,
  quote,
  userValuesByParam,
} from "../rules/hygiene.ts";

const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "term", "content", "id"];

// Tabs, line breaks, no-break spaces and zero-width characters: never typed on purpose.
const ODD_WHITESPACE =
  /[\t\n\v\f\r\u0085\u00a0\u1680\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]/;
const ANY_SPACE = /[\s\u0085\u200b-\u200d\u2060]/;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
const EDGE_WHITESPACE = /^\s|\s$/;
const DOUBLE_SPACE = /\s{2,}/;
const SPACE_RUNS = /[\s\u0085]+/g;
// Spellings with a space that GA4's own channel rules name (Organic Social, Email; §5.3).
const GA4_SPACED_VALUES = new Set([...SOCIAL_MEDIUMS, "e mail"].filter((v) => v.includes(" ")));

export const whitespaceInValue = defineCheck({
  id: "whitespace-in-value",
  title: "Stray whitespace in UTM values",
  severity: "warning",
  severityWhen: [
    { severity: "critical", when: "trimming the value would change the session's channel" },
  ],
  description:
    "UTM values start or end with a space, contain double spaces, tabs, line breaks or invisible characters, or a source or medium contains a space.",
  guide: {
    whyItMatters:
      'GA4 stores UTM values exactly as they arrive, so "email " (with a trailing space, sent as email%20) and "email" are two different mediums, and "cpc\\t" is not "cpc". The reports split, filters and audiences miss the odd spelling, and a medium that no longer equals the spelling a channel rule expects ("social  media" with two spaces) drops out of its channel. A space inside a source or medium turns into %20 or "+" in links and is easily typed differently the next time.',
    howToFix:
      'Trim the values in the link templates, spreadsheets and URL builders that produced them (a copied cell often carries a trailing space or line break). Use an underscore or hyphen instead of a space in utm_source and utm_medium ("paid_social", not "paid social"); only the spellings the GA4 channel rules name themselves ("social media", "social network", "e mail") are left alone.',
    exampleWrong:
      "https://www.example.com/?utm_source=%20newsletter&utm_medium=email%20&utm_campaign=spring%20%20sale",
    exampleCorrect:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [ANY_UTM_DIMENSION],
  run(data, findings) {
    for (const { param, dimension, values } of userValuesByParam(data, PARAMS)) {
      const spacesMatter = param === "source" || param === "medium";
      // " facebook" and "facebook " are one subject: the value they were both meant to be.
      const subjects = new Map<
        string,
        { fixed: string; defects: Set<string>; values: ValueStats[] }
      >();
      for (const stats of values) {
        const defect = whitespaceDefect(stats.value, spacesMatter);
        if (!defect) continue;
        const fixed = withoutStrayWhitespace(stats.value);
        const key = `${param}:${fixed.toLowerCase()}`;
        const subject = subjects.get(key) ?? { fixed, defects: new Set(), values: [] };
        subject.defects.add(defect);
        subject.values.push(stats);
        subjects.set(key, subject);
      }
      for (const [key, subject] of subjects) {
        const misgrouped = fixChangesAnyChannel(
          data,
          dimension,
          subject.values,
          param,
          subject.fixed,
        );
        const shown = subject.values.map((stats) => stats.value);
        const defects = [...subject.defects].join(" and ");
        const title = `${fieldTitle(dimension)} ${shown.map(quote).join(", ")} ${shown.length > 1 ? "have" : "has"} ${defects}${misgrouped ? ", which changes the channel" : ""}`;
        const options = {
          values: shown,
          field: dimension,
          ...(misgrouped ? { severity: "critical" as const } : {}),
        };
        // Value by value, by id: the same rows in the same order as one list of all of them.
        for (const stats of subject.values)
          findings.addValue(key, title, dimension, stats, options);
      }
    }
  },
});

/** What is wrong with the value's whitespace, or undefined when nothing is. */
export function whitespaceDefect(value: string, spacesMatter: boolean): string | undefined {
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (!ANY_SPACE.test(value)) return undefined;
  if (EDGE_WHITESPACE.test(value)) return "leading or trailing whitespace";
  if (ODD_WHITESPACE.test(value)) return "a tab, line break or invisible character";
  if (DOUBLE_SPACE.test(value)) return "a double space";
  // Stryker disable next-line StringLiteral: only a space is left here
  if (spacesMatter && value.includes(" ") && !GA4_SPACED_VALUES.has(value.toLowerCase())) {
    return "a space inside it";
  }
  return undefined;
}

/** The value as it was meant: invisible characters removed, spaces trimmed and single. */
export function withoutStrayWhitespace(value: string): string {
  return value.replace(ZERO_WIDTH, "").replace(SPACE_RUNS, " ").trim();
}
