// Detects one campaign on one source tagged both as paid and as unpaid traffic (spring_sale:
// facebook / cpc and facebook / social). Part of the campaign's clicks then leaves the paid
// channel for an organic one or Unassigned, and its paid results are understated.
import { type Channel, predictChannel } from "../channels/channel-group.ts";
import { defineCheck } from "../core/check.ts";
import type { FindingCollector } from "../core/findings.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
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

interface Group {
  source: string;
  campaign: string;
  /** Each medium spelling with its rows. */
  mediums: Map<string, AggregatedRow[]>;
}

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
    const mediumUsable = new Map<string, boolean>();
    const usable = (medium: string): boolean => {
      let ok = mediumUsable.get(medium);
      // Stryker disable next-line ConditionalExpression: a cache
      if (ok === undefined) {
        ok =
          isUserValue(medium) &&
          !NATURAL_MEDIUMS.has(medium.trim().toLowerCase()) &&
          platformOf(medium) === undefined;
        // Stryker disable next-line CallExpression: a cache
        mediumUsable.set(medium, ok);
      }
      return ok;
    };
    // A source's key, or null for no source: a few sources over every row, folded once each.
    const sourceKeys = new Map<string, string | null>();
    const sourceKeyOf = (source: string | undefined): string | null => {
      // Stryker disable next-line ConditionalExpression: undefined is no user value
      if (source === undefined) return null;
      let key = sourceKeys.get(source);
      // Stryker disable next-line ConditionalExpression: a cache
      if (key === undefined) {
        key = isUserValue(source) ? source.trim().toLowerCase() : null;
        // Stryker disable next-line CallExpression: a cache
        sourceKeys.set(source, key);
      }
      return key;
    };
    // Campaign spellings that differ only in case are one campaign here.
    const campaigns = new Map<string, { campaign: string; rows: AggregatedRow[][] }>();
    for (const [campaign, stats] of data.values(campaignDimension)) {
      if (!isUserValue(campaign)) continue;
      const campaignKey = campaign.trim().toLowerCase();
      const entry = campaigns.get(campaignKey);
      if (entry) entry.rows.push(stats.rows);
      else campaigns.set(campaignKey, { campaign, rows: [stats.rows] });
    }
    for (const [campaignKey, { campaign, rows }] of campaigns) {
      // One row cannot disagree with itself.
      // Stryker disable next-line all: a shortcut
      if (rows.length === 1 && (rows[0]?.length ?? 0) < 2) continue;
      const bySource = new Map<string, Group>();
      for (const row of rows.flat()) {
        const source = data.utm(row, "source");
        const medium = data.utm(row, "medium");
        const sourceKey = sourceKeyOf(source);
        // Stryker disable next-line ConditionalExpression: a shortcut; usable refuses undefined too
        if (sourceKey === null || source === undefined || medium === undefined || !usable(medium))
          continue;
        let group = bySource.get(sourceKey);
        if (!group) {
          group = { source, campaign, mediums: new Map() };
          bySource.set(sourceKey, group);
        }
        const mediumRows = group.mediums.get(medium);
        if (mediumRows) mediumRows.push(row);
        else group.mediums.set(medium, [row]);
      }
      for (const [sourceKey, group] of bySource) {
        // Stryker disable next-line ConditionalExpression: a shortcut: report needs two
        if (group.mediums.size < 2) continue;
        report(
          group,
          `source:${sourceKey}|campaign:${campaignKey}`,
          findings,
          data.utmField("medium"),
        );
      }
    }
  },
});

function report(group: Group, key: string, findings: FindingCollector, field: Dimension): void {
  const paid: string[] = [];
  const unpaid: string[] = [];
  const values: string[] = [];
  const rows: AggregatedRow[] = [];
  for (const [medium, mediumRows] of group.mediums) {
    const channel = predictChannel({ source: group.source, medium, campaign: group.campaign });
    if (PAID_CHANNELS.has(channel)) paid.push(`${channel} (${medium})`);
    else if (UNPAID_CHANNELS.has(channel)) unpaid.push(`${channel} (${medium})`);
    else continue;
    values.push(medium);
    for (const row of mediumRows) rows.push(row);
  }
  if (paid.length === 0 || unpaid.length === 0) return;
  findings.add(
    key,
    `${group.source} / ${group.campaign} is tagged as ${paid.join(", ")} and as ${unpaid.join(", ")}`,
    rows,
    { values, field },
  );
}
