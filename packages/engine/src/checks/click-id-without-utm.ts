// Detects landing URLs carrying a non-Google ad click id (fbclid, ttclid, msclkid, li_fat_id,
// twclid) but no utm_source / utm_medium. GA4 reads none of these ids, so paid clicks are filed
// as referral, organic social, organic search or direct. Google's own ids are left alone.
import { type Column, valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { PendingFinding } from "../core/findings.ts";
import type { Severity } from "../core/types.ts";
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
    const firstId = data.firstId;
    const mayCarryClickId = clickIdHints(data);
    const landings = data.ownColumn("landingPagePlusQueryString");
    // A medium of its own other than referral / organic, judged once a value: the session was
    // tagged another way.
    const mediumDimension = data.utmDimension("medium");
    const mediums = mediumDimension ? data.ownColumn(mediumDimension) : undefined;
    const taggedMedium = mediums
      ? Uint8Array.from(mediums.values, (medium) =>
          isUserValue(medium) && !UNTAGGED_MEDIUMS.has(keyPart(medium)) ? 1 : 0,
        )
      : undefined;
    // How GA4 filed row r, read only while a finding still takes values: the session source and
    // medium (else the manual ones), their columns made the first time one is read.
    let filed: readonly [Column, Column] | undefined;
    const trafficOf = (r: number, landing: string) => {
      filed ??= [
        data.firstOfColumn(["sessionSource", "sessionManualSource"]),
        data.firstOfColumn(["sessionMedium", "sessionManualMedium"]),
      ];
      return describeTraffic(valueAt(filed[0], r), valueAt(filed[1], r), landing);
    };
    // The click ids each landing value is reported for (`clickIdMarks`), found once a value; 0
    // for a value not judged yet.
    const marksOf = new Uint8Array(landings.values.length);
    // Each click id's finding, gathered in row order and added once all rows are read, in the
    // order their first rows come.
    const gathered: (Gathered | undefined)[] = CLICK_IDS.map(() => undefined);
    const order: Gathered[] = [];
    for (let r = 0; r < data.rowCount; r++) {
      // A landing value without the hint (or no landing) carries no click id.
      if (mayCarryClickId[r] === 0) continue;
      const medium = mediums ? (mediums.valueOfRow[r] as number) : -1;
      if (medium >= 0 && taggedMedium?.[medium] === 1) continue;
      // Read by value id: a landing value is parsed once, and no row object is made.
      const v = landings.valueOfRow[r] as number;
      let marks = marksOf[v] as number;
      if (marks === 0) {
        marks = clickIdMarks(landings.values[v] as string);
        marksOf[v] = marks;
      }
      if ((marks & ANY_CLICK_ID) === 0) continue;
      for (let c = 0; c < CLICK_IDS.length; c++) {
        if ((marks & (1 << c)) === 0) continue;
        const clickId = CLICK_IDS[c] as ClickId;
        let severity: Severity = "warning";
        if (clickId.param === "fbclid") severity = (marks & META_AD) !== 0 ? "warning" : "info";
        let entry = gathered[c];
        if (!entry) {
          entry = {
            key: `click-id:${clickId.param}`,
            finding: new PendingFinding(
              `${clickId.platform} clicks (${clickId.param}) arrive without UTMs`,
              "landingPagePlusQueryString",
            ),
            severity,
          };
          gathered[c] = entry;
          order.push(entry);
        } else if (severity === "warning") entry.severity = severity;
        entry.finding.ids.push(firstId + r);
        if (entry.finding.takesValues) {
          entry.finding.addValue(trafficOf(r, landings.values[v] as string));
        }
      }
    }
    for (const { key, finding, severity } of order) {
      findings.addIds(key, finding.title, finding.ids, 0, finding.ids.length, {
        values: finding.values,
        severity,
        field: finding.field,
      });
    }
  },
});

/**
 * A click id's finding gathered row by row: its rows' ids and first values, and its severity, a
 * warning once any of its rows is one.
 */
interface Gathered {
  readonly key: string;
  readonly finding: PendingFinding;
  severity: Severity;
}

/** The click ids' bits of a landing value's marks: bit `c` is set when CLICK_IDS[c] is reported. */
const ANY_CLICK_ID = (1 << CLICK_IDS.length) - 1;
/** The landing value carries Meta's ad parameters: its fbclid comes from an ad. */
const META_AD = 1 << 6;
/** The landing value was judged (so that a value reported for none is not 0). */
const JUDGED = 1 << 7;

/**
 * The click ids a landing value is reported for, one bit each (ANY_CLICK_ID), with META_AD and
 * JUDGED: none when it has no such click id, has a utm_source or utm_medium, or has a Google one.
 */
function clickIdMarks(landing: string): number {
  // Stryker disable next-line ConditionalExpression: a shortcut
  if (!CLICK_ID_PATTERN.test(landing)) return JUDGED;
  const params = landingParams(landing);
  if (hasParamValue(params, "utm_source") || hasParamValue(params, "utm_medium")) return JUDGED;
  // A Google click id next to another one (a Google ad URL shared on Facebook) is a Google
  // Ads visit that GA4 attributes through auto-tagging.
  if (hasGoogleClickId(landing)) return JUDGED;
  let marks = JUDGED;
  for (let c = 0; c < CLICK_IDS.length; c++) {
    if (params.has((CLICK_IDS[c] as ClickId).param)) marks |= 1 << c;
  }
  if (params.has("fbclid") && META_AD_PARAMS.some((name) => hasParamValue(params, name))) {
    marks |= META_AD;
  }
  return marks;
}

/** How GA4 filed the visit ("m.facebook.com / referral"), or the landing page without traffic data. */
function describeTraffic(
  source: string | undefined,
  medium: string | undefined,
  landing: string,
): string {
  if (source !== undefined || medium !== undefined) {
    return `${source ?? "(not set)"} / ${medium ?? "(not set)"}`;
  }
  return landing;
}
