// Detects landing URLs carrying a non-Google ad click id (fbclid, ttclid, msclkid, li_fat_id,
// twclid) but no utm_source / utm_medium. GA4 reads none of these ids, so paid clicks are filed
// as referral, organic social, organic search or direct. Google's own ids are left alone.
import { defineCheck } from "../core/check.ts";
import type { AggregatedRow, Severity } from "../core/types.ts";
import { isUserValue } from "../core/values.ts";
import {
  clickIdHints,
  hasGoogleClickId,
  hasParamValue,
  keyPart,
  landingParams,
  OTHER_CLICK_ID_PARAMS,
} from "../rules/tagging.ts";

interface ClickId {
  param: string;
  platform: string;
}

// Google's own ids (gclid, gbraid, wbraid, dclid) are absent on purpose: GA4 resolves them.
const CLICK_IDS: readonly ClickId[] = [
  { param: "fbclid", platform: "Meta" },
  { param: "ttclid", platform: "TikTok" },
  { param: "msclkid", platform: "Microsoft Advertising" },
  { param: "li_fat_id", platform: "LinkedIn" },
  { param: "twclid", platform: "X (Twitter)" },
];
const CLICK_ID_PATTERN = new RegExp(
  `(?:^|[?&])(?:${OTHER_CLICK_ID_PARAMS.join("|")})(?:=|&|#|$)`,
  "i",
);

/** Mediums GA4 gives an untagged visit: the session carries no campaign tagging of its own. */
const UNTAGGED_MEDIUMS = new Set(["referral", "organic"]);

/**
 * Parameters advertisers fill with Meta's dynamic values ({{ad.id}}, {{adset.id}},
 * {{site_source_name}}...): fbclid next to one of them comes from an ad, not an organic share.
 */
const META_AD_PARAMS = [
  "ad_id",
  "adset_id",
  "campaign_id",
  "ad_name",
  "adset_name",
  "campaign_name",
  "site_source_name",
];

export const clickIdWithoutUtm = defineCheck({
  id: "click-id-without-utm",
  title: "Ad click ids without UTM tags",
  severity: "warning",
  severityWhen: [
    {
      severity: "info",
      when: "an fbclid without Meta's ad parameters: usually a shared post, not an ad",
    },
  ],
  description:
    "Landing URLs carry a Meta, TikTok, Microsoft Ads, LinkedIn or X click id but no utm_source or utm_medium, so GA4 cannot tell the visit came from an ad.",
  guide: {
    whyItMatters:
      "GA4 only reads Google's own click ids (gclid, gbraid, wbraid, dclid). Click ids from other ad platforms (fbclid, ttclid, msclkid, li_fat_id, twclid) are ignored, so without UTMs a paid click is reported by its referrer: Microsoft Ads as bing / organic, TikTok and X ads as referral or organic social, in-app clicks as direct. Paid Social and Paid Search are understated and organic channels look better than they are. Note that Facebook and Instagram also add fbclid to ordinary, unpaid link shares, so fbclid on its own does not prove an ad click; those findings are shown as information unless the URL also carries Meta ad parameters.",
    howToFix:
      "Add UTMs in each ad platform so every ad click is tagged: in Meta Ads Manager fill the ad's URL parameters (utm_source=facebook&utm_medium=paid_social&utm_campaign={{campaign.name}}); in Microsoft Advertising turn on auto-tagging of UTM parameters or add a final URL suffix with utm_medium=cpc; in TikTok, LinkedIn and X add the UTMs to the destination URL or the platform's URL-parameter field. For organic Facebook posts, tag the links you share with utm_medium=social.",
    exampleWrong: "https://www.example.com/shoes?fbclid=IwAR2x9k...",
    exampleCorrect:
      "https://www.example.com/shoes?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale_2025&fbclid=IwAR2x9k...",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/11242870",
  },
  requires: ["landingPagePlusQueryString"],
  run(data, findings) {
    const rows = data.rows;
    const mayCarryClickId = clickIdHints(data);
    for (let r = 0; r < rows.length; r++) {
      // A landing value without the hint (or no landing) carries no click id.
      if (mayCarryClickId[r] === 0) continue;
      const row = rows[r] as AggregatedRow;
      const landing = row.values.landingPagePlusQueryString as string;
      // Stryker disable next-line ConditionalExpression: a shortcut
      if (!CLICK_ID_PATTERN.test(landing)) continue;
      const params = landingParams(landing);
      if (hasParamValue(params, "utm_source") || hasParamValue(params, "utm_medium")) continue;
      // A Google click id next to another one (a Google ad URL shared on Facebook) is a Google
      // Ads visit that GA4 attributes through auto-tagging.
      if (hasGoogleClickId(landing)) continue;
      // A medium of its own other than referral / organic: the session was tagged another way.
      const medium = data.utm(row, "medium");
      if (isUserValue(medium) && !UNTAGGED_MEDIUMS.has(keyPart(medium))) continue;
      for (const clickId of CLICK_IDS) {
        if (!params.has(clickId.param)) continue;
        let severity: Severity = "warning";
        if (clickId.param === "fbclid") {
          severity = META_AD_PARAMS.some((name) => hasParamValue(params, name))
            ? "warning"
            : "info";
        }
        findings.add(
          `click-id:${clickId.param}`,
          `${clickId.platform} clicks (${clickId.param}) arrive without UTMs`,
          row,
          { values: [describeTraffic(row)], severity, field: "landingPagePlusQueryString" },
        );
      }
    }
  },
});

/** How GA4 filed the visit ("m.facebook.com / referral"), or the landing path without traffic data. */
function describeTraffic(row: AggregatedRow): string {
  const source = row.values.sessionSource ?? row.values.sessionManualSource;
  const medium = row.values.sessionMedium ?? row.values.sessionManualMedium;
  if (source !== undefined || medium !== undefined) {
    return `${source ?? "(not set)"} / ${medium ?? "(not set)"}`;
  }
  // Stryker disable next-line StringLiteral: every row here has a landing
  return row.values.landingPagePlusQueryString ?? "";
}
