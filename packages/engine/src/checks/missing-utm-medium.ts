// Detects tagged traffic (a utm_source or utm_campaign) that carries no utm_medium. Most of GA4's
// channel rules read the medium, so these sessions report a medium of "(not set)" and usually
// fall into Unassigned instead of Email, Paid Social or the channel they belong to.
import { defineCheck } from "../core/check.ts";
import type { AggregatedRow, Dimension } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import {
  decodeParam,
  hasGoogleClickId,
  hasParamValue,
  keyPart,
  landingParams,
} from "../rules/tagging.ts";

const MEDIUM_DIMENSIONS: readonly Dimension[] = ["sessionManualMedium", "sessionMedium"];

/**
 * Sources that add utm_source to outbound links on their own (ChatGPT writes
 * utm_source=chatgpt.com): the site owner cannot add a medium to those links.
 */
const SELF_TAGGING_SOURCES = new Set(["chatgpt.com", "chat.openai.com"]);

export const missingUtmMedium = defineCheck({
  id: "missing-utm-medium",
  title: "Campaign links without utm_medium",
  severity: "critical",
  description:
    "Sessions carry a utm_source or utm_campaign but no utm_medium, so GA4 cannot place them in a channel.",
  guide: {
    whyItMatters:
      "GA4's default channel group is decided mainly by the medium: email, cpc, paid_social, affiliate, referral. Without utm_medium the medium is (not set), almost no channel rule can match, and the sessions end up in Unassigned, missing from the Email, Paid Social or Affiliates totals you report on and from any comparison by channel.",
    howToFix:
      "Add utm_medium to every tagged link, with a value GA4 recognises: email for newsletters, cpc for paid search, paid_social for paid social ads, social for organic posts, affiliate for partners, display for banners. Fix it where the link is generated (the email tool's UTM settings, the ad platform's URL template or tracking template, your link-builder sheet) so new links are complete.",
    exampleWrong: "https://www.example.com/spring?utm_source=newsletter&utm_campaign=spring_sale",
    exampleCorrect:
      "https://www.example.com/spring?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
  },
  requires: [["sessionManualSource", "sessionManualCampaignName", "landingPagePlusQueryString"]],
  skipUnless(data) {
    // Without a medium dimension, a missing medium can only be read from the landing URL.
    if (data.has("landingPagePlusQueryString")) return undefined;
    return MEDIUM_DIMENSIONS.some((dimension) => data.has(dimension))
      ? undefined
      : "needs sessionManualMedium or sessionMedium";
  },
  run(data, findings) {
    const mediumDimensions = MEDIUM_DIMENSIONS.filter((dimension) => data.has(dimension));
    // A medium in any traffic dimension (a UTM, or auto-tagging's cpc) means GA4 had one.
    const hasMedium = (row: AggregatedRow) =>
      mediumDimensions.some((dimension) => isUserValue(row.values[dimension]));
    const report = (row: AggregatedRow, source: string, campaign: string) => {
      if (isUserValue(source)) {
        if (SELF_TAGGING_SOURCES.has(keyPart(source))) return;
        findings.add(`source:${keyPart(source)}`, `Links from ${source} have no utm_medium`, row, {
          values: [source, campaign].filter(isUserValue),
          field: "sessionManualMedium",
        });
      } else if (isUserValue(campaign)) {
        findings.add(
          `campaign:${keyPart(campaign)}`,
          `Campaign ${campaign} has no utm_medium`,
          row,
          { values: [campaign], field: "sessionManualMedium" },
        );
      }
    };

    for (const row of data.rows) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: no dimension, no medium
      if (mediumDimensions.length > 0 && hasMedium(row)) continue;
      const landing = row.values.landingPagePlusQueryString;
      // Stryker disable next-line ConditionalExpression: undefined has no click ID
      if (landing !== undefined && hasGoogleClickId(landing)) continue;
      const source = row.values.sessionManualSource ?? "";
      const campaign = row.values.sessionManualCampaignName ?? "";
      if (mediumDimensions.length > 0 && (isUserValue(source) || isUserValue(campaign))) {
        report(row, source, campaign);
        continue;
      }
      if (landing === undefined) continue;
      const params = landingParams(landing);
      if (hasParamValue(params, "utm_medium")) continue;
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (!hasParamValue(params, "utm_source") && !hasParamValue(params, "utm_campaign")) continue;
      report(
        row,
        decodeParam(params.get("utm_source") ?? "").trim(),
        decodeParam(params.get("utm_campaign") ?? "").trim(),
      );
    }
  },
});
