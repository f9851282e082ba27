// Detects campaign links tagged with a medium GA4 writes for untagged traffic: referral,
// organic or none. The campaign's sessions then blend into natural referral, search or direct
// traffic, and the channel reports cannot tell the campaign's results apart.
import { fieldValue } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { Severity } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import { isSearchEngine } from "../rules/platforms.ts";

/** Lower-cased mediums GA4 uses for untagged traffic, keyed to the name shown in findings. */
const NATURAL_MEDIUMS: ReadonlyMap<string, string> = new Map([
  ["referral", "referral"],
  ["organic", "organic"],
  ["none", "none"],
  ["(none)", "none"],
]);

interface Group {
  medium: string;
  campaign: string;
  values: Set<string>;
  /**
   * The ids of the group's rows, in the order they are met: handed to the finding as ids, so no
   * row object is reached (a cache miss a row at high cardinality, where most rows are here).
   */
  ids: number[];
  severity: Severity;
}

export const campaignWithNaturalMedium = defineCheck({
  id: "campaign-with-natural-medium",
  title: "Campaign links tagged with referral, organic or none",
  severity: "warning",
  severityWhen: [
    {
      severity: "info",
      when: "a search engine tagged utm_medium=organic (a Business Profile link), which stays in Organic Search",
    },
  ],
  description:
    "Sessions with a campaign name whose utm_medium is referral, organic or none: the mediums GA4 writes itself for untagged referral, search and direct visits.",
  guide: {
    whyItMatters:
      "GA4 gives untagged visits the mediums referral (links from other sites), organic (search results) and (none) (direct). A campaign tagged with one of them is counted in the Referral, Organic Search or Direct and Unassigned figures, next to traffic nobody paid or planned for, so the campaign cannot be compared with other channels and the natural channels look larger than they are.",
    howToFix:
      "Give campaign links the medium of the channel that carries them: email for newsletters, social or paid_social for social posts and ads, cpc for search ads, affiliate for partner programmes, display for banners. Leave referral, organic and none to GA4. Links you add to a Google Business Profile may keep organic if you want them in Organic Search; they are then shown at info level.",
    exampleWrong:
      "https://www.example.com/?utm_source=partner_blog&utm_medium=referral&utm_campaign=spring_sale",
    exampleCorrect:
      "https://www.example.com/?utm_source=partner_blog&utm_medium=affiliate&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/11242870",
  },
  requires: [
    ["sessionManualMedium", "sessionMedium"],
    ["sessionManualCampaignName", "sessionCampaignName"],
  ],
  run(data, findings) {
    const dimension = data.utmDimension("medium");
    // Stryker disable next-line ConditionalExpression: requires a medium dimension
    if (!dimension) return;
    const groups = new Map<string, Group>();
    // Campaigns and sources read by value id beside the medium column: the same few recur over
    // many rows, so each is folded or judged once.
    const mediums = data.column(dimension);
    const campaignDimension = data.utmDimension("campaign");
    // Stryker disable next-line ConditionalExpression: requires a campaign dimension
    if (!campaignDimension) return;
    const campaigns = data.columnBeside(mediums, campaignDimension);
    const sourceDimension = data.utmDimension("source");
    const sources = sourceDimension ? data.columnBeside(mediums, sourceDimension) : undefined;
    const campaignKeys = campaigns.values.map((campaign) =>
      isUserValue(campaign) ? campaign.trim().toLowerCase() : undefined,
    );
    // 1 when a source is a search engine, 0 when not, -1 until judged.
    const searchEngines = new Int8Array(sources?.values.length ?? 0).fill(-1);
    const isSearchSource = (source: number): boolean => {
      let judged = searchEngines[source] as number;
      if (judged < 0) {
        judged = isSearchEngine(sources?.values[source] as string) ? 1 : 0;
        searchEngines[source] = judged;
      }
      return judged === 1;
    };
    const { values, starts, ids, firstId } = mediums;
    const campaignOfRow = campaigns.valueOfRow;
    const sourceOfRow = sources?.valueOfRow;
    // The group of each campaign value under the medium read now, found once per medium.
    const groupOf: (Group | undefined)[] = new Array(campaigns.values.length);
    for (let v = 0; v < values.length; v++) {
      const medium = values[v] as string;
      const natural = NATURAL_MEDIUMS.get(medium.trim().toLowerCase());
      if (natural === undefined) continue;
      groupOf.fill(undefined);
      const to = starts[v + 1] as number;
      for (let i = starts[v] as number; i < to; i++) {
        const id = ids[i] as number;
        const row = id - firstId;
        const campaignId = campaignOfRow[row] as number;
        if (campaignId < 0) continue;
        const campaignKey = campaignKeys[campaignId];
        if (campaignKey === undefined) continue;
        // A search engine tagged organic (typically a Google Business Profile link) still lands
        // in Organic Search, where it belongs: worth knowing, not a misfiled campaign.
        const source = sourceOfRow ? (sourceOfRow[row] as number) : -1;
        const deliberate = natural === "organic" && source >= 0 && isSearchSource(source);
        let group = groupOf[campaignId];
        if (!group) {
          const campaign = campaigns.values[campaignId] as string;
          const key = `medium:${natural}|campaign:${campaignKey}`;
          group = groups.get(key);
          if (!group) {
            group = { medium: natural, campaign, values: new Set(), ids: [], severity: "info" };
            groups.set(key, group);
          }
          groupOf[campaignId] = group;
          // The values in the order rows first carry them, as a row at a time would add them.
          group.values.add(medium);
          group.values.add(campaign);
        }
        // Stryker disable next-line StringLiteral: anything but info is a warning
        if (!deliberate) group.severity = "warning";
        group.ids.push(id);
      }
    }
    for (const [key, group] of groups) {
      findings.addIds(
        key,
        `Campaign ${group.campaign} is ${fieldValue(dimension, group.medium)}, a medium GA4 keeps for untagged traffic`,
        group.ids,
        0,
        group.ids.length,
        group.severity === "info"
          ? { values: group.values, severity: "info", field: dimension }
          : { values: group.values, field: dimension },
      );
    }
  },
});
