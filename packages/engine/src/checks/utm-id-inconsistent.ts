// Detects utm_id values that do not map one-to-one to campaign names: one ID used with several
// campaign names, or one campaign name tagged with several IDs. GA4 joins imported cost data on
// the campaign ID, so a mixed-up ID puts spend and results on the wrong campaign.
import { type AuditData, type Column, type ValueStats, valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { Dimension } from "../core/types.ts";
import { foldCase, isUserValue } from "../core/values.ts";
import { bySessions, listForTitle } from "../rules/values-extra.ts";

/** One side of the mapping (an ID or a campaign) as the data writes it, folded to one key. */
interface Side {
  key: string;
  values: ValueStats[];
}

/** A side's partners on the other side: each by its key, with its spellings and sessions. */
type Partners = Map<string, Map<string, number>>;

export const utmIdInconsistent = defineCheck({
  id: "utm-id-inconsistent",
  title: "utm_id and campaign names do not match one-to-one",
  severity: "warning",
  description:
    "One utm_id is used with several campaign names, or one campaign name carries several utm_id values.",
  guide: {
    whyItMatters:
      "utm_id is the key GA4 uses to join cost data you import (clicks, impressions, spend) with sessions and key events. When one ID is reused for different campaigns, their costs and results are merged; when one campaign carries several IDs, its costs are split or fail to match, and return on ad spend is wrong either way.",
    howToFix:
      "Give every campaign exactly one utm_id and never reuse it: keep the ID and the campaign name side by side in your campaign sheet and generate both from it. Correct the links of the campaign that borrowed another's ID, and make the IDs in your cost-data upload match the ones in the links.",
    exampleWrong:
      "utm_id=fb_1042&utm_campaign=spring_sale on one ad and utm_id=fb_1042&utm_campaign=summer_launch on another",
    exampleCorrect:
      "utm_id=fb_1042&utm_campaign=spring_sale and utm_id=fb_1043&utm_campaign=summer_launch",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10071305",
  },
  view: "details",
  requires: ["sessionManualCampaignId", ["sessionManualCampaignName", "sessionCampaignName"]],
  run(data, findings) {
    const campaignDimension = data.utmDimension("campaign");
    // Stryker disable next-line ConditionalExpression: requires a campaign dimension
    if (!campaignDimension) return;
    // The IDs each campaign was seen with, learned from the ID side: a campaign needs a second
    // look at its rows only when it has several.
    const idsOfName = new Map<string, string | Set<string>>();
    // Each row's partner read by value id from the column beside, not from the row objects.
    const idRows = new RowsOf(data, ID_DIMENSION, campaignDimension);
    for (const side of sides(data.values(ID_DIMENSION).values(), idKey)) {
      const found = partnersOf(side, idRows, nameKey);
      // Stryker disable next-line ConditionalExpression: only string keys are read back
      if (typeof found === "string") link(idsOfName, found, side.key);
      if (found === null || typeof found === "string") continue;
      for (const name of found.partners.keys()) link(idsOfName, name, side.key);
      const id = topSpelling(side.values);
      const names = partnerValues(found.partners);
      findings.addIds(
        `id:${side.key}`,
        `utm_id '${id}' is used by ${names.length} campaign names: ${listForTitle(names)}`,
        found.ids,
        0,
        found.ids.length,
        { values: [id, ...names], field: ID_DIMENSION },
      );
    }

    const flagged = (value: string | undefined): string | null => {
      const key = nameKey(value);
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      return key !== null && idsOfName.get(key) instanceof Set ? key : null;
    };
    const campaignRows = new RowsOf(data, campaignDimension, ID_DIMENSION);
    for (const side of sides(data.values(campaignDimension).values(), flagged)) {
      const found = partnersOf(side, campaignRows, idKey);
      // Stryker disable next-line all: a flagged campaign has two IDs or more
      if (found === null || typeof found === "string") continue;
      const campaign = topSpelling(side.values);
      const idValues = partnerValues(found.partners);
      findings.addIds(
        `campaign:${side.key}`,
        `Campaign '${campaign}' carries ${idValues.length} different utm_id values: ${listForTitle(idValues)}`,
        found.ids,
        0,
        found.ids.length,
        { values: [campaign, ...idValues], field: campaignDimension },
      );
    }
  },
});

const ID_DIMENSION: Dimension = "sessionManualCampaignId";
const SEPARATORS = /[\s_\-.+]+/g;

/**
 * IDs are codes and compared as written (trimmed); campaign names differing only in case or
 * separators are one campaign here, as other checks report those splits.
 */
function foldName(campaign: string): string {
  return foldCase(campaign).replace(SEPARATORS, "_");
}

/** The key an ID or campaign is compared by; null for GA4's placeholders and blanks. */
function idKey(value: string | undefined): string | null {
  return isUserValue(value) ? value.trim() : null;
}

function nameKey(value: string | undefined): string | null {
  return isUserValue(value) ? foldName(value) : null;
}

function link(map: Map<string, string | Set<string>>, key: string, partner: string): void {
  const current = map.get(key);
  if (current === undefined) map.set(key, partner);
  // Only `instanceof Set` is read back, never what the set holds; an ID side links a name once.
  // Stryker disable next-line ConditionalExpression,CallExpression: a set stays a set
  else if (typeof current !== "string") current.add(partner);
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: as above
  else if (current !== partner) map.set(key, new Set([current, partner]));
}

/** Distinct values grouped under their key. */
function sides(
  values: Iterable<ValueStats>,
  keyFor: (value: string | undefined) => string | null,
): Side[] {
  const byKey = new Map<string, Side>();
  for (const stats of values) {
    const key = keyFor(stats.value);
    if (key === null) continue;
    const side = byKey.get(key);
    if (side) side.values.push(stats);
    else byKey.set(key, { key, values: [stats] });
  }
  return [...byKey.values()];
}

/**
 * The rows of each value of a dimension (`data.values(dimension)`) by id, with each row's
 * value of the partner dimension read from the column beside, and its sessions.
 */
class RowsOf {
  readonly #data: AuditData;
  readonly #dimension: Dimension;
  readonly #column: Column;
  readonly #partners: Column;

  constructor(data: AuditData, dimension: Dimension, partner: Dimension) {
    this.#data = data;
    this.#dimension = dimension;
    this.#column = data.column(dimension);
    this.#partners = data.columnBeside(this.#column, partner);
  }

  /** Calls `each` with the id, the partner's value and the sessions of each of `stats`' rows. */
  forEach(
    stats: ValueStats,
    each: (id: number, partner: string | undefined, sessions: number) => boolean | undefined,
  ): boolean {
    const { firstId, sessionsById } = this.#column;
    for (const id of this.#data.idsOfStats(this.#dimension, stats)) {
      const partner = valueAt(this.#partners, id - firstId);
      if (each(id, partner, sessionsById[id] as number) === false) return false;
    }
    return true;
  }
}

/**
 * The side's partners and the ids of the rows that pair it with one; or, in the common cheap
 * case of fewer than two, the key of its one partner (null for none).
 */
function partnersOf(
  side: Side,
  rowsOf: RowsOf,
  keyFor: (value: string | undefined) => string | null,
): { partners: Partners; ids: number[] } | string | null {
  // Rows of one side nearly always repeat one partner as written: compare the raw strings and
  // fold only a value that differs.
  let firstValue: string | undefined;
  let firstKey: string | null = null;
  let several = false;
  for (const stats of side.values) {
    const read = rowsOf.forEach(stats, (_, value) => {
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      if (value === undefined || value === firstValue) return true;
      const key = keyFor(value);
      if (key === null) return true;
      if (firstKey === null) {
        firstKey = key;
        firstValue = value;
      } else if (key !== firstKey) {
        several = true;
        return false;
      }
      return true;
    });
    if (!read) break;
  }
  if (!several) return firstKey;
  const partners: Partners = new Map();
  const ids: number[] = [];
  for (const stats of side.values) {
    rowsOf.forEach(stats, (id, value, sessions) => {
      const key = keyFor(value);
      // Stryker disable next-line ConditionalExpression: an undefined value has a null key
      if (key === null || value === undefined) return true;
      ids.push(id);
      let spellings = partners.get(key);
      if (!spellings) {
        spellings = new Map();
        partners.set(key, spellings);
      }
      spellings.set(value, (spellings.get(value) ?? 0) + sessions);
      return true;
    });
  }
  return { partners, ids };
}

/** The most used spelling of a side. */
function topSpelling(values: readonly ValueStats[]): string {
  let top: ValueStats | undefined;
  // Stryker disable next-line EqualityOperator: a side's values are distinct, so never 0
  for (const stats of values) if (!top || bySessions(stats, top) < 0) top = stats;
  // Stryker disable next-line OptionalChaining,StringLiteral: a side has a value
  return top?.value ?? "";
}

/** Each partner once, in its most used spelling, busiest first. */
function partnerValues(partners: Partners): string[] {
  return [...partners.values()]
    .map((spellings) => {
      let sessions = 0;
      // Stryker disable next-line StringLiteral: the first spelling replaces it
      let top = "";
      let topSessions = -1;
      for (const [value, count] of spellings) {
        sessions += count;
        // Stryker disable next-line EqualityOperator: spellings are distinct map keys
        if (count > topSessions || (count === topSessions && value < top)) {
          top = value;
          topSessions = count;
        }
      }
      return { value: top, sessions };
    })
    .sort(bySessions)
    .map((partner) => partner.value);
}
