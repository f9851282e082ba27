// Detects campaign names that are a near miss of a more common one (black_firday_sale next to
// black_friday_sale). GA4 reports each spelling as its own campaign, so the typo's sessions and
// key events are missing from the real campaign's totals.

import type { ValueStats } from "../core/audit-data.ts";
import { fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { bySessions, editDistance, taggedValues } from "../rules/values-extra.ts";

/** One campaign after folding case and separators, with every spelling that folds to it. */
interface Name {
  key: string;
  length: number;
  tokens: string[];
  sessions: number;
  /** Every spelling that folds to the name, with its sessions and rows. */
  spellings: ValueStats[];
}

interface Candidate {
  name: Name;
  token: string;
}

const SEPARATORS = /[\s_\-.+|/:]+/g;
const LETTER = /\p{L}/u;
const NON_DIGITS = /\D+/g;
const HAS_DIGIT = /\d/;
const EDGE_UNDERSCORES = /^_+|_+$/g;
/** Already lower case with single underscores: most names, folded without copying. */
const FOLDED = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** Tokens this short are codes (us/uk, de/fr, a/b, men, q1): a change there is a new audience. */
const MAX_CODE_LENGTH = 3;
/** From this length a name may carry two slips and still read as the same name. */
const LONG_NAME = 12;
/** Tokens this long may carry two slips; in shorter ones two edits make a different word. */
const LONG_TOKEN = 8;
/** The common spelling must have this many times the sessions of the rare one... */
const RATIO = 3;
/** ...unless the rare one is this small and still the smaller. */
const FEW_SESSIONS = 10;
/** Above this many names sharing the rest of their tokens, only single slips are searched. */
const PAIRWISE_LIMIT = 64;
/** In a large block, the busiest names that can be the intended spelling. */
const INTENDED_LIMIT = 500;

/**
 * Real words that sit one or two letters from each other and name different things in campaign
 * names: calendars, seasons, audiences, tiers, funnel stages, formats.
 */
const KNOWN_WORDS = new Set(
  [
    "january february march april may june july august september october november december sept",
    "monday tuesday wednesday thursday friday saturday sunday",
    "spring summer autumn fall winter sommer sprint winner winners",
    "mens womens women male female boys girls kids baby teen teens adults",
    "cold warm cool gold bold hold silver bronze basic plus lite life like live love",
    "awareness consideration conversion conversions retargeting remarketing prospecting",
    "acquisition retention reactivation",
    "mobile desktop tablet video image static story stories store stores reel reels feed",
    "post posts page pages form from farm firm line link list lost last past fast cast east west",
    "sale male tale call mall ball hall wall shop show shot stop best test text rest rent tent",
    "brand grand band land hand lead load read dead deal meal real dark park mark tech",
    "black block blank white trial trail trials trails",
    "shirt shirts skirt skirts short shorts sport sports shoe shoes boot boots sock socks",
    "coat coats cost hats caps bags tops toys ring rings pants parts paint paints beds desk disk",
  ].flatMap((line) => line.split(" ")),
);

export const campaignTypo = defineCheck({
  id: "campaign-typo",
  title: "Misspelled campaign names",
  severity: "warning",
  description:
    "A campaign name is one or two letters away from a much more common campaign name, which looks like a typo that splits one campaign into two.",
  guide: {
    whyItMatters:
      "GA4 reports every spelling of utm_campaign as a separate campaign. Sessions that arrive through a misspelled link (black_firday_sale instead of black_friday_sale) are missing from the real campaign's sessions, key events and revenue, so the campaign looks weaker than it is and the typo shows up as a small mystery campaign.",
    howToFix:
      "Find the links that carry the misspelled name (the landing pages in the examples help) and correct them in the ad platform, email tool or social post. Build links from one shared sheet or URL builder and paste campaign names instead of retyping them. For past data, combine both spellings in explorations or with a custom channel or campaign grouping.",
    exampleWrong:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=black_firday_sale",
    exampleCorrect:
      "https://www.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=black_friday_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [["sessionManualCampaignName", "sessionCampaignName"]],
  run(data, findings) {
    const names = foldNames(taggedValues(data, "campaign"));
    const intended = new Map<Name, { name: Name; distance: number }>();

    const consider = (a: Candidate, b: Candidate): void => {
      const pair = typoPair(a, b);
      if (!pair) return;
      const current = intended.get(pair.rare);
      if (
        !current ||
        pair.common.sessions > current.name.sessions ||
        (pair.common.sessions === current.name.sessions && pair.distance < current.distance)
      ) {
        intended.set(pair.rare, { name: pair.common, distance: pair.distance });
      }
    };

    for (const block of blocks(names)) {
      if (block.length <= PAIRWISE_LIMIT) {
        block.sort((a, b) => a.token.length - b.token.length);
        // Stryker disable next-line EqualityOperator: block[length] is undefined, skipped
        for (let i = 0; i < block.length; i += 1) {
          const a = block[i];
          // Stryker disable next-line ConditionalExpression: for the type checker
          if (!a) continue;
          // Stryker disable next-line EqualityOperator: block[length] ends the loop
          for (let j = i + 1; j < block.length; j += 1) {
            const b = block[j];
            // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
            if (!b || b.token.length - a.token.length > 2) break;
            consider(a, b);
          }
        }
      } else {
        findSingleSlips(block, consider);
      }
    }

    for (const [rare, found] of intended) {
      // When the intended name is itself a slip of a busier one, point at that one.
      let common = found.name;
      for (let step = 0; step < 3; step += 1) common = intended.get(common)?.name ?? common;
      const typos = [...rare.spellings].sort(bySessions);
      // Stryker disable next-line OptionalChaining: never empty
      const typo = typos[0]?.value ?? rare.key;
      // Stryker disable next-line OptionalChaining: never empty
      const meant = [...common.spellings].sort(bySessions)[0]?.value ?? common.key;
      findings.addValues(
        `campaign:${rare.key}`,
        `${fieldTitle(data.utmField("campaign"))} '${typo}' looks like a typo of '${meant}'`,
        data.utmField("campaign"),
        typos,
        {
          values: [...typos.map((spelling) => spelling.value), meant],
          field: data.utmField("campaign"),
        },
      );
    }
  },
});

/** Groups spellings that differ only in case or separators (other checks report those). */
function foldNames(values: Iterable<ValueStats>): Name[] {
  const byKey = new Map<string, Name>();
  for (const stats of values) {
    const key = FOLDED.test(stats.value)
      ? stats.value
      : stats.value.toLowerCase().replace(SEPARATORS, "_").replace(EDGE_UNDERSCORES, "");
    // Stryker disable next-line ConditionalExpression,StringLiteral: "" is in no block
    if (key === "") continue;
    let name = byKey.get(key);
    if (!name) {
      name = { key, length: key.length, tokens: key.split("_"), sessions: 0, spellings: [] };
      byKey.set(key, name);
    }
    name.sessions += stats.sessions;
    name.spellings.push(stats);
  }
  return [...byKey.values()];
}

/**
 * Names that share every token but one, and the same numbers in that one token, land in one
 * block; only names within a block can be typos of each other.
 */
function blocks(names: readonly Name[]): Candidate[][] {
  const byKey = new Map<string, Candidate[]>();
  for (const name of names) {
    let offset = 0;
    for (const token of name.tokens) {
      const at = offset;
      offset += token.length + 1;
      if (token.length <= MAX_CODE_LENGTH || !LETTER.test(token)) continue;
      // Stryker disable next-line StringLiteral: any text no digits make marks a token without them
      const digits = HAS_DIGIT.test(token) ? token.replace(NON_DIGITS, " ").trim() : "";
      // The name with this token masked (tokens hold no "_", so the count of tokens is kept).
      const key = `${name.key.slice(0, at)}\u0000${name.key.slice(at + token.length)}|${digits}`;
      const block = byKey.get(key);
      if (block) block.push({ name, token });
      else byKey.set(key, [{ name, token }]);
    }
  }
  // Stryker disable next-line MethodExpression,ConditionalExpression,EqualityOperator: a shortcut: one name pairs with none
  return [...byKey.values()].filter((block) => block.length > 1);
}

/**
 * In a large block, each name against the block's busiest names (the only ones a typo can be
 * of) that are one edit away, found through shared one-letter deletions.
 */
function findSingleSlips(
  block: readonly Candidate[],
  consider: (a: Candidate, b: Candidate) => void,
): void {
  const busiest = [...block]
    .sort((a, b) => b.name.sessions - a.name.sessions)
    .slice(0, INTENDED_LIMIT);
  // Stryker disable next-line OptionalChaining: a block has two names
  const most = busiest[0]?.name.sessions ?? 0;
  const byVariant = new Map<string, Candidate[]>();
  for (const candidate of busiest) {
    const { token } = candidate;
    // Stryker disable next-line EqualityOperator: i = length gives the token itself again
    for (let i = -1; i < token.length; i += 1) {
      const variant = i < 0 ? token : token.slice(0, i) + token.slice(i + 1);
      const list = byVariant.get(variant);
      if (list) list.push(candidate);
      else byVariant.set(variant, [candidate]);
    }
  }
  for (const candidate of block) {
    const { token, name } = candidate;
    // Too busy to be anyone's typo.
    // A shortcut: typoPair refuses such a name as a typo of any name of the block, and the names
    // that could be its typos find it from their side when it is among the busiest.
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: as above
    if (name.sessions * RATIO > most && name.sessions > FEW_SESSIONS) continue;
    let met: Candidate[] | undefined;
    // Stryker disable next-line EqualityOperator: i = length looks the token itself up again, met skips it
    for (let i = -1; i < token.length; i += 1) {
      const list = byVariant.get(i < 0 ? token : token.slice(0, i) + token.slice(i + 1));
      if (!list) continue;
      for (const other of list) {
        // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
        if (other === candidate || met?.includes(other)) continue;
        // Stryker disable ArrayDeclaration: a shortcut
        // Stryker disable next-line ConditionalExpression,CallExpression: a shortcut
        if (met) met.push(other);
        else met = [other];
        // Stryker restore ArrayDeclaration
        consider(candidate, other);
      }
    }
  }
}

function typoPair(
  a: Candidate,
  b: Candidate,
): { rare: Name; common: Name; distance: number } | undefined {
  // Stryker disable next-line EqualityOperator: ties refused below
  const rare = a.name.sessions < b.name.sessions ? a.name : b.name;
  const common = rare === a.name ? b.name : a.name;
  // Stryker disable next-line ConditionalExpression: one name has one sessions count, caught next
  if (rare === common || rare.sessions === common.sessions) return undefined;
  if (rare.sessions * RATIO > common.sessions && rare.sessions > FEW_SESSIONS) return undefined;
  const shortToken = Math.min(a.token.length, b.token.length);
  const shortName = Math.min(a.name.length, b.name.length);
  const max = shortName >= LONG_NAME && shortToken >= LONG_TOKEN ? 2 : 1;
  // One edit in a token of four or more letters leaves its first or its last letter in place.
  // Stryker disable next-line all: a shortcut
  if (max === 1 && a.token[0] !== b.token[0] && a.token.at(-1) !== b.token.at(-1)) {
    return undefined;
  }
  if (KNOWN_WORDS.has(a.token) && KNOWN_WORDS.has(b.token)) return undefined;
  const distance = editDistance(a.token, b.token, max);
  // Stryker disable next-line ConditionalExpression: never 0
  return distance >= 1 && distance <= max ? { rare, common, distance } : undefined;
}
