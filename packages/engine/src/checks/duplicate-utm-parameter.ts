// Detects landing URLs that carry the same UTM parameter twice (utm_source=a&...&utm_source=b),
// usually a tracking template appended to a link that was already tagged. Which value GA4 keeps
// is not documented, so conflicting values make the attribution a coin toss.
import { defineCheck } from "../core/check.ts";
import { isUserValue, parseLanding, type QueryParam } from "../core/values.ts";
import { GLANCE, isUtmParam, landingGlances, pathKey, UTM_PARAMETER_NAMES } from "../rules/urls.ts";

export const duplicateUtmParameter = defineCheck({
  id: "duplicate-utm-parameter",
  title: "UTM parameters repeated in one URL",
  severity: "warning",
  severityWhen: [{ severity: "info", when: "the repeated parameter has the same value each time" }],
  description:
    "Landing URLs carry the same UTM parameter more than once; when the values differ, the campaign GA4 records is not the one you can rely on.",
  guide: {
    whyItMatters:
      "A URL such as ?utm_source=newsletter&utm_medium=email&utm_source=facebook gives GA4 two sources for one click. Which one it keeps is not documented, so the session may be credited to the wrong source, medium or campaign, and the same link can report differently from one tool to the next. Repeats usually mean a tracking template (an ad platform's final URL suffix, a link shortener, an email tool's automatic tagging) was added to a link that was already tagged.",
    howToFix:
      "Tag each link once. Either remove the UTMs written into the destination URL or switch off the automatic tagging that appends its own (ad platform URL suffix, email platform 'add UTM parameters' option), then check the final URL the visitor lands on. Repeats with identical values are harmless today but show the same double tagging.",
    exampleWrong:
      "https://www.example.com/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_source=mailchimp&utm_medium=email",
    exampleCorrect:
      "https://www.example.com/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: ["landingPagePlusQueryString"],
  run(data, findings) {
    const groups = new Map<string, Group>();
    const { values, starts, ids } = data.column("landingPagePlusQueryString");
    const glances = landingGlances(data);
    for (let v = 0; v < values.length; v++) {
      // Each recognised name is written once, and no other name says "utm".
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (((glances[v] as number) & (GLANCE.irregular | GLANCE.repeated)) === 0) continue;
      const landing = values[v] as string;
      // Irregular pages are mostly ones with a "%" in a value: read in place, no name is repeated.
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      if (!isUserValue(landing) || !repeatsName(landing)) continue;
      const url = parseLanding(landing);
      const path = url.path || "/";
      for (const [name, params] of repeated(url.params)) {
        const key = `${name}:${pathKey(path)}`;
        let group = groups.get(key);
        if (!group) {
          group = { name, path, written: new Set(), ids: [], conflicting: false };
          groups.set(key, group);
        }
        for (const param of params) group.written.add(param.raw);
        if (new Set(params.map((param) => param.value)).size > 1) group.conflicting = true;
        const to = starts[v + 1] as number;
        for (let i = starts[v] as number; i < to; i++) group.ids.push(ids[i] as number);
      }
    }
    for (const [key, group] of groups) {
      const how = group.conflicting ? "with different values" : "with the same value";
      findings.addIds(
        key,
        `${group.name} repeated ${how} on ${group.path}`,
        group.ids,
        0,
        group.ids.length,
        {
          values: group.written,
          severity: group.conflicting ? "warning" : "info",
          field: "landingPagePlusQueryString",
        },
      );
    }
  },
});

interface Group {
  name: string;
  path: string;
  written: Set<string>;
  /** Row ids. */
  ids: number[];
  conflicting: boolean;
}

/** The recognised UTM parameters written more than once, with every occurrence. */
function repeated(params: readonly QueryParam[]): Map<string, QueryParam[]> {
  const byName = new Map<string, QueryParam[]>();
  for (const param of params) {
    if (!isUtmParam(param)) continue;
    const list = byName.get(param.name);
    if (list) list.push(param);
    else byName.set(param.name, [param]);
  }
  for (const [name, list] of byName) {
    if (list.length < 2) byName.delete(name);
  }
  return byName;
}

/** The recognised names by their length, each with a bit of its own, for `repeatsName`. */
const NAMES_BY_LENGTH: (readonly [string, number])[][] = [];
for (const [index, name] of [...UTM_PARAMETER_NAMES].entries()) {
  const sameLength = NAMES_BY_LENGTH[name.length] ?? [];
  sameLength.push([name, 1 << index]);
  NAMES_BY_LENGTH[name.length] = sameLength;
}

/**
 * Whether a recognised name is the name of two of the landing value's query parameters, read in
 * place where `parseLanding` splits them: what `repeated` finds non-empty, without a parameter
 * object, a name copy or a list. The pages the glance cannot clear are mostly ones with a "%" in
 * a value (spring%20sale), where no name is repeated.
 */
export function repeatsName(value: string): boolean {
  const hashAt = value.indexOf("#");
  const end = hashAt >= 0 ? hashAt : value.length;
  const queryAt = value.indexOf("?");
  if (queryAt < 0 || queryAt > end) return false;
  let seen = 0;
  for (let from = queryAt + 1; from <= end; ) {
    let to = value.indexOf("&", from);
    if (to < 0 || to > end) to = end;
    const eq = value.indexOf("=", from);
    const nameEnd = eq >= 0 && eq < to ? eq : to;
    for (const [name, bit] of NAMES_BY_LENGTH[nameEnd - from] ?? []) {
      if (!value.startsWith(name, from)) continue;
      if ((seen & bit) !== 0) return true;
      seen |= bit;
      break;
    }
    from = to + 1;
  }
  return false;
}
