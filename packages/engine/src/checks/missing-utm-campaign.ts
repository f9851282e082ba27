// Detects tagged traffic with a utm_source and utm_medium but no utm_campaign. The sessions reach
// the right channel but report campaign "(not set)", so nobody can tell which send, ad or promotion
// brought them; on paid mediums that leaves spend without a campaign to judge it by.
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import {
  autoTaggedPlatform,
  hasGoogleClickId,
  isGa4PaidMedium,
  keyPart,
} from "../rules/tagging.ts";

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
    const campaignDimension = data.utmDimension("campaign");
    for (const row of data.rows) {
      const source = row.values.sessionManualSource;
      const medium = row.values.sessionManualMedium;
      if (!isUserValue(source) || !isUserValue(medium)) continue;
      if (UNTAGGED_MEDIUMS.has(keyPart(medium))) continue;
      const campaign = campaignDimension ? row.values[campaignDimension] : undefined;
      if (isUserValue(campaign)) continue;
      // utm_id alone is a valid campaign key when campaign data is imported by id.
      if (isUserValue(row.values.sessionManualCampaignId)) continue;
      // Stryker disable next-line StringLiteral: any text without a click ID or utm_source
      const landing = row.values.landingPagePlusQueryString ?? "";
      if (hasGoogleClickId(landing)) continue;
      // A pair auto-tagging writes, without a utm_source in the landing page: the ad platform's
      // link is missing, which paid-traffic-without-campaign reports.
      if (autoTaggedPlatform(source, medium) && !UTM_SOURCE_PARAM.test(landing)) continue;
      findings.add(
        `source:${keyPart(source)}|medium:${keyPart(medium)}`,
        `No utm_campaign on ${source} / ${medium}`,
        row,
        {
          values: [source, medium],
          // Stryker disable next-line StringLiteral: requires a campaign dimension
          field: campaignDimension ?? "sessionManualCampaignName",
          severity: isGa4PaidMedium(medium) ? "critical" : "warning",
        },
      );
    }
  },
});
