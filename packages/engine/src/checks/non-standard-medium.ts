// Detects utm_medium values that match none of GA4's default channel rules on their own
// (newsletter, qr, print, influencer, gmb) and leave sessions in Unassigned. Mediums that look
// paid are left to paid-medium-not-recognized, which gives the paid replacement; a Business
// Profile or Maps listing as medium is named as such, with the organic tagging that fits it.
import { fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import { platformOf } from "../rules/platforms.ts";
import { keyPart, looksPaid, mediumChannel } from "../rules/tagging.ts";

const UNASSIGNED = "unassigned";

/**
 * Mediums naming a local listing (Google Business Profile, Maps) beyond the Business Profile and
 * Maps names of rules/platforms.ts. Such links are unpaid search: GA4's Organic Search rule takes
 * medium "organic" or a source on Google's search list (support 9756891, ga4-protocol.md §5.3),
 * and Google's source list no longer has "googlemybusiness" (§5.4), so "gmb" lands in Unassigned.
 */
const LOCAL_LISTING_MEDIUMS = new Set(["local", "maps", "gmaps", "local_listing", "local-listing"]);
const LISTING_FIX = "use utm_source=google&utm_medium=organic, and gbp_listing as utm_campaign";

export const nonStandardMedium = defineCheck({
  id: "non-standard-medium",
  title: "Mediums GA4 does not recognise",
  severity: "warning",
  description:
    "A utm_medium matches none of GA4's default channel rules, so its sessions are reported as Unassigned unless the source happens to match one.",
  guide: {
    whyItMatters:
      "GA4 assigns channels mainly from the medium, using a fixed list of values and patterns that cannot be edited: email, cpc, paid_social, social, display, affiliate, referral, organic, sms, audio, push and a few others. A medium outside that list, such as newsletter, influencer, qr or print, matches no rule and the sessions land in Unassigned: they are missing from every channel report and their conversions are credited to no channel.",
    howToFix:
      "Replace the medium with the GA4 value that describes the traffic: newsletter → email, influencer or creator posts → social (or paid_social when you pay for them), partner or partnership → affiliate or referral, blog mentions → referral, Google Business Profile or Maps links (gmb, gbp, local) → organic with utm_source=google. Keep the detail in utm_source or utm_campaign instead (utm_source=spring_newsletter). For traffic with no GA4 channel, such as QR codes and print, keep one consistent medium and create a custom channel group that gives it a channel of its own.",
    exampleWrong:
      "https://www.example.com/?utm_source=mailchimp&utm_medium=newsletter&utm_campaign=may_2025",
    exampleCorrect:
      "https://www.example.com/?utm_source=mailchimp&utm_medium=email&utm_campaign=may_2025",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9756891",
  },
  requires: [["sessionManualMedium", "sessionMedium"]],
  run(data, findings) {
    const dimension = data.utmDimension("medium");
    // Stryker disable next-line ConditionalExpression: requires a medium dimension
    if (!dimension) return;
    // Read by value id: each medium and channel is judged once, and rows are added by id.
    const mediums = data.column(dimension);
    const { values, starts, ids, firstId } = mediums;
    const channels = data.channelColumnBeside(mediums);
    const unassigned = channels.values.map((channel) => keyPart(channel) === UNASSIGNED);
    for (let v = 0; v < values.length; v++) {
      const medium = values[v] as string;
      if (!isUserValue(medium)) continue;
      if (mediumChannel(medium) !== "Unassigned" || looksPaid(medium)) continue;
      // A platform name as medium gets the more specific fix from platform-as-medium or
      // source-medium-swapped; a placement (gmb, google_maps) is no sender and is named here.
      const platform = platformOf(medium);
      if (platform && !platform.placement) continue;
      // Sessions whose source or campaign still found a channel are not lost.
      const rows: number[] = [];
      for (let i = starts[v] as number; i < (starts[v + 1] as number); i++) {
        const id = ids[i] as number;
        if (unassigned[channels.valueOfRow[id - firstId] as number]) rows.push(id);
      }
      if (rows.length === 0) continue;
      const listing = platform !== undefined || LOCAL_LISTING_MEDIUMS.has(keyPart(medium));
      findings.addIds(
        `medium:${keyPart(medium)}`,
        listing
          ? `${fieldTitle(dimension)} '${medium}' names a Business Profile or Maps listing, not a GA4 channel medium (${LISTING_FIX})`
          : `${fieldTitle(dimension)} '${medium}' is not a GA4 channel medium`,
        rows,
        0,
        rows.length,
        { values: [medium], field: dimension },
      );
    }
  },
});
