// Detects UTM values of one parameter that differ only by letter case (Facebook / facebook).
// GA4 keeps each spelling as its own row (ga4-protocol.md §6.2), so one source or campaign is
// split across several lines of every report and no single row shows its real total.
import type { ValueStats } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import { ANY_UTM_DIMENSION, fieldTitle, userValuesByParam } from "../rules/hygiene.ts";

// utm_id is left out: platform ids can be case-sensitive, so "aB3" and "Ab3" may be two ids.
const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "term", "content"];
const MAY_HAVE_UPPER_CASE = /[A-Z\u0080-\uffff]/;

export const caseInconsistency = defineCheck({
  id: "case-inconsistency",
  title: "Same UTM value in different letter case",
  severity: "warning",
  description:
    "One UTM value is written in several letter cases (Facebook, facebook, FACEBOOK), which GA4 reports as separate sources, mediums or campaigns.",
  guide: {
    whyItMatters:
      "GA4 keeps the case of every UTM value, so utm_source=Facebook and utm_source=facebook become two sources. Each report then splits one source or campaign over several rows, totals and comparisons are wrong unless someone adds them up by hand, and filters or audiences written for one spelling miss the others.",
    howToFix:
      "Pick one spelling for each value and use it everywhere; lower case is the usual convention because it is the easiest to type consistently. Update the link templates in your ad platforms, email tool and URL builder sheet, and tell everyone who tags links. Past data keeps its old spellings, so when you compare periods, filter on every spelling (for example with the regular expression facebook|Facebook|FACEBOOK).",
    exampleWrong:
      "https://www.example.com/?utm_source=Facebook&utm_medium=paid_social&utm_campaign=Spring_Sale (while other links use utm_source=facebook&utm_campaign=spring_sale)",
    exampleCorrect:
      "https://www.example.com/?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [ANY_UTM_DIMENSION],
  run(data, findings) {
    for (const { param, dimension, values } of userValuesByParam(data, PARAMS)) {
      // Every family holds a value with an upper-case letter: gather those first, then add the
      // lower-case values that join them, so the map stays as small as the upper-case values.
      const families = new Map<string, ValueStats[]>();
      for (const stats of values) {
        // Stryker disable next-line ConditionalExpression: a shortcut
        if (!MAY_HAVE_UPPER_CASE.test(stats.value)) continue;
        const folded = stats.value.toLowerCase();
        if (folded === stats.value) continue;
        const family = families.get(folded);
        if (family) family.push(stats);
        else families.set(folded, [stats]);
      }
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (families.size === 0) continue;
      for (const stats of values) families.get(stats.value)?.push(stats);
      // Stryker disable next-line ArrayDeclaration: no value is that string
      const allowed = new Set(data.context.conventions?.[param]?.allowed ?? []);
      for (const [folded, family] of families) {
        if (family.length < 2) continue;
        family.sort((a, b) => b.sessions - a.sessions || compare(a.value, b.value));
        const kept = preferred(family, allowed);
        const spellings = family.map((stats) => stats.value);
        const title = `${fieldTitle(dimension)} "${folded}" is written ${family.length} ways: ${spellings.join(", ")}`;
        // The other spellings' rows, value by value by id: the same rows in the same order.
        for (const stats of family) {
          if (stats === kept) continue;
          findings.addValue(`${param}:${folded}`, title, dimension, stats, {
            values: spellings,
            field: dimension,
          });
        }
      }
    }
  },
});

/**
 * The spelling to keep: the one the workspace's conventions allow, else the all-lower-case one,
 * else the most used. Only the rows of the other spellings need new links.
 */
function preferred(family: readonly ValueStats[], allowed: ReadonlySet<string>): ValueStats {
  const first = family[0] as ValueStats;
  return (
    family.find((stats) => allowed.has(stats.value)) ??
    family.find((stats) => stats.value === stats.value.toLowerCase()) ??
    first
  );
}

function compare(a: string, b: string): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: V8's sort only asks < 0
  return a < b ? -1 : a > b ? 1 : 0;
}
