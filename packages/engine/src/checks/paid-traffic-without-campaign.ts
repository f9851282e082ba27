// Detects auto-tagged paid traffic (google / cpc from Google Ads, dbm / cpm from Display & Video
// 360, dfa / cpm from Campaign Manager 360) whose session campaign is (not set). GA4 names the
// campaign from the linked ad platform, so a missing one means the link is absent or broken.
import { fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { AggregatedRow } from "../core/types.ts";
import { autoTaggedPlatform, clickIdHints, hasGoogleClickId, keyPart } from "../rules/tagging.ts";

/**
 * Campaign values that name no campaign. `(cpc)` and `(cpm)` are what GA4 writes for an
 * auto-tagged click it could not resolve, as Google's own GA4 session model reconstructs it
 * (google-marketing-solutions/ga4_dataform, includes/helpers.js).
 */
const NO_CAMPAIGN = new Set(["", "(not set)", "(not provided)", "(cpc)", "(cpm)"]);

/**
 * Below this share of a pair's auto-tagged sessions, a missing campaign is the ordinary noise of
 * clicks GA4 could not resolve (consent denied, support 15593651), not a missing link.
 */
const MIN_SHARE = 0.05;
/** From this share on, the link is missing or broken for most of the spend. */
const CRITICAL_SHARE = 0.5;

const CAMPAIGN = "sessionCampaignName";
const UTM_SOURCE_OR_MEDIUM = /[?&]utm_(?:source|medium)=/i;

interface Pair {
  platform: string;
  spelling: string;
  sessions: number;
  missing: AggregatedRow[];
  missingSessions: number;
}

export const paidTrafficWithoutCampaign = defineCheck({
  id: "paid-traffic-without-campaign",
  title: "Auto-tagged paid traffic without a campaign",
  severity: "warning",
  severityWhen: [
    {
      severity: "critical",
      when: "half or more of the pair's auto-tagged sessions have no campaign",
    },
  ],
  description:
    "Sessions GA4 attributes to Google Ads (google / cpc), Display & Video 360 (dbm / cpm) or Campaign Manager 360 (dfa / cpm) through auto-tagging have no session campaign: the ad platform is not linked to the property, or the link is broken.",
  guide: {
    whyItMatters:
      "With auto-tagging, the ad link carries only a click id (gclid, dclid); GA4 learns the campaign, ad group and keyword by asking the linked Google Ads, Display & Video 360 or Campaign Manager 360 account. When the account is not linked to this property, the link was removed, or the click id cannot be resolved, GA4 still knows the traffic is google / cpc or dbm / cpm but reports its campaign as (not set). Spend, cost per session and return on ad spend cannot be read per campaign, Google Ads cannot import GA4 key events for those clicks, and the paid sessions pile up in one (not set) row.",
    howToFix:
      "In GA4 go to Admin > Product links and check that every Google Ads account (and manager account) that sends traffic is linked to this property, and the Display & Video 360 and Campaign Manager 360 advertisers too; relink any link shown as inactive. Keep auto-tagging on in Google Ads (Admin > Account settings > Auto-tagging) and make sure redirects keep the gclid. If several ad accounts run, the share of (not set) tells how much of the spend comes from accounts that are not linked. Data collected before the link is not filled in afterwards.",
    exampleWrong:
      "google / cpc sessions with session campaign (not set): the Google Ads account that runs them is not linked to the GA4 property",
    exampleCorrect:
      "google / cpc sessions with session campaign brand_search_uk: the Google Ads account is linked under Admin > Product links > Google Ads links",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9379420",
  },
  requires: ["sessionSource", "sessionMedium", CAMPAIGN],
  run(data, findings) {
    const manual = data.has("sessionManualSource") && data.has("sessionManualMedium");
    const pairs = new Map<string, Pair>();
    // The platform of each source and medium pair, judged once by the values' ids: a few pairs
    // recur over every row.
    const sources = data.ownColumn("sessionSource");
    const mediums = data.ownColumn("sessionMedium");
    const platforms = new Map<number, string | null>();
    const mayCarryClickId = clickIdHints(data);
    const rows = data.rows;
    for (let r = 0; r < rows.length; r++) {
      const sourceId = sources.valueOfRow[r] as number;
      const mediumId = mediums.valueOfRow[r] as number;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: no platform then
      if (sourceId < 0 || mediumId < 0) continue;
      const source = sources.values[sourceId] as string;
      const medium = mediums.values[mediumId] as string;
      const pairId = sourceId * mediums.values.length + mediumId;
      let platform = platforms.get(pairId);
      // Stryker disable next-line ConditionalExpression: a cache
      if (platform === undefined) {
        platform = autoTaggedPlatform(source, medium) ?? null;
        platforms.set(pairId, platform);
      }
      const row = rows[r] as AggregatedRow;
      if (!platform || !isAutoTagged(row, manual, mayCarryClickId[r] === 1)) continue;
      const key = `${keyPart(source)} / ${keyPart(medium)}`;
      let pair = pairs.get(key);
      if (!pair) {
        pair = {
          platform,
          spelling: `${source} / ${medium}`,
          sessions: 0,
          missing: [],
          missingSessions: 0,
        };
        pairs.set(key, pair);
      }
      pair.sessions += row.sessions;
      if (NO_CAMPAIGN.has(keyPart(row.values[CAMPAIGN]))) {
        pair.missing.push(row);
        pair.missingSessions += row.sessions;
      }
    }
    for (const [key, pair] of pairs) {
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (pair.missingSessions === 0) continue;
      const share = pair.missingSessions / pair.sessions;
      if (share < MIN_SHARE) continue;
      findings.add(
        `pair:${key}`,
        `${fieldTitle(CAMPAIGN)} (not set) on ${percent(share)} of ${pair.spelling} sessions: is ${pair.platform} linked to this property?`,
        pair.missing,
        {
          values: [pair.spelling],
          field: CAMPAIGN,
          severity: share >= CRITICAL_SHARE ? "critical" : "warning",
        },
      );
    }
  },
});

/**
 * Whether auto-tagging, not UTMs, gave the row its source and medium: a Google click id on the
 * landing page (only where `mayCarryClickId`, the landing's click-id hint), or manual dimensions
 * (else landing UTMs) that do not spell the same pair. utm_source=google with
 * utm_medium=cpc and no utm_campaign is a missing utm_campaign, missing-utm-campaign's finding.
 */
function isAutoTagged(row: AggregatedRow, manual: boolean, mayCarryClickId: boolean): boolean {
  const landing = row.values.landingPagePlusQueryString;
  // Stryker disable next-line ConditionalExpression: a shortcut; without the hint, no click ID
  if (mayCarryClickId && hasGoogleClickId(landing as string)) return true;
  // Stryker disable next-line ConditionalExpression: a shortcut; undefined tests as "undefined", no UTM
  if (!manual) return landing === undefined || !UTM_SOURCE_OR_MEDIUM.test(landing);
  return !(
    keyPart(row.values.sessionManualSource) === keyPart(row.values.sessionSource) &&
    keyPart(row.values.sessionManualMedium) === keyPart(row.values.sessionMedium)
  );
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
