// Detects one name written with different word separators (summer_sale, summer-sale, summer sale,
// summer.sale, summerSale), however few sessions each spelling has. GA4 reports every spelling as
// its own campaign, source or content, so one name's traffic is split across rows.
//
// Beside mixed-separators, which reports a parameter whose different names follow different
// styles (info), this reports the same name split in two (warning). Spellings that differ only in
// case are case-inconsistency's, and mediums that medium-synonyms knows (paid_social and
// paid-social, e-mail and email) are its.
import type { ValueStats } from "../core/audit-data.ts";
import { fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import { ANY_UTM_DIMENSION, findMacros } from "../rules/hygiene.ts";
import { bySessions, taggedValues } from "../rules/values-extra.ts";
import { preferredMediumSpelling } from "./medium-synonyms.ts";

// Terms are search keywords, where "running shoes" and "running-shoes" can be two keywords;
// ids carry no words.
const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "content"];

const SEPARATORS = /[\s_.-]+/;
const HAS_SEPARATOR = /[\s_.-]/;
const EDGE_SEPARATORS = /^[\s_.-]+|[\s_.-]+$/g;
// A source written as a host name ("news-site.co.uk") is a referrer, not a name a person chose.
const HOST_LIKE = /^[\w-]+(\.[\w-]+)*\.[a-z]{2,}$|:\/\//i;

/** The spellings of one name, by their lower-cased form. */
interface Family {
  words: string;
  forms: Map<string, ValueStats[]>;
}

export const separatorVariants = defineCheck({
  id: "separator-variants",
  title: "One name written with different separators",
  severity: "warning",
  description:
    "The same campaign, source, medium or content is tagged with different word separators (summer_sale, summer-sale, summer sale, summerSale), which GA4 reports as different values.",
  guide: {
    whyItMatters:
      "GA4 keeps every character of a UTM value, so summer_sale, summer-sale, summer sale and summerSale are four campaigns in every report: the campaign's sessions, key events and revenue are split over four rows, the biggest row understates it, and a filter or audience written for one spelling misses the others. It usually happens when several people or tools build links by hand, or when a tool turns spaces into hyphens or underscores.",
    howToFix:
      "Pick one spelling for each name, following your naming convention (lower case with underscores, say summer_sale), and change the links that use the others in your ad platforms, email tool and link-builder sheet. Copy names from one shared list instead of retyping them. For past data, add the spellings together in explorations or with a regular expression filter such as summer[ _.-]?sale.",
    exampleWrong:
      "utm_campaign=summer_sale on the newsletter, utm_campaign=summer-sale on Facebook, utm_campaign=summer%20sale on the partner blog",
    exampleCorrect:
      "utm_campaign=summer_sale on the newsletter, on Facebook and on the partner blog",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [ANY_UTM_DIMENSION],
  run(data, findings) {
    for (const param of PARAMS) {
      const dimension = data.utmDimension(param);
      // Stryker disable next-line ConditionalExpression: an absent parameter has no values
      if (!dimension) continue;
      const families = new Map<string, Family>();
      // A value written without separators ("summersale") joins a family only when another
      // spelling of it has them: on its own it is one word.
      const joined = new Map<string, ValueStats[]>();
      for (const stats of taggedValues(data, param)) {
        const value = stats.value.trim();
        if (param === "source" && HOST_LIKE.test(value)) continue;
        if (findMacros(value).length > 0) continue;
        const form = value.toLowerCase();
        const words = form.replace(EDGE_SEPARATORS, "").split(SEPARATORS);
        if (words.length < 2 || !HAS_SEPARATOR.test(value)) {
          // Stryker disable next-line StringLiteral: one word only
          add(joined, words.join(""), stats);
          continue;
        }
        const key = words.join(" ");
        let family = families.get(key);
        if (!family) {
          family = { words: words.join(""), forms: new Map() };
          families.set(key, family);
        }
        add(family.forms, form, stats);
      }
      const byWords = new Map<string, Family[]>();
      for (const family of families.values()) {
        const list = byWords.get(family.words);
        // Stryker disable next-line CallExpression: only the first family is read
        if (list) list.push(family);
        else byWords.set(family.words, [family]);
      }
      for (const [word, values] of joined) {
        const family = byWords.get(word)?.[0];
        if (!family) continue;
        // Stryker disable next-line MethodExpression: a joined value's form never equals a separated one's, in either case
        for (const stats of values) add(family.forms, stats.value.trim().toLowerCase(), stats);
      }
      for (const [key, family] of families) {
        // Case-only differences are case-inconsistency's finding.
        if (family.forms.size < 2) continue;
        const spellings = [...family.forms.values()].flat();
        if (param === "medium" && spellings.some((s) => preferredMediumSpelling(s.value))) continue;
        const forms = [...family.forms.values()].sort((a, b) => sessionsOf(b) - sessionsOf(a));
        // The most used spelling is the one to keep; the others' links are the ones to change.
        const others = forms.slice(1).flat();
        const values = [...spellings].sort(bySessions).map((stats) => stats.value);
        findings.addValues(
          `${param}:${key}`,
          // Stryker disable next-line OptionalChaining: never empty
          `${fieldTitle(dimension)} "${forms[0]?.[0]?.value ?? key}" is written with different separators: ${values.join(", ")}`,
          dimension,
          others,
          { values, field: dimension },
        );
      }
    }
  },
});

function add(map: Map<string, ValueStats[]>, key: string, stats: ValueStats): void {
  const list = map.get(key);
  if (list) list.push(stats);
  else map.set(key, [stats]);
}

function sessionsOf(form: readonly ValueStats[]): number {
  let sum = 0;
  for (const stats of form) sum += stats.sessions;
  return sum;
}
