// Detects query parameters that were meant to be UTM parameters but are not names GA4 reads:
// misspellings (utm_soruce, utm_campaing), other separators (utm-source, utmsource), capitals
// (UTM_SOURCE) and invented names (utm_campaign_name, utm_keyword). GA4 ignores them silently.
import { defineCheck } from "../core/check.ts";
import type { Severity } from "../core/types.ts";
import { isUserValue, parseLanding } from "../core/values.ts";
import { decodeComponent, GLANCE, landingGlances, UTM_PARAMETER_NAMES } from "../rules/urls.ts";

/** The part after "utm_" of every recognised name, by its letters alone ("sourceplatform"). */
const BY_LETTERS = new Map(
  [...UTM_PARAMETER_NAMES].map((name) => [name.slice(4).replaceAll("_", ""), name]),
);

/** Names people invent for a recognised parameter, by their letters after the prefix. */
const SYNONYMS = new Map([
  ["src", "utm_source"],
  ["media", "utm_medium"],
  ["name", "utm_campaign"],
  ["campaignname", "utm_campaign"],
  ["campaignid", "utm_id"],
  ["keyword", "utm_term"],
  ["keywords", "utm_term"],
  ["kw", "utm_term"],
  ["adcontent", "utm_content"],
]);

/** Parameters GA4 accepts but does not report (§6.1): a typo there loses nothing yet. */
const UNREPORTED = new Set(["utm_creative_format", "utm_marketing_tactic"]);

const MENTIONS_UTM_OR_UMT = /u(?:tm|mt)/i;
/** "utm" (or the transposed "umt") then the rest of the name, with any separator between. */
const UTM_PREFIX = /^(?:utm|umt)[^a-z0-9]*(.*)$/;
const SEPARATORS = /[^a-z0-9]+/g;
const EDGE_UNDERSCORES = /^_+|_+$/g;
/** Left to malformed-query: names that are broken URLs rather than misspellings. */
const BROKEN_NAME = /[\s=&?#;%]/;

export const misspelledUtmParameter = defineCheck({
  id: "misspelled-utm-parameter",
  // The misspelled parameter is why GA4 sees no source, medium or campaign on those sessions.
  explains: ["missing-utm-source", "missing-utm-medium", "missing-utm-campaign"],
  title: "Misspelled UTM parameter names",
  severity: "critical",
  severityWhen: [
    { severity: "warning", when: "the same links also carry the parameter written right" },
    { severity: "info", when: "the misspelled parameter is one GA4 does not report yet" },
  ],
  description:
    "Landing URLs carry parameters that look like UTM parameters but are not names GA4 recognises, so their values are never recorded.",
  guide: {
    whyItMatters:
      "GA4 reads only the exact, lower-case names utm_source, utm_medium, utm_campaign, utm_id, utm_term, utm_content, utm_source_platform, utm_creative_format and utm_marketing_tactic. A link with utm_soruce=newsletter or UTM_SOURCE=newsletter carries no source as far as GA4 is concerned: the session is reported as (direct) or under another channel, and the campaign gets no credit, with no error anywhere.",
    howToFix:
      "Correct the parameter name in the link template that produced it (email platform, ad final URL suffix, social scheduler, QR code generator) and write parameter names in lower case. Generate links with the GA4 campaign URL builder or a shared template rather than typing them. Use utm_term for keywords and utm_campaign for the campaign name; names such as utm_keyword or utm_campaign_name are not read.",
    exampleWrong:
      "https://www.example.com/offer?utm_soruce=newsletter&utm_meduim=email&utm_campaing=spring_sale",
    exampleCorrect:
      "https://www.example.com/offer?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: ["landingPagePlusQueryString"],
  run(data, findings) {
    const verdicts = new Map<string, string | undefined>();
    const { values, starts, ids } = data.column("landingPagePlusQueryString");
    const glances = landingGlances(data);
    for (let v = 0; v < values.length; v++) {
      // Every name that says "utm" or "umt" is a recognised one, written exactly.
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (((glances[v] as number) & GLANCE.irregular) === 0) continue;
      const landing = values[v] as string;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      if (!isUserValue(landing) || !MENTIONS_UTM_OR_UMT.test(landing)) continue;
      // Irregular pages are mostly ones with a "%" in a value: read in place, no name is misspelled.
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (!mayMisname(landing)) continue;
      const params = parseLanding(landing).params;
      const names = new Set(params.map((param) => param.name));
      for (const { name } of params) {
        let intended = verdicts.get(name);
        // Stryker disable next-line ConditionalExpression: a cache
        if (!verdicts.has(name)) {
          intended = intendedName(name);
          // Stryker disable next-line CallExpression: a cache
          verdicts.set(name, intended);
        }
        if (intended === undefined) continue;
        const from = starts[v] as number;
        const to = starts[v + 1] as number;
        findings.addIds(`name:${name}`, titleFor(name, intended), ids, from, to, {
          values: [name],
          severity: severityFor(intended, names.has(intended)),
          field: "landingPagePlusQueryString",
        });
      }
    }
  },
});

/** The recognised name a parameter name was meant to be, or undefined when it is not UTM-like. */
export function intendedName(name: string): string | undefined {
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (UTM_PARAMETER_NAMES.has(name)) return undefined;
  const decoded = decodeComponent(name);
  if (UTM_PARAMETER_NAMES.has(decoded) || BROKEN_NAME.test(decoded)) return undefined;
  const rest = UTM_PREFIX.exec(decoded.toLowerCase())?.[1];
  if (rest === undefined) return undefined;
  const spaced = rest.replace(SEPARATORS, "_").replace(EDGE_UNDERSCORES, "");
  const letters = spaced.replaceAll("_", "");
  const exact = BY_LETTERS.get(letters) ?? SYNONYMS.get(letters);
  if (exact) return exact;
  return closest(spaced);
}

/**
 * The recognised name within one edit (two for long names) of the written one. Compared with
 * separators kept, so a compound such as utm_source_id is not read as a typo of utm_source.
 */
function closest(spaced: string): string | undefined {
  if (spaced.length < 4) return undefined;
  const limit = spaced.length >= 7 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of UTM_PARAMETER_NAMES) {
    const target = name.slice(4);
    // Stryker disable next-line ConditionalExpression: a shortcut
    if (Math.abs(target.length - spaced.length) > limit) continue;
    // utm_sourceid, utm_contentid: a name of its own built on a recognised one, not a typo.
    if (spaced.startsWith(target) && spaced.length - target.length >= 2) continue;
    const distance = editDistance(spaced, target);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: a swap of two neighbouring letters counts as one edit. */
function editDistance(a: string, b: string): number {
  // Stryker disable next-line ArrayDeclaration: read from the second row on
  let before: number[] = [];
  // Stryker disable next-line ArithmeticOperator: a short first row only shortens paths of a.length - 1 >= 3 edits, above any limit
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a[-1] is undefined, equal to no letter
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function titleFor(name: string, intended: string): string {
  return name.toLowerCase() === intended
    ? `${name} is not recognised: GA4 reads the lower-case ${intended}`
    : `${name} is not a GA4 parameter: meant ${intended}?`;
}

/**
 * Critical when the value is lost; a warning when the same link also has the right name; info for
 * the two parameters GA4 does not report yet.
 */
function severityFor(intended: string, alsoWrittenRight: boolean): Severity {
  if (UNREPORTED.has(intended)) return "info";
  return alsoWrittenRight ? "warning" : "critical";
}

/** The recognised names by their length, for `mayMisname`. */
const NAMES_BY_LENGTH: string[][] = [];
for (const name of UTM_PARAMETER_NAMES) {
  const sameLength = NAMES_BY_LENGTH[name.length] ?? [];
  sameLength.push(name);
  NAMES_BY_LENGTH[name.length] = sameLength;
}

/**
 * Whether a query parameter of the landing value, read in place where `parseLanding` splits them,
 * has a name `intendedName` may read as a misspelling (`mayMislead`). The pages the glance cannot
 * clear are mostly ones with a "%" in a value (spring%20sale), whose names are all recognised or
 * not UTM-like: told in one pass over the characters, without a parameter object or a name copy.
 */
export function mayMisname(value: string): boolean {
  const length = value.length;
  let at = 0;
  // The query starts after the first "?", unless a "#" comes first.
  for (; at < length; at++) {
    const code = value.charCodeAt(at);
    if (code === 0x3f) break;
    if (code === 0x23) return false;
  }
  /** Where the parameter's name starts; whether it has ended (at its "="); whether it has a "%". */
  let from = at + 1;
  let named = false;
  let percent = false;
  for (at = from; at <= length; at++) {
    // The end of the value ends the query as a "#" does.
    const code = at < length ? value.charCodeAt(at) : 0x23;
    if (code === 0x26 || code === 0x23) {
      if (!named && mayMislead(value, from, at, percent)) return true;
      if (code === 0x23) return false;
      from = at + 1;
      named = false;
      percent = false;
    } else if (!named) {
      if (code === 0x3d) {
        if (mayMislead(value, from, at, percent)) return true;
        named = true;
      } else if (code === 0x25) percent = true;
    }
  }
  return false;
}

/**
 * Whether `intendedName` may read the name from `from` to `to` as a misspelling: it starts with
 * "utm" or "umt" in any case and is not a recognised name written exactly, or it has a "%" (it
 * may encode "utm"). Any other name decodes to neither a recognised name nor one with the prefix.
 */
function mayMislead(value: string, from: number, to: number, percent: boolean): boolean {
  if (startsUtmLike(value, from, to)) return !isRecognisedAt(value, from, to);
  return percent;
}

/** Whether the name from `from` to `to` starts with "utm" or "umt" in any case. */
function startsUtmLike(value: string, from: number, to: number): boolean {
  if (to - from < 3) return false;
  // A letter's code with 0x20 set is its lower case; no other character gives u, t or m so.
  const second = value.charCodeAt(from + 1) | 0x20;
  const third = value.charCodeAt(from + 2) | 0x20;
  return (
    (value.charCodeAt(from) | 0x20) === 0x75 &&
    ((second === 0x74 && third === 0x6d) || (second === 0x6d && third === 0x74))
  );
}

/** Whether the name from `from` to `to` is a recognised name written exactly. */
function isRecognisedAt(value: string, from: number, to: number): boolean {
  for (const name of NAMES_BY_LENGTH[to - from] ?? []) {
    if (value.startsWith(name, from)) return true;
  }
  return false;
}
