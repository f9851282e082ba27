// Detects utm_source values that misspell a well-known platform (facebok, gooogle, linkdin,
// instagarm). GA4 matches sources to its channel lists letter for letter, so a typo leaves the
// traffic out of the platform's reports and often out of its channel.

import { sourceCategory } from "../channels/channel-group.ts";
import { fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { siteDomain } from "../core/values.ts";
import {
  isChannelTypeWord,
  looksLikeHost,
  PLATFORMS,
  platformOf,
  pushTaggedIds,
} from "../rules/platforms.ts";

/** Real words one or two letters from a platform name, which are not typos of it. */
const NOT_TYPOS: ReadonlySet<string> = new Set([
  "googly",
  "goggles",
  "youtuber",
  "youtubers",
  "tiktoker",
  "tiktokers",
  "twister",
  "quota",
  "redditor",
  "redditors",
  "amazonia",
]);
const NAME = /^[a-z][a-z _-]*$/;
/** Names shorter than this are compared exactly only: bing and ping are both real words. */
const MIN_TARGET_LENGTH = 5;
/** From this length on, two edits are still a typo. */
const TWO_EDITS_FROM = 9;

/**
 * Canonical platform names a typo can be judged against, by first letter: typos rarely change it.
 * Aliases are left out: googlemaps is two edits from googleads but is no typo.
 */
const TARGETS = new Map<string, string[]>();
for (const { name, noTypos } of PLATFORMS) {
  if (noTypos || name.length < MIN_TARGET_LENGTH) continue;
  const list = TARGETS.get(name.charAt(0)) ?? [];
  list.push(name);
  TARGETS.set(name.charAt(0), list);
}

interface Typo {
  suggestion: string;
  spellings: Set<string>;
  /** The ids of the rows tagged with any of the spellings. */
  ids: number[];
}

export const sourceTypo = defineCheck({
  id: "source-typo",
  title: "Misspelled platform names in utm_source",
  severity: "warning",
  description:
    "utm_source values one or two letters away from a well-known platform name, such as facebok, gooogle, linkdin or instagarm.",
  guide: {
    whyItMatters:
      "GA4 compares source values letter for letter. A misspelled source is a separate row in every report, so the platform's traffic and conversions are split, and the channel rules no longer recognise the platform: facebok / cpc is Paid Other instead of Paid Social, gooogle / cpc is not Paid Search.",
    howToFix:
      "Correct the spelling in the link where it was typed, usually a hand-built URL in an ad, a post or an email template. Build links with a URL builder or a shared sheet with a fixed list of sources instead of typing them. Past sessions keep the typo; combine them in reports with a filter or a custom channel group.",
    exampleWrong:
      "https://www.example.com/?utm_source=facebok&utm_medium=paid_social&utm_campaign=spring_sale",
    exampleCorrect:
      "https://www.example.com/?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [["sessionManualSource", "sessionSource"]],
  run(data, findings) {
    const dimension = data.utmDimension("source");
    // Stryker disable next-line ConditionalExpression: requires a source dimension
    if (!dimension) return;
    const seen = new Map<string, Typo>();
    const suggestions = new Map<string, string | undefined>();
    // Each value's tagged rows by their ids in the column: no row object is reached.
    const { values } = data.column(dimension);
    for (let v = 0; v < values.length; v++) {
      const source = values[v] as string;
      const value = source.trim().toLowerCase();
      let suggestion = suggestions.get(value);
      // Stryker disable next-line ConditionalExpression: a cache
      if (!suggestions.has(value)) {
        suggestion = suggestPlatform(value);
        // Stryker disable next-line CallExpression: a cache
        suggestions.set(value, suggestion);
      }
      if (suggestion === undefined) continue;
      let entry = seen.get(value);
      const ids = entry?.ids ?? [];
      if (pushTaggedIds(data, v, ids) === 0) continue;
      if (!entry) {
        entry = { suggestion, spellings: new Set(), ids };
        seen.set(value, entry);
      }
      entry.spellings.add(source);
    }
    for (const [value, entry] of seen) {
      findings.addIds(
        `source:${value}`,
        `${fieldTitle(dimension)} "${[...entry.spellings].join(", ")}" looks like a misspelling of ${entry.suggestion}`,
        entry.ids,
        0,
        entry.ids.length,
        { values: entry.spellings, field: dimension },
      );
    }
  },
});

/** The platform name a lower-cased source misspells, or undefined when it is not a typo. */
function suggestPlatform(value: string): string | undefined {
  let name = value;
  if (!NAME.test(value)) {
    if (!looksLikeHost(value)) return undefined;
    // l.facebok.com: judge the site's name, not the whole host.
    // Stryker disable next-line StringLiteral: split always has a first part
    name = siteDomain(value).split(".")[0] ?? "";
    if (!NAME.test(name)) return undefined;
  }
  const target = nearestTarget(name);
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (target === undefined) return undefined;
  if (NOT_TYPOS.has(value) || NOT_TYPOS.has(name) || isChannelTypeWord(value)) return undefined;
  // Real names: a known alias or host, or any site on Google's source lists.
  if (platformOf(value) || sourceCategory(value)) return undefined;
  // Stryker disable next-line LogicalOperator: with today's lists no listed name within reach of a target is on one list only (checked over every listed name)
  if (name !== value && (platformOf(name) || sourceCategory(name))) return undefined;
  return target;
}

/** The one platform name within reach of `name`; undefined when none is, or two platforms tie. */
function nearestTarget(name: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  // Stryker disable next-line BooleanLiteral: the first name within reach clears it
  let tied = false;
  // Stryker disable next-line ArrayDeclaration: no name is within reach of it
  for (const target of TARGETS.get(name.charAt(0)) ?? []) {
    const max = target.length >= TWO_EDITS_FROM ? 2 : 1;
    if (Math.abs(target.length - name.length) > max) continue;
    const distance = boundedDistance(name, target, max);
    // The site's own name (google in google.ca) is no typo of anything.
    // Stryker disable next-line ConditionalExpression: a platform name is caught below
    if (distance === 0) return undefined;
    if (distance > max) continue;
    if (distance < bestDistance) {
      best = target;
      bestDistance = distance;
      tied = false;
      // With today's platform list no name is within reach of two targets of one first letter
      // (checked over every one- and two-edit variant): a guard for names added later.
      // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: as above
    } else if (distance === bestDistance) {
      // Stryker disable next-line BooleanLiteral: as above
      tied = true;
    }
  }
  return tied ? undefined : best;
}

// Three rows of the distance table, reused: targets are short platform names.
let before = new Int32Array(32);
let previous = new Int32Array(32);
let current = new Int32Array(32);

/**
 * Damerau-Levenshtein distance (optimal string alignment: an adjacent transposition is one edit),
 * or max + 1 as soon as it must exceed max.
 */
function boundedDistance(a: string, b: string, max: number): number {
  // Stryker disable all: every platform name fits the first arrays
  if (b.length + 1 > current.length) {
    before = new Int32Array(b.length + 1);
    previous = new Int32Array(b.length + 1);
    current = new Int32Array(b.length + 1);
  }
  // Stryker restore all
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (ai === bj ? 0 : 1),
      );
      // Stryker disable next-line ConditionalExpression,EqualityOperator: charCodeAt(-1) is NaN, equal to nothing
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      }
      current[j] = best;
      // Stryker disable next-line EqualityOperator: an equal value changes nothing
      if (best < rowMin) rowMin = best;
    }
    // Stryker disable next-line ConditionalExpression: a shortcut: distances only grow
    if (rowMin > max) return max + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  // Stryker disable next-line ArithmeticOperator: never undefined
  return previous[b.length] ?? max + 1;
}
