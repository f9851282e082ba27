// Detects UTM values that are placeholders rather than names: test, null, undefined, unspecified,
// n/a, tbd, xxx, the parameter's own name (utm_source=source)... They come from unfinished templates or
// empty fields in a link generator, and leave the traffic with no usable source or campaign.
import type { ValueStats } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import {
  ANY_UTM_DIMENSION,
  anyPaid,
  fieldTitle,
  PARAM_NAMES,
  quote,
  userValuesByParam,
} from "../rules/hygiene.ts";

const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "term", "content", "id"];
const ALL = PARAMS;
// utm_term holds search keywords: "test", "sample" or "default" can be what people searched for.
const NOT_TERM: readonly UtmParam[] = ["source", "medium", "campaign", "content", "id"];
const NAMING: readonly UtmParam[] = ["source", "medium", "campaign"];

/** Placeholders (lower-cased and trimmed) and the parameters where they cannot be a real name. */
const PLACEHOLDERS = new Map<string, readonly UtmParam[]>([
  ...entries(
    [
      "null",
      "nil",
      "undefined",
      // What a form, script or link builder writes for a field nobody filled in.
      "unspecified",
      "not specified",
      "not_specified",
      "not-specified",
      "notspecified",
      "unset",
      "nan",
      "n/a",
      "#n/a",
      "tbd",
      "tba",
      "todo",
      "asdf",
      "qwerty",
      "placeholder",
      "lorem ipsum",
      "[object object]",
      "not set",
      "not_set",
      "notset",
      "-",
      "--",
      "_",
      ".",
      "?",
      ...Object.values(PARAM_NAMES),
    ],
    ALL,
  ),
  ...entries(
    [
      "test",
      "testing",
      "tests",
      "testtest",
      "test_test",
      "none",
      "example",
      "sample",
      "default",
      "dummy",
      "unknown",
      "empty",
      "blank",
    ],
    NOT_TERM,
  ),
  // "na" can be a region (North America) in utm_content or a keyword.
  ["na", ["source", "medium", "campaign", "id"]],
  ...entries(["source", "medium", "campaign"], NAMING),
  ["term", ["term"]],
  ["keyword", ["term"]],
  ["content", ["content"]],
  ["id", ["id"]],
  // A number is a fine campaign name or id, never a source or medium.
  ["0", ["source", "medium"]],
  ["1", ["source", "medium"]],
]);
// "test1", "test_2", "xxx", "xxxxx": numbered tests and typed filler. "ab_test_spring" passes.
const NUMBERED_TEST = /^test(?:ing)?[\s_-]?\d{1,3}$/;
const FILLER = /^x{3,}$/;

export const placeholderValue = defineCheck({
  id: "placeholder-value",
  title: "Placeholder values in UTM parameters",
  severity: "warning",
  severityWhen: [{ severity: "critical", when: "the placeholder is on paid traffic" }],
  description:
    "UTM values such as test, null, undefined, n/a, tbd or xxx are placeholders left in live links instead of real source, medium or campaign names.",
  guide: {
    whyItMatters:
      'A placeholder says nothing about where a visit came from. Traffic tagged utm_campaign=test or utm_source=null cannot be credited to the campaign that sent it, "null" and "undefined" usually mean a link generator or script inserted an empty variable, and test links that went live mix test traffic into real reports. On paid traffic the clicks cannot be matched to their spend.',
    howToFix:
      'Find the links that carry these values (the example rows show the landing pages and other parameters) and replace the placeholder with the real name from your naming convention. When the value is "null" or "undefined", fix the script or spreadsheet formula that builds the link so it refuses empty fields; remove test links from live ads and emails, and filter internal test traffic instead of tagging it.',
    exampleWrong:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=undefined",
    exampleCorrect:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale_2025",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [ANY_UTM_DIMENSION],
  run(data, findings) {
    for (const { param, dimension, values } of userValuesByParam(data, PARAMS)) {
      const subjects = new Map<string, ValueStats[]>();
      for (const stats of values) {
        const normalized = stats.value.trim().toLowerCase();
        if (!isPlaceholder(normalized, param)) continue;
        const subject = subjects.get(normalized);
        if (subject) subject.push(stats);
        else subjects.set(normalized, [stats]);
      }
      for (const [normalized, subject] of subjects) {
        const paid = anyPaid(data, dimension, subject);
        const spellings = subject.map((stats) => stats.value);
        findings.addValues(
          `${param}:${normalized}`,
          `${fieldTitle(dimension)} is the placeholder ${spellings.map(quote).join(", ")}${paid ? " on paid traffic" : ""}`,
          dimension,
          subject,
          {
            values: spellings,
            field: dimension,
            ...(paid ? { severity: "critical" as const } : {}),
          },
        );
      }
    }
  },
});

/** True when the value (lower-cased and trimmed) is a placeholder for this parameter. */
export function isPlaceholder(normalized: string, param: UtmParam): boolean {
  if (PLACEHOLDERS.get(normalized)?.includes(param)) return true;
  if (FILLER.test(normalized)) return true;
  return param !== "term" && NUMBERED_TEST.test(normalized);
}

function entries(
  values: readonly string[],
  params: readonly UtmParam[],
): [string, readonly UtmParam[]][] {
  return values.map((value) => [value, params]);
}
