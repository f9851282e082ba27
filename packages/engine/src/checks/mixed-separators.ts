// Detects a UTM parameter whose values join words in different ways across the property
// (spring_sale, summer-sale, winter sale, autumnSale). Mixed styles make names hard to guess,
// filter and group, and they breed near-duplicates such as spring_sale and spring-sale.
import { SOCIAL_MEDIUMS } from "../channels/channel-group.ts";
import type { ValueStats } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { UtmParam } from "../core/types.ts";
import { ANY_UTM_DIMENSION, fieldTitle, findMacros, userValuesByParam } from "../rules/hygiene.ts";

// Terms are search keywords, where spaces are natural; ids carry no words.
const PARAMS: readonly UtmParam[] = ["source", "medium", "campaign", "content"];

export type Style = "underscore" | "hyphen" | "space" | "camelCase";
export const STYLE_LABELS: Record<Style, string> = {
  underscore: "underscores (_)",
  hyphen: "hyphens (-)",
  space: "spaces",
  camelCase: "camelCase",
};

/** A style counts when it holds this share of the parameter's tagged sessions, or 2+ values. */
const MEANINGFUL_SHARE = 0.05;
const MEANINGFUL_VALUES = 2;
const EXAMPLES_PER_STYLE = 3;

const LETTER = /\p{L}/u;
const NUMBER = /\p{N}/u;
const WHITESPACE = /\s/;
// Referral sources are host names ("news-site.co.uk", "android-app://…"), not names a person chose.
const HOST_LIKE = /^[\w-]+(\.[\w-]+)*\.[a-z]{2,}$|:\/\//i;
// Spellings GA4's channel rules name themselves (§5.3): fine whatever the rest of the property does.
const GA4_MEDIUMS = new Set([...SOCIAL_MEDIUMS, "e-mail", "e_mail", "e mail"]);

interface Tally {
  sessions: number;
  values: ValueStats[];
}

export const mixedSeparators = defineCheck({
  id: "mixed-separators",
  title: "Mixed word separators in UTM values",
  severity: "info",
  description:
    "Values of one UTM parameter separate words in different ways (underscores, hyphens, spaces, camelCase), so the naming convention is not applied consistently.",
  guide: {
    whyItMatters:
      "When some campaigns are called spring_sale and others summer-sale, winter sale or autumnSale, nobody can guess the name of a campaign, filters and regular expressions in explorations and audiences miss part of the traffic, and the same campaign easily ends up under two spellings (spring_sale and spring-sale) that GA4 reports as two campaigns.",
    howToFix:
      "Choose one separator per parameter and write it into your tagging guide: lower case with underscores (spring_sale_2025) or hyphens is the most common choice, and avoid spaces, which become %20 in links. Rename the values that do not follow it in your link templates, ad platforms and email tool; if you use a hierarchical pattern (country_channel_campaign-name) apply it to every value.",
    exampleWrong:
      "utm_campaign=spring_sale, utm_campaign=summer-sale, utm_campaign=winter%20sale, utm_campaign=autumnSale",
    exampleCorrect:
      "utm_campaign=spring_sale, utm_campaign=summer_sale, utm_campaign=winter_sale, utm_campaign=autumn_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [ANY_UTM_DIMENSION],
  run(data, findings) {
    for (const { param, dimension, values } of userValuesByParam(data, PARAMS)) {
      const tallies = new Map<Style, Tally>();
      const mixedInOne: ValueStats[] = [];
      let tagged = 0;
      for (const stats of values) {
        tagged += stats.sessions;
        if (param === "source" && stats.value.includes(".") && HOST_LIKE.test(stats.value))
          continue;
        if (findMacros(stats.value).length > 0) continue;
        if (param === "medium" && GA4_MEDIUMS.has(stats.value.toLowerCase())) continue;
        const styles = separatorStyles(stats.value);
        if (styles.size > 1) mixedInOne.push(stats);
        if (styles.size !== 1) continue;
        const style = styles.values().next().value as Style;
        const tally = tallies.get(style) ?? { sessions: 0, values: [] };
        tally.sessions += stats.sessions;
        tally.values.push(stats);
        tallies.set(style, tally);
      }
      const meaningful = [...tallies].filter(
        ([, tally]) =>
          tally.values.length >= MEANINGFUL_VALUES || tally.sessions >= MEANINGFUL_SHARE * tagged,
      );
      if (meaningful.length < 2) continue;

      const ranked = [...tallies].sort(([, a], [, b]) => b.sessions - a.sessions);
      const shown: string[] = [];
      const parts: string[] = [];
      for (const [style, tally] of ranked) {
        tally.values.sort((a, b) => b.sessions - a.sessions);
        const examples = tally.values.slice(0, EXAMPLES_PER_STYLE).map((stats) => stats.value);
        shown.push(...examples);
        parts.push(
          `${STYLE_LABELS[style]} in ${count(tally.values.length, "value")} (${count(tally.sessions, "session")}, e.g. ${examples.join(", ")})`,
        );
      }
      mixedInOne.sort((a, b) => b.sessions - a.sessions);
      const mixedExamples = mixedInOne.slice(0, EXAMPLES_PER_STYLE).map((stats) => stats.value);
      shown.push(...mixedExamples);
      if (mixedInOne.length > 0) {
        parts.push(
          `${count(mixedInOne.length, "value")} mixing them (e.g. ${mixedExamples.join(", ")})`,
        );
      }

      // The most used style is the de facto convention: the other values are the ones to rename.
      const others = [...ranked.slice(1).flatMap(([, tally]) => tally.values), ...mixedInOne];
      findings.addValues(
        param,
        `${fieldTitle(dimension)} separates words with ${parts.join("; ")}`,
        dimension,
        others,
        {
          values: shown,
          field: dimension,
        },
      );
    }
  },
});

/**
 * The ways a value joins its words. A join needs a word on each side, and joins between two digits
 * (2025-03-15) are not between words. One pass over the characters: this runs on every value.
 */
export function separatorStyles(value: string): Set<Style> {
  const styles = new Set<Style>();
  let previous = NONE; // the last word character's kind
  let run = 0; // bit set of the separators seen since it
  let lowers = 0; // lower-case letters at the start of the current word
  let wordStart = true;
  let hump = false;
  // Stryker disable next-line EqualityOperator: charCodeAt(length) reads as a separator
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const kind = kindOf(code);
    if (kind === SEPARATOR) {
      if (code === 95) run |= UNDERSCORE;
      else if (code === 45) run |= HYPHEN;
      // Stryker disable next-line ConditionalExpression: a shortcut; a space is whitespace
      else if (code === 32 || WHITESPACE.test(value.charAt(i))) run |= SPACE;
      else run |= OTHER;
      wordStart = true;
      lowers = 0;
      hump = false;
      continue;
    }
    // Stryker disable next-line ConditionalExpression: with no separator in the run no style is added
    if (run !== 0 && previous !== NONE && !(previous === DIGIT && kind === DIGIT)) {
      if (run & SPACE) styles.add("space");
      else if (run & UNDERSCORE) styles.add("underscore");
      else if (run & HYPHEN) styles.add("hyphen");
    }
    run = 0;
    // camelCase: a word opening with two or more lower-case letters, then an upper-case and a
    // lower-case one ("autumnSale"; not "iPhone" or "macOS").
    if (hump && kind === LOWER) styles.add("camelCase");
    hump = kind === UPPER && lowers >= 2;
    if (kind === LOWER && (wordStart || lowers > 0)) lowers += 1;
    else lowers = 0;
    wordStart = false;
    previous = kind;
  }
  return styles;
}

const NONE = 0;
const LOWER = 1;
const UPPER = 2;
const OTHER_LETTER = 3;
const DIGIT = 4;
const SEPARATOR = 5;
const UNDERSCORE = 1;
const HYPHEN = 2;
const SPACE = 4;
const OTHER = 8;

function kindOf(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; other ASCII and U+0080 are neither letter nor number
  if (code < 128) return SEPARATOR;
  // Surrogate halves belong to letters or symbols outside the basic plane: call them letters.
  if (code >= 0xd800 && code <= 0xdfff) return OTHER_LETTER;
  const char = String.fromCharCode(code);
  if (LETTER.test(char)) return OTHER_LETTER;
  return NUMBER.test(char) ? DIGIT : SEPARATOR;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}
