// Reports the sessions GA4 files under Unassigned, one finding per source / medium pair. Unassigned
// means no default channel rule matched, so the traffic is missing from every channel report; a
// large share of it caps the health grade (scoring/score.ts).

import { defineCheck } from "../core/check.ts";
import type { Dimension } from "../core/types.ts";
import { hiddenBy } from "../core/values.ts";
import { keyPart } from "../rules/tagging.ts";

const UNASSIGNED = "unassigned";
/** Shown when the data has a channel group but no source or medium to name the pair by. */
const UNKNOWN = "(not available)";

export const unassignedTraffic = defineCheck({
  id: "unassigned-traffic",
  title: "Traffic in the Unassigned channel",
  severity: "warning",
  description:
    "Sessions whose source and medium match none of GA4's default channel rules and are reported as Unassigned.",
  guide: {
    whyItMatters:
      "GA4 puts a session in Unassigned when its source, medium and campaign match no default channel rule. Those sessions, and their conversions, are missing from Email, Paid Social, Affiliates and every other channel, so channel reports, budgets and attribution comparisons understate what your campaigns bring in. The usual cause is a medium GA4 does not recognise (newsletter, influencer, qr, facebook-ads) or a missing utm_medium.",
    howToFix:
      "For each source / medium pair below, retag the links with a medium GA4 recognises: email for newsletters, cpc or ppc for paid search, paid_social for paid social ads, social for organic posts, affiliate for partners, display for banners, sms, audio or push. For offline uses such as QR codes or print, keep a consistent medium and add a custom channel group so they get a channel of their own. Pairs that read (not set) / (not set) usually come from hits without session information (for example Measurement Protocol or consent-mode pings), not from links: check your tag setup for those.",
    exampleWrong:
      "https://www.example.com/?utm_source=mailchimp&utm_medium=newsletter&utm_campaign=may",
    exampleCorrect:
      "https://www.example.com/?utm_source=mailchimp&utm_medium=email&utm_campaign=may_newsletter_2025",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9756891",
  },
  // A channel group from GA4, or a source and a medium to predict it from.
  requires: [
    ["sessionDefaultChannelGroup", "sessionSource", "sessionManualSource"],
    ["sessionDefaultChannelGroup", "sessionMedium", "sessionManualMedium"],
  ],
  run(data, findings) {
    // Read by value id: each channel, source and medium is judged once, not once a row.
    const channels = data.channelColumn();
    const sources = data.firstOfColumn(SOURCE_DIMENSIONS);
    const mediums = data.firstOfColumn(MEDIUM_DIMENSIONS);
    const unassigned = channels.values.map(isUnassigned);
    // Sessions whose attribution was deleted or folded into a row-limit row are context the
    // report states (`totals.hidden`), not a tagging problem.
    const sourceHides = sources.values.map(hidesTraffic);
    const mediumHides = mediums.values.map(hidesTraffic);
    // Row ids grouped by their exact source and medium value (-1 for none) first, so each
    // distinct pair is folded once.
    const exact = new Map<number, Map<number, number[]>>();
    const firstId = data.firstId;
    for (let r = 0; r < data.rowCount; r++) {
      if (!unassigned[channels.valueOfRow[r] as number]) continue;
      const source = sources.valueOfRow[r] as number;
      const medium = mediums.valueOfRow[r] as number;
      if ((source >= 0 && sourceHides[source]) || (medium >= 0 && mediumHides[medium])) continue;
      let byMedium = exact.get(source);
      if (!byMedium) {
        byMedium = new Map();
        exact.set(source, byMedium);
      }
      const ids = byMedium.get(medium);
      if (ids) ids.push(firstId + r);
      else byMedium.set(medium, [firstId + r]);
    }
    for (const [sourceId, byMedium] of exact) {
      const source = sourceId < 0 ? undefined : sources.values[sourceId];
      for (const [mediumId, ids] of byMedium) {
        const medium = mediumId < 0 ? undefined : mediums.values[mediumId];
        const key = `source:${keyPart(source)}|medium:${keyPart(medium)}`;
        if (source === undefined && medium === undefined) {
          findings.addIds(
            key,
            `Unassigned traffic (source and medium ${UNKNOWN})`,
            ids,
            0,
            ids.length,
            { field: MEDIUM_FIELD },
          );
          continue;
        }
        // Spellings that differ only by case share one finding, titled by the first seen.
        findings.addIds(
          key,
          `Unassigned traffic from ${label(source, medium)}`,
          ids,
          0,
          ids.length,
          {
            values: [label(source, medium)],
            field: MEDIUM_FIELD,
          },
        );
      }
    }
  },
});

/**
 * A medium GA4's rules do not know is what files traffic under Unassigned, so a finding here is
 * about the session's medium: a medium check's finding on the same sessions is the same problem.
 */
const MEDIUM_FIELD = "sessionMedium";

function hidesTraffic(value: string | undefined): boolean {
  return value !== undefined && hiddenBy(value) !== undefined;
}

function isUnassigned(channel: string): boolean {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut for keyPart
  return channel === "Unassigned" || keyPart(channel) === UNASSIGNED;
}

function label(source: string | undefined, medium: string | undefined): string {
  return `${source ?? "(not set)"} / ${medium ?? "(not set)"}`;
}

/** Read where the channel is decided: the session (cross-channel) value, else the manual one. */
const SOURCE_DIMENSIONS: readonly Dimension[] = ["sessionSource", "sessionManualSource"];
const MEDIUM_DIMENSIONS: readonly Dimension[] = ["sessionMedium", "sessionManualMedium"];
