// Detects auto-tagged paid traffic (google / cpc from Google Ads, dbm / cpm from Display & Video
// 360, dfa / cpm from Campaign Manager 360) whose session campaign is (not set). GA4 names the
// campaign from the linked ad platform, so a missing one means the link is absent or broken.
import { type AuditData, type Column, fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
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
/** Source and medium pairs of ids up to this many are judged in a table of a byte each. */
const PAIR_TABLE_LIMIT = 1 << 22;
/** Source and medium pairs of ids up to this many are all judged before any row is read. */
const PAIRS_JUDGED_FIRST = 1 << 12;

interface Pair {
  platform: string;
  spelling: string;
  sessions: number;
  /** The ids of the rows without a campaign. */
  missing: number[];
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
    const mediumCount = mediums.values.length;
    const pairCount = sources.values.length * mediumCount;
    // Each pair's judgement by its ids in a byte table while the pairs are few enough (0 until
    // judged, 1 without a platform, 2 with one, named in `platforms`): a row on a pair without a
    // platform, nearly every row, costs a byte read instead of a Map lookup.
    const judged = pairCount <= PAIR_TABLE_LIMIT ? new Uint8Array(pairCount) : undefined;
    const platforms = new Map<number, string | null>();
    // The pair each pair of ids is counted in, found by its key once.
    const pairOfIds = new Map<number, Pair>();
    const mayCarryClickId = clickIdHints(data);
    // The landing page of a row on a paid pair read by value id (its column is read for the
    // click-id hints anyway), its sessions by its id, its campaign from the row itself: the column
    // of a dimension no other check may read would cost a pass over every row for the few paid.
    const landings = data.ownColumn("landingPagePlusQueryString");
    /** The platform of a pair of a source's and a medium's ids, judged once. */
    const platformOf = (sourceId: number, mediumId: number): string | null => {
      const pairId = sourceId * mediumCount + mediumId;
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (judged && judged[pairId] === 1) return null;
      let platform = platforms.get(pairId);
      // Stryker disable next-line ConditionalExpression: a cache
      if (platform === undefined) {
        platform =
          autoTaggedPlatform(
            sources.values[sourceId] as string,
            mediums.values[mediumId] as string,
          ) ?? null;
        platforms.set(pairId, platform);
        if (judged) judged[pairId] = platform ? 2 : 1;
      }
      return platform;
    };
    const { sessionsById, firstId } = data;
    // The rows to read: when the pairs are few, every pair is judged first and only the rows of
    // the sources that make a platform with some medium are read, by id in row order (at high
    // cardinality a source or two among a million rows); else every row.
    const toRead =
      pairCount <= PAIRS_JUDGED_FIRST ? rowsOfPaidSources(sources, platformOf, mediumCount) : null;
    const count = toRead ? toRead.length : data.rowCount;
    const readFrom = toRead ? sources.firstId : 0;
    for (let k = 0; k < count; k++) {
      const r = toRead ? (toRead[k] as number) - readFrom : k;
      const sourceId = sources.valueOfRow[r] as number;
      const mediumId = mediums.valueOfRow[r] as number;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: no platform then
      if (sourceId < 0 || mediumId < 0) continue;
      const pairId = sourceId * mediumCount + mediumId;
      // Stryker disable next-line ConditionalExpression: a shortcut, read here rather than by a call
      if (judged && judged[pairId] === 1) continue;
      const platform = platformOf(sourceId, mediumId);
      if (!platform) continue;
      const landingId = landings.valueOfRow[r] as number;
      const landing = landingId < 0 ? undefined : landings.values[landingId];
      if (!isAutoTagged(data, r, landing, manual, mayCarryClickId[r] === 1)) continue;
      let pair = pairOfIds.get(pairId);
      if (!pair) {
        const source = sources.values[sourceId] as string;
        const medium = mediums.values[mediumId] as string;
        const key = `${keyPart(source)} / ${keyPart(medium)}`;
        pair = pairs.get(key);
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
        pairOfIds.set(pairId, pair);
      }
      const sessions = sessionsById[firstId + r] as number;
      pair.sessions += sessions;
      if (NO_CAMPAIGN.has(keyPart(data.rowValue(r, CAMPAIGN)))) {
        pair.missing.push(firstId + r);
        pair.missingSessions += sessions;
      }
    }
    for (const [key, pair] of pairs) {
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (pair.missingSessions === 0) continue;
      const share = pair.missingSessions / pair.sessions;
      if (share < MIN_SHARE) continue;
      findings.addIds(
        `pair:${key}`,
        `${fieldTitle(CAMPAIGN)} (not set) on ${percent(share)} of ${pair.spelling} sessions: is ${pair.platform} linked to this property?`,
        pair.missing,
        0,
        pair.missing.length,
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
 * The ids of the rows whose source makes a platform with some medium (`platformOf` a pair of
 * ids), in row order: each such source's ids copied whole from its column (no loop here a row).
 */
function rowsOfPaidSources(
  sources: Column,
  platformOf: (sourceId: number, mediumId: number) => string | null,
  mediumCount: number,
): Int32Array {
  const paid: number[] = [];
  let length = 0;
  for (let source = 0; source < sources.values.length; source++) {
    for (let medium = 0; medium < mediumCount; medium++) {
      if (!platformOf(source, medium)) continue;
      paid.push(source);
      length += (sources.starts[source + 1] as number) - (sources.starts[source] as number);
      break;
    }
  }
  const ids = new Int32Array(length);
  let at = 0;
  for (const source of paid) {
    const from = sources.starts[source] as number;
    const to = sources.starts[source + 1] as number;
    ids.set(sources.ids.subarray(from, to), at);
    at += to - from;
  }
  // Each source's rows are in row order; those of several are put back in it.
  if (paid.length > 1) ids.sort();
  return ids;
}

/**
 * Whether auto-tagging, not UTMs, gave a row with this landing page its source and medium: a
 * Google click id on the landing page (only where `mayCarryClickId`, the landing's click-id hint),
 * or manual dimensions (the row's, given when the data has them; else landing UTMs) that do not
 * spell the same pair. utm_source=google with utm_medium=cpc and no utm_campaign is a missing
 * utm_campaign, missing-utm-campaign's finding.
 */
function isAutoTagged(
  data: AuditData,
  r: number,
  landing: string | undefined,
  manual: boolean,
  mayCarryClickId: boolean,
): boolean {
  // Stryker disable next-line ConditionalExpression: a shortcut; without the hint, no click ID
  if (mayCarryClickId && hasGoogleClickId(landing as string)) return true;
  // Stryker disable next-line ConditionalExpression: a shortcut; undefined tests as "undefined", no UTM
  if (!manual) return landing === undefined || !UTM_SOURCE_OR_MEDIUM.test(landing);
  return !(
    keyPart(data.rowValue(r, "sessionManualSource")) ===
      keyPart(data.rowValue(r, "sessionSource")) &&
    keyPart(data.rowValue(r, "sessionManualMedium")) === keyPart(data.rowValue(r, "sessionMedium"))
  );
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
