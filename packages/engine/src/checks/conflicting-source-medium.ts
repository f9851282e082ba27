// Detects one campaign on one source tagged both as paid and as unpaid traffic (spring_sale:
// facebook / cpc and facebook / social). Part of the campaign's clicks then leaves the paid
// channel for an organic one or Unassigned, and its paid results are understated.
import { type Channel, predictChannel } from "../channels/channel-group.ts";
import { defineCheck } from "../core/check.ts";
import { Numbering } from "../core/numbering.ts";
import { isUserValue } from "../core/values.ts";
import { platformOf } from "../rules/platforms.ts";

const PAID_CHANNELS: ReadonlySet<Channel> = new Set([
  "Paid Search",
  "Paid Social",
  "Paid Video",
  "Paid Shopping",
  "Paid Other",
  "Display",
  "Cross-network",
]);
const UNPAID_CHANNELS: ReadonlySet<Channel> = new Set([
  "Organic Search",
  "Organic Social",
  "Organic Video",
  "Organic Shopping",
  "Unassigned",
]);
// Reported by their own checks: natural mediums on campaign links, and platforms as mediums.
const NATURAL_MEDIUMS: ReadonlySet<string> = new Set(["organic", "referral", "none"]);

/** Above this many source and medium pairs, each row's pair is looked up in the maps. */
const MAX_SEEN_PAIRS = 1 << 24;

export const conflictingSourceMedium = defineCheck({
  id: "conflicting-source-medium",
  title: "Same campaign tagged as paid and unpaid on one source",
  severity: "warning",
  description:
    "A campaign on one source carries mediums that GA4 files in a paid channel and in an organic channel or Unassigned at once, such as facebook / cpc and facebook / social for spring_sale.",
  guide: {
    whyItMatters:
      "GA4 splits a campaign's sessions by medium: facebook / cpc is Paid Social, facebook / social is Organic Social, and a medium no channel rule knows (criteo / sponsored) is Unassigned. When the links of one campaign on one platform disagree, the usual cause is an ad or ad set copied with the wrong medium, so part of the spend is reported as free traffic and paid results, cost per acquisition and return on ad spend are wrong.",
    howToFix:
      "Open the campaign in the ad platform and give every ad the same paid medium (cpc or paid_social). If the campaign also has unpaid posts on purpose, give them their own campaign name (spring_sale_organic) so paid and organic results can be read apart. Align the URL templates so copies inherit the right medium.",
    exampleWrong:
      "Ad 1: ?utm_source=facebook&utm_medium=cpc&utm_campaign=spring_sale — Ad 2: ?utm_source=facebook&utm_medium=social&utm_campaign=spring_sale",
    exampleCorrect:
      "Ad 1 and Ad 2: ?utm_source=facebook&utm_medium=cpc&utm_campaign=spring_sale — organic post: ?utm_source=facebook&utm_medium=social&utm_campaign=spring_sale_organic",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9756891",
  },
  requires: [
    ["sessionManualSource", "sessionSource"],
    ["sessionManualMedium", "sessionMedium"],
    ["sessionManualCampaignName", "sessionCampaignName"],
  ],
  run(data, findings) {
    const campaignDimension = data.utmDimension("campaign");
    // Stryker disable next-line ConditionalExpression: requires a campaign dimension
    if (!campaignDimension) return;
    const sourceDimension = data.utmDimension("source");
    const mediumDimension = data.utmDimension("medium");
    // Stryker disable next-line ConditionalExpression: requires source and medium dimensions
    if (!sourceDimension || !mediumDimension) return;
    // Read by value id over the campaign column's rows: a few sources and mediums over every
    // row, each judged once (issue 24).
    const campaigns = data.column(campaignDimension);
    const sources = data.columnBeside(campaigns, sourceDimension);
    const mediums = data.columnBeside(campaigns, mediumDimension);
    const usable = mediums.values.map(
      (medium) =>
        isUserValue(medium) &&
        !NATURAL_MEDIUMS.has(medium.trim().toLowerCase()) &&
        platformOf(medium) === undefined,
    );
    // Each source value's key as a number (spellings that differ only in case share it), -1 for
    // no source.
    const sourceKeys = new Numbering<string>();
    const sourceKeyOf = Int32Array.from(sources.values, (source) =>
      isUserValue(source) ? sourceKeys.numberOf(source.trim().toLowerCase()) : -1,
    );
    // Campaign spellings that differ only in case are one campaign here.
    const byCampaign = new Map<string, { campaign: string; values: number[] }>();
    campaigns.values.forEach((campaign, v) => {
      if (!isUserValue(campaign)) return;
      const campaignKey = campaign.trim().toLowerCase();
      const entry = byCampaign.get(campaignKey);
      if (entry) entry.values.push(v);
      else byCampaign.set(campaignKey, { campaign, values: [v] });
    });
    const { starts, ids, firstId } = campaigns;
    const sourceOfRow = sources.valueOfRow;
    const mediumOfRow = mediums.valueOfRow;
    // Each row's source key and usable medium as one number, -1 for none, read in row order
    // once (the campaigns read their rows in any order: one array to reach a row, not four); and
    // the pairs a campaign's rows have shown so far, a byte a pair, so a row that repeats a pair
    // (most rows) costs no lookup, undone for the next campaign. Left out when the pairs would be
    // too many to hold: then each row is read as it comes.
    const mediumCount = mediums.values.length;
    const pairCount = sourceKeys.values.length * mediumCount;
    const seenPairs = pairCount <= MAX_SEEN_PAIRS ? new Uint8Array(pairCount) : undefined;
    const seenList: number[] = [];
    const pairOfRow = seenPairs ? new Int32Array(sourceOfRow.length) : undefined;
    for (let row = 0; pairOfRow && row < pairOfRow.length; row++) {
      const source = sourceOfRow[row] as number;
      const medium = mediumOfRow[row] as number;
      const sourceKey = source < 0 ? -1 : (sourceKeyOf[source] as number);
      pairOfRow[row] =
        sourceKey < 0 || medium < 0 || !usable[medium] ? -1 : sourceKey * mediumCount + medium;
    }
    for (const [campaignKey, { campaign, values }] of byCampaign) {
      // One row cannot disagree with itself.
      // Stryker disable next-line all: a shortcut
      if (
        values.length === 1 &&
        (starts[(values[0] as number) + 1] as number) - (starts[values[0] as number] as number) < 2
      )
        continue;
      // Each source's medium value ids, in the order the campaign's rows first carry them: rows
      // are gathered only for a source whose mediums disagree.
      const bySource = new Map<number, { source: number; mediums: Set<number> }>();
      for (const v of values) {
        const to = starts[v + 1] as number;
        for (let i = starts[v] as number; i < to; i++) {
          const row = (ids[i] as number) - firstId;
          let sourceKey: number;
          let medium: number;
          if (pairOfRow && seenPairs) {
            const pair = pairOfRow[row] as number;
            if (pair < 0 || seenPairs[pair] === 1) continue;
            seenPairs[pair] = 1;
            seenList.push(pair);
            sourceKey = Math.floor(pair / mediumCount);
            medium = pair - sourceKey * mediumCount;
          } else {
            const source = sourceOfRow[row] as number;
            medium = mediumOfRow[row] as number;
            if (source < 0 || medium < 0 || !usable[medium]) continue;
            sourceKey = sourceKeyOf[source] as number;
            if (sourceKey < 0) continue;
          }
          const seen = bySource.get(sourceKey);
          if (seen) seen.mediums.add(medium);
          else
            bySource.set(sourceKey, {
              source: sourceOfRow[row] as number,
              mediums: new Set([medium]),
            });
        }
      }
      if (seenPairs) for (const pair of seenList) seenPairs[pair] = 0;
      seenList.length = 0;
      for (const [sourceKey, seen] of bySource) {
        // Stryker disable next-line ConditionalExpression: a shortcut: a conflict needs two
        if (seen.mediums.size < 2) continue;
        const source = sources.values[seen.source] as string;
        // Each medium's channel first: rows are gathered only when paid and unpaid mix.
        const paid: string[] = [];
        const unpaid: string[] = [];
        const rowsOf = new Map<number, number[]>();
        for (const medium of seen.mediums) {
          const name = mediums.values[medium] as string;
          const channel = predictChannel({ source, medium: name, campaign });
          if (PAID_CHANNELS.has(channel)) paid.push(`${channel} (${name})`);
          else if (UNPAID_CHANNELS.has(channel)) unpaid.push(`${channel} (${name})`);
          else continue;
          rowsOf.set(medium, []);
        }
        if (paid.length === 0 || unpaid.length === 0) continue;
        for (const v of values) {
          const to = starts[v + 1] as number;
          for (let i = starts[v] as number; i < to; i++) {
            const id = ids[i] as number;
            const row = id - firstId;
            if (sourceKeyOf[sourceOfRow[row] as number] !== sourceKey) continue;
            rowsOf.get(mediumOfRow[row] as number)?.push(id);
          }
        }
        // The rows medium by medium, in the order the campaign's rows first carry each, by id.
        const rowIds = [...rowsOf.values()].flat();
        findings.addIds(
          `source:${sourceKeys.values[sourceKey]}|campaign:${campaignKey}`,
          `${source} / ${campaign} is tagged as ${paid.join(", ")} and as ${unpaid.join(", ")}`,
          rowIds,
          0,
          rowIds.length,
          {
            values: [...rowsOf.keys()].map((medium) => mediums.values[medium] as string),
            field: data.utmField("medium"),
          },
        );
      }
    }
  },
});
