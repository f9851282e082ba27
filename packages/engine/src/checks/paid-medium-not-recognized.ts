// Detects mediums meant as paid (ads, facebook-ads, sponsored, remarketing, gdn, pmax) that miss
// GA4's paid regex ^(.*cp.*|ppc|retargeting|paid.*)$ and its Display list. Paid clicks then land
// in Unassigned or an organic channel, and paid channels under-report what the spend brings in.
import { fieldTitle, valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue } from "../core/values.ts";
import {
  isGa4PaidMedium,
  keyPart,
  looksPaid,
  mediumWords,
  PAID_CHANNELS,
} from "../rules/tagging.ts";

// Which GA4 medium fits each word: Google Ads' campaign types (support.google.com/google-ads/answer/
// 2567043) are search (cpc) but for the Display Network; Meta's dynamic product ads are social.
const SEARCH_WORDS = new Set([
  "sem",
  "sea",
  "pla",
  "dsa",
  "demandgen",
  "demand",
  "ppc",
  "payperclick",
  "search",
  "adwords",
  "google",
  "bing",
  "microsoft",
  "msft",
  "pmax",
  "performancemax",
  "pay",
  "performance",
]);
const SOCIAL_WORDS = new Set([
  "social",
  "facebook",
  "fb",
  "meta",
  "instagram",
  "insta",
  "ig",
  "linkedin",
  "tiktok",
  "twitter",
  "x",
  "pinterest",
  "snapchat",
  "snap",
  "reddit",
  "boost",
  "boosted",
  "promoted",
  "dpa",
]);
const DISPLAY_WORDS = new Set([
  "display",
  "banner",
  "banners",
  "programmatic",
  "native",
  "gdn",
  "dsp",
]);
const VIDEO_WORDS = new Set(["video", "youtube", "yt"]);

/** The GA4 medium to use instead, from the words of the one in use. */
export function paidMediumReplacement(medium: string): string {
  const words = mediumWords(medium);
  const has = (set: ReadonlySet<string>) => words.some((word) => set.has(word));
  if (has(SOCIAL_WORDS)) return "paid_social";
  if (has(VIDEO_WORDS)) return "paid_video";
  if (has(DISPLAY_WORDS)) return "display";
  if (words.includes("remarketing")) return "retargeting";
  if (has(SEARCH_WORDS)) return "cpc";
  return "cpc, paid_social or display";
}

export const paidMediumNotRecognized = defineCheck({
  id: "paid-medium-not-recognized",
  title: "Paid mediums GA4 does not count as paid",
  severity: "critical",
  description:
    "A utm_medium meant as paid (ads, facebook-ads, sponsored, remarketing) does not match GA4's paid-medium pattern, so paid clicks are reported as Unassigned or organic.",
  guide: {
    whyItMatters:
      "GA4 only treats a visit as paid when its medium matches the pattern ^(.*cp.*|ppc|retargeting|paid.*)$ (anything containing cp such as cpc, cpm or cpv; exactly ppc or retargeting; anything starting with paid) or is one of the Display mediums (display, banner, cpm). Mediums such as ads, facebook-ads, sponsored, boosted, remarketing, sem, sea, gdn, pla, dsa, dpa, demandgen, pmax or social_paid match neither: the clicks you pay for are reported as Unassigned, or as Organic Social / Organic Search when the source is a known site, so Paid Search, Paid Social and Display under-report, and return on ad spend looks worse than it is.",
    howToFix:
      "Change the medium in the ad platform's URL parameters or tracking template to a value GA4 recognises: cpc for paid search, paid_social for paid social ads (Meta, LinkedIn, TikTok, X, Pinterest), display for banners and programmatic, paid_video for video ads, retargeting for remarketing campaigns. Keep the platform in utm_source (facebook, linkedin) and the campaign in utm_campaign; note that paid_social must start with paid (social_paid does not match).",
    exampleWrong:
      "https://www.example.com/?utm_source=facebook&utm_medium=facebook-ads&utm_campaign=spring_sale_2025",
    exampleCorrect:
      "https://www.example.com/?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale_2025",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/9756891",
  },
  requires: [["sessionManualMedium", "sessionMedium"]],
  run(data, findings) {
    const dimension = data.utmDimension("medium");
    // Stryker disable next-line ConditionalExpression: requires a medium dimension
    if (!dimension) return;
    // Each row's channel read by value id beside the mediums, not from the row objects.
    const column = data.column(dimension);
    const channels = data.channelColumnBeside(column);
    for (const [medium, stats] of data.values(dimension)) {
      if (!isUserValue(medium) || isGa4PaidMedium(medium) || !looksPaid(medium)) continue;
      // Sessions GA4 still put in a paid channel (through the campaign or auto-tagging) are fine.
      const ids = data
        .idsOfStats(dimension, stats)
        .filter((id) => !PAID_CHANNELS.has(valueAt(channels, id - column.firstId) as string));
      if (ids.length === 0) continue;
      findings.addIds(
        `medium:${keyPart(medium)}`,
        `${fieldTitle(dimension)} '${medium}' is not counted as paid by GA4 (use ${paidMediumReplacement(medium)})`,
        ids,
        0,
        ids.length,
        { values: [medium], field: dimension },
      );
    }
  },
});
