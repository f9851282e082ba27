// Detects utm_id values that do not map one-to-one to campaign names: one ID used with several
// campaign names, or one campaign name tagged with several IDs. GA4 joins imported cost data on
// the campaign ID, so a mixed-up ID puts spend and results on the wrong campaign.
import type { ValueStats } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
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
    for (const side of sides(data.values(ID_DIMENSION).values(), idKey)) {
      const found = partnersOf(side, (row) => row.values[campaignDimension], nameKey);
      // Stryker disable next-line ConditionalExpression: only string keys are read back
      if (typeof found === "string") link(idsOfName, found, side.key);
      if (found === null || typeof found === "string") continue;
      for (const name of found.partners.keys()) link(idsOfName, name, side.key);
      const id = topSpelling(side.values);
      const names = partnerValues(found.partners);
      findings.add(
        `id:${side.key}`,
        `utm_id '${id}' is used by ${names.length} campaign names: ${listForTitle(names)}`,
        found.rows,
        { values: [id, ...names], field: ID_DIMENSION },
      );
    }

    const flagged = (value: string | undefined): string | null => {
      const key = nameKey(value);
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      return key !== null && idsOfName.get(key) instanceof Set ? key : null;
    };
    for (const side of sides(data.values(campaignDimension).values(), flagged)) {
      const found = partnersOf(side, (row) => row.values[ID_DIMENSION], idKey);
      // Stryker disable next-line all: a flagged campaign has two IDs or more
      if (found === null || typeof found === "string") continue;
      const campaign = topSpelling(side.values);
      const idValues = partnerValues(found.partners);
      findings.add(
        `campaign:${side.key}`,
        `Campaign '${campaign}' carries ${idValues.length} different utm_id values: ${listForTitle(idValues)}`,
        found.rows,
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
 * The side's partners and the rows that pair it with one; or, in the common cheap case of fewer
 * than two, the key of its one partner (null for none).
 */
function partnersOf(
  side: Side,
  partnerOf: (row: AggregatedRow) => string | undefined,
  keyFor: (value: string | undefined) => string | null,
): { partners: Partners; rows: AggregatedRow[] } | string | null {
  // Rows of one side nearly always repeat one partner as written: compare the raw strings and
  // fold only a value that differs.
  let firstValue: string | undefined;
  let firstKey: string | null = null;
  let several = false;
  scan: for (const stats of side.values) {
    for (const row of stats.rows) {
      const value = partnerOf(row);
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      if (value === undefined || value === firstValue) continue;
      const key = keyFor(value);
      if (key === null) continue;
      if (firstKey === null) {
        firstKey = key;
        firstValue = value;
      } else if (key !== firstKey) {
        several = true;
        break scan;
      }
    }
  }
  if (!several) return firstKey;
  const partners: Partners = new Map();
  const rows: AggregatedRow[] = [];
  for (const stats of side.values) {
    for (const row of stats.rows) {
      const value = partnerOf(row);
      const key = keyFor(value);
      // Stryker disable next-line ConditionalExpression: an undefined value has a null key
      if (key === null || value === undefined) continue;
      rows.push(row);
      let spellings = partners.get(key);
      if (!spellings) {
        spellings = new Map();
        partners.set(key, spellings);
      }
      spellings.set(value, (spellings.get(value) ?? 0) + row.sessions);
    }
  }
  return { partners, rows };
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
