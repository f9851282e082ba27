// Detects UTM values with stray whitespace: leading or trailing spaces, double spaces, tabs,
// line breaks or invisible characters anywhere, and spaces inside a source or medium. GA4 keeps
// them as written, so "email " and "email" are two mediums and channel rules can stop matching.
import { predictChannel, SOCIAL_MEDIUMS } from "../channels/channel-group.ts";
import type { AuditData, ValueStats } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { Dimension, UtmParam } from "../core/types.ts";
import {
  ANY_UTM_DIMENSION,
  fieldTitle,
  fixChangesAnyChannel,
  fixChangesChannel,
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
      // Made for the parameter's first subject: none, no columns beside its own read.
      let judge: ChannelFixJudge | undefined | null = null;
      for (const [key, subject] of subjects) {
        if (judge === null) judge = channelFixJudge(data, dimension, param);
        const misgrouped = judge
          ? judge(subject.values, subject.fixed)
          : fixChangesAnyChannel(data, dimension, subject.values, param, subject.fixed);
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

/** Whether fixing the values' whitespace (to `fixed`) changes the channel of any of their rows. */
export type ChannelFixJudge = (values: readonly ValueStats[], fixed: string) => boolean;

/** Pairs of value ids of the other two parameters up to this many are marked in a table. */
const PAIR_TABLE_LIMIT = 1 << 22;

/**
 * `fixChangesAnyChannel` for the values of `dimension`, the field of `param`, made once for all of
 * the parameter's subjects. Within one value a row's channel, before the fix and after it, depends
 * on the other two parameters alone, so each pair of their value ids is judged once per value,
 * marked in a table by the value's serial number (no key made and looked up a row). Undefined for
 * a parameter that no channel reads, or pairs too many for a table: the shared helper judges then.
 */
export function channelFixJudge(
  data: AuditData,
  dimension: Dimension,
  param: UtmParam,
): ChannelFixJudge | undefined {
  if (param !== "source" && param !== "medium" && param !== "campaign") return undefined;
  // Stryker disable next-line ConditionalExpression: the field is always the dimension
  if (data.utmField(param) !== dimension) return undefined;
  const column = data.column(dimension);
  const [first, second] = (["source", "medium", "campaign"] as const)
    .filter((name) => name !== param)
    .map((name) => data.columnBeside(column, data.utmField(name))) as [
    typeof column,
    typeof column,
  ];
  // Each row's pair as one number, a row without a value of either taking id 0 for it.
  const width = first.values.length + 1;
  const pairs = width * (second.values.length + 1);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the helper judges alike
  if (pairs > PAIR_TABLE_LIMIT) return undefined;
  /** The serial number of the value each pair was last judged for, as not changing its channel. */
  const judgedFor = new Int32Array(pairs);
  let serial = 0;
  const { starts, ids, firstId } = column;
  return (values, fixed) => {
    for (const stats of values) {
      const at = data.columnIndexOf(dimension, stats);
      if (at < 0) {
        if (stats.rows.some((row) => fixChangesChannel(data, row, param, fixed))) return true;
        continue;
      }
      serial += 1;
      const value = column.values[at] as string;
      const to = starts[at + 1] as number;
      for (let i = starts[at] as number; i < to; i++) {
        const r = (ids[i] as number) - firstId;
        const a = (first.valueOfRow[r] as number) + 1;
        const b = (second.valueOfRow[r] as number) + 1;
        const pair = a + width * b;
        if (judgedFor[pair] === serial) continue;
        judgedFor[pair] = serial;
        const firstValue = first.values[a - 1] ?? "";
        const secondValue = second.values[b - 1] ?? "";
        if (channelChanges(param, value, fixed, firstValue, secondValue)) return true;
      }
    }
    return false;
  };
}

/**
 * Whether `fixed` in place of `value` (of `param`) gives another channel, the other two
 * parameters' values given in the order source, medium, campaign.
 */
function channelChanges(
  param: "source" | "medium" | "campaign",
  value: string,
  fixed: string,
  first: string,
  second: string,
): boolean {
  if (param === "source") {
    return (
      predictChannel({ source: value, medium: first, campaign: second }) !==
      predictChannel({ source: fixed, medium: first, campaign: second })
    );
  }
  if (param === "medium") {
    return (
      predictChannel({ source: first, medium: value, campaign: second }) !==
      predictChannel({ source: first, medium: fixed, campaign: second })
    );
  }
  return (
    predictChannel({ source: first, medium: second, campaign: value }) !==
    predictChannel({ source: first, medium: second, campaign: fixed })
  );
}
