// Detects tagged traffic with a utm_source and utm_medium but no utm_campaign. The sessions reach
// the right channel but report campaign "(not set)", so nobody can tell which send, ad or promotion
// brought them; on paid mediums that leaves spend without a campaign to judge it by.
import { defineCheck } from "../core/check.ts";
import { PendingFinding } from "../core/findings.ts";
import type { Severity } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import {
  autoTaggedPlatform,
  hasGoogleClickId,
  isGa4PaidMedium,
  keyPart,
} from "../rules/tagging.ts";
import { hasUserValueAt, userValueColumn } from "../rules/values-extra.ts";

/** Mediums GA4 itself writes for untagged visits, which never carry a campaign. */
const UNTAGGED_MEDIUMS = new Set(["organic", "referral"]);

const UTM_SOURCE_PARAM = /[?&]utm_source=[^&#]/i;

export const missingUtmCampaign = defineCheck({
  id: "missing-utm-campaign",
  title: "Tagged links without utm_campaign",
  severity: "warning",
  severityWhen: [{ severity: "critical", when: "the medium is one GA4's paid channels match" }],
  description:
    "Sessions tagged with a utm_source and utm_medium carry no utm_campaign, so GA4 reports their campaign as (not set).",
  guide: {
    whyItMatters:
      "utm_campaign is what ties a visit to a specific newsletter, ad campaign or promotion. Without it the sessions still reach a channel, but the Campaign dimension shows (not set): you cannot compare sends or ads, measure a promotion, or match paid traffic to its spend, and the (not set) row mixes unrelated efforts together.",
    howToFix:
      "Add utm_campaign to every tagged link, naming the campaign in your usual convention (spring_sale_2025, weekly_newsletter_2025_03_14). Set it in the tool that builds the links: the email platform's UTM settings, the ad platform's URL parameters (for example Meta's {{campaign.name}}) or your link-builder sheet. Paid links matter most: without a campaign the spend cannot be evaluated in GA4.",
    exampleWrong: "https://www.example.com/?utm_source=facebook&utm_medium=paid_social",
    exampleCorrect:
      "https://www.example.com/?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale_2025",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  view: "details",
  requires: [
    "sessionManualSource",
    "sessionManualMedium",
    ["sessionManualCampaignName", "sessionCampaignName"],
  ],
  run(data, findings) {
    const firstId = data.firstId;
    const campaignDimension = data.utmDimension("campaign");
    // Stryker disable next-line StringLiteral: requires a campaign dimension
    const field = campaignDimension ?? "sessionManualCampaignName";
    const sources = data.ownColumn("sessionManualSource");
    const mediums = data.ownColumn("sessionManualMedium");
    // Each row's campaign and utm_id by value id, each value judged once: utm_id alone is a valid
    // campaign key when campaign data is imported by id.
    const campaigns = campaignDimension ? userValueColumn(data, campaignDimension) : undefined;
    const campaignIds = userValueColumn(data, "sessionManualCampaignId");
    const landings = data.ownColumn("landingPagePlusQueryString");
    // What each landing value carries (`landingMarks`), judged the first time a row needs it; 0
    // for not judged yet. A row without a landing page reads as an empty one.
    const marksOf = new Uint8Array(landings.values.length);
    const noLanding = landingMarks("");
    // Each source and medium (by their value ids) judged the first time a row has them: null for
    // a pair never reported.
    const byIds = new Map<number, TaggedPair | null>();
    const mediumCount = mediums.values.length;
    // Each finding's row ids in row order, first values and severity, added once all rows are
    // read, in the order their first rows come.
    const gathered = new Map<string, Gathered>();
    for (let r = 0; r < data.rowCount; r++) {
      const source = sources.valueOfRow[r] as number;
      const medium = mediums.valueOfRow[r] as number;
      if (source < 0 || medium < 0) continue;
      const both = source * mediumCount + medium;
      let pair = byIds.get(both);
      if (pair === undefined) {
        pair = taggedPair(sources.values[source] as string, mediums.values[medium] as string);
        byIds.set(both, pair);
      }
      if (!pair) continue;
      if (hasUserValueAt(campaigns, r) || hasUserValueAt(campaignIds, r)) continue;
      const v = landings.valueOfRow[r] as number;
      let marks = noLanding;
      if (v >= 0) {
        marks = marksOf[v] as number;
        if (marks === 0) {
          marks = landingMarks(landings.values[v] as string);
          marksOf[v] = marks;
        }
      }
      if ((marks & GOOGLE_CLICK_ID) !== 0) continue;
      // A pair auto-tagging writes, without a utm_source in the landing page: the ad platform's
      // link is missing, which paid-traffic-without-campaign reports.
      if (pair.autoTagged && (marks & UTM_SOURCE) === 0) continue;
      let entry = gathered.get(pair.key);
      if (!entry) {
        entry = {
          finding: new PendingFinding(`No utm_campaign on ${pair.source} / ${pair.medium}`, field),
          severity: pair.severity,
        };
        gathered.set(pair.key, entry);
      } else if (pair.severity === "critical") entry.severity = pair.severity;
      entry.finding.ids.push(firstId + r);
      entry.finding.addValue(pair.source);
      entry.finding.addValue(pair.medium);
    }
    for (const [key, { finding, severity }] of gathered) {
      findings.addIds(key, finding.title, finding.ids, 0, finding.ids.length, {
        values: finding.values,
        field: finding.field,
        severity,
      });
    }
  },
});

/** A manual source and medium set by a person, on a medium that is not GA4's untagged one. */
interface TaggedPair {
  source: string;
  medium: string;
  key: string;
  severity: Severity;
  /** Whether auto-tagging writes the pair (google / cpc and the like). */
  autoTagged: boolean;
}

/** A finding gathered row by row: its rows' ids and first values, and its severity. */
interface Gathered {
  readonly finding: PendingFinding;
  severity: Severity;
}

/** The pair of a manual source and medium, or null when its rows are never reported. */
function taggedPair(source: string, medium: string): TaggedPair | null {
  if (!isUserValue(source) || !isUserValue(medium)) return null;
  if (UNTAGGED_MEDIUMS.has(keyPart(medium))) return null;
  return {
    source,
    medium,
    key: `source:${keyPart(source)}|medium:${keyPart(medium)}`,
    severity: isGa4PaidMedium(medium) ? "critical" : "warning",
    autoTagged: autoTaggedPlatform(source, medium) !== undefined,
  };
}

/** The landing page carries a Google click id. */
const GOOGLE_CLICK_ID = 1;
/** The landing page names a utm_source with a value. */
const UTM_SOURCE = 2;
/** The landing value was judged (so that one carrying neither is not 0). */
const JUDGED = 4;

/** What a landing page carries: GOOGLE_CLICK_ID and UTM_SOURCE, with JUDGED. */
function landingMarks(landing: string): number {
  let marks = JUDGED;
  if (hasGoogleClickId(landing)) marks |= GOOGLE_CLICK_ID;
  if (UTM_SOURCE_PARAM.test(landing)) marks |= UTM_SOURCE;
  return marks;
}
