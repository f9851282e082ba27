// Reports the sessions GA4 files under Unassigned, one finding per source / medium pair. Unassigned
// means no default channel rule matched, so the traffic is missing from every channel report; a
// large share of it caps the health grade (scoring/score.ts).

import { defineCheck } from "../core/check.ts";
import type { AggregatedRow } from "../core/types.ts";
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
    // Rows grouped by their exact source and medium first, so each distinct pair is folded once.
    const exact = new Map<string | undefined, Map<string | undefined, AggregatedRow[]>>();
    for (const row of data.rows) {
      if (!isUnassigned(data.channel(row))) continue;
      const source = sourceOf(row);
      // Sessions whose attribution was deleted or folded into a row-limit row are context the
      // report states (`totals.hidden`), not a tagging problem.
      if (hidesTraffic(source) || hidesTraffic(mediumOf(row))) continue;
      let byMedium = exact.get(source);
      if (!byMedium) {
        byMedium = new Map();
        exact.set(source, byMedium);
      }
      const medium = mediumOf(row);
      const rows = byMedium.get(medium);
      if (rows) rows.push(row);
      else byMedium.set(medium, [row]);
    }
    for (const [source, byMedium] of exact) {
      for (const [medium, rows] of byMedium) {
        const key = `source:${keyPart(source)}|medium:${keyPart(medium)}`;
        if (source === undefined && medium === undefined) {
          findings.add(key, `Unassigned traffic (source and medium ${UNKNOWN})`, rows, {
            field: MEDIUM_FIELD,
          });
          continue;
        }
        // Spellings that differ only by case share one finding, titled by the first seen.
        findings.add(key, `Unassigned traffic from ${label(source, medium)}`, rows, {
          values: [label(source, medium)],
          field: MEDIUM_FIELD,
        });
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
function sourceOf(row: AggregatedRow): string | undefined {
  return row.values.sessionSource ?? row.values.sessionManualSource;
}

function mediumOf(row: AggregatedRow): string | undefined {
  return row.values.sessionMedium ?? row.values.sessionManualMedium;
}
