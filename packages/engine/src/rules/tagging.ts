/**
 * Shared by the tagging and channel-mapping checks: how a landing URL's UTM parameters are read,
 * which mediums GA4 maps on their own, and which mediums look paid (ga4-protocol.md §5.3, §6.1).
 */
import { type Channel, isPaidMedium, predictChannel } from "../channels/channel-group.ts";
import type { AuditData } from "../core/audit-data.ts";
import { foldCase, parseLanding } from "../core/values.ts";
import { factsByShape } from "./urls.ts";

/** A landing URL's query parameters by lower-cased name (first occurrence wins), values raw. */
export function landingParams(landing: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const param of parseLanding(landing).params) {
    const name = param.name.toLowerCase();
    if (!params.has(name)) params.set(name, param.value);
  }
  return params;
}

/** A query value as GA4 would store it ("spring%20sale" and "spring+sale" → "spring sale"). */
export function decodeParam(value: string): string {
  // Nothing to decode (most values): the value as it is, without a copy or a decoder call.
  if (!value.includes("%") && !value.includes("+")) return value;
  const spaced = value.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** True when the landing URL gives the parameter a value that is not blank once decoded. */
export function hasParamValue(params: ReadonlyMap<string, string>, name: string): boolean {
  const value = params.get(name);
  return value !== undefined && decodeParam(value).trim() !== "";
}

/**
 * Click ids Google's ad platforms add (auto-tagging), which GA4 reads (ga4-protocol.md §6.1), and
 * those other ad platforms add to match conversions to the click, which GA4 ignores.
 */
export const GOOGLE_CLICK_ID_PARAMS = ["gclid", "gbraid", "wbraid", "dclid"] as const;
export const OTHER_CLICK_ID_PARAMS = [
  "fbclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
] as const;

const GOOGLE_CLICK_ID = new RegExp(`[?&](?:${GOOGLE_CLICK_ID_PARAMS.join("|")})=`, "i");
/** Another ad platform's click id on a URL (`?fbclid=`). */
export const OTHER_CLICK_ID = new RegExp(`[?&](?:${OTHER_CLICK_ID_PARAMS.join("|")})=`, "i");

/**
 * True when the landing URL carries a Google Ads / DV360 / CM360 click id: GA4 then fills source,
 * medium and campaign from the ad platform (auto-tagging), whatever the UTMs say.
 */
export function hasGoogleClickId(landing: string): boolean {
  return GOOGLE_CLICK_ID.test(landing);
}

/**
 * What every click id's name contains, in some case: gclid, dclid, fbclid, ttclid and twclid say
 * "clid", gbraid and wbraid "braid", msclkid "clkid"; li_fat_id is its own.
 */
const CLICK_ID_HINT = /clid|braid|clkid|li_fat_id/i;

/**
 * Whether each of the view's rows (row r at r) has a landing value that may carry a
 * click id, Google's or another platform's: a row without the hint has none, so the checks that
 * look for click ids test their own pattern only on the rest. Judged once per distinct landing
 * value and shared (at high cardinality each check's own pattern ran on nearly every row).
 */
export function clickIdHints(data: AuditData): Uint8Array {
  return data.derived("click-id-hints", () => {
    const column = data.ownColumn("landingPagePlusQueryString");
    const { values, valueOfRow } = column;
    // A click id's name reads no digit: the same for every landing page of a shape.
    const hinted = factsByShape(column, new Uint8Array(values.length), (value) =>
      CLICK_ID_HINT.test(value) ? 1 : 0,
    );
    const ofRow = new Uint8Array(valueOfRow.length);
    for (let r = 0; r < valueOfRow.length; r++) {
      const value = valueOfRow[r] as number;
      ofRow[r] = value < 0 ? 0 : (hinted[value] as number);
    }
    return ofRow;
  });
}

/**
 * Source / medium pairs GA4 writes for clicks auto-tagged by Google's ad platforms, which take
 * their campaign from the linked account (support 11242870 "auto-tagging"): google / cpc for
 * Google Ads (and Search Ads 360's Google engine), dbm / cpm for Display & Video 360 (formerly
 * DoubleClick Bid Manager; the pair Google's own GA4 session model writes for a dclid click,
 * google-marketing-solutions/ga4_dataform includes/helpers.js), dv360 / cpm as some exports spell
 * it, and dfa / cpm for Campaign Manager 360 (formerly DoubleClick for Advertisers).
 */
const AUTO_TAGGED_PAIRS: ReadonlyMap<string, string> = new Map([
  ["google / cpc", "Google Ads"],
  ["dbm / cpm", "Display & Video 360"],
  ["dv360 / cpm", "Display & Video 360"],
  ["dfa / cpm", "Campaign Manager 360"],
]);

/** The ad platform whose auto-tagging writes this source / medium, if any. */
export function autoTaggedPlatform(source: string, medium: string): string | undefined {
  return AUTO_TAGGED_PAIRS.get(`${foldCase(source)} / ${foldCase(medium)}`);
}

/** The channel a medium reaches on its own, with a source and campaign that match no rule. */
export function mediumChannel(medium: string): Channel {
  return predictChannel({ source: "", medium, campaign: "" });
}

/** Channels GA4 reserves for paid traffic (including Display and Cross-network). */
export const PAID_CHANNELS: ReadonlySet<string> = new Set<Channel>([
  "Cross-network",
  "Paid Shopping",
  "Paid Search",
  "Paid Social",
  "Paid Video",
  "Display",
  "Paid Other",
]);

/** A medium GA4 files as paid: the paid regex or one of the Display mediums (cpm, banner...). */
export function isGa4PaidMedium(medium: string): boolean {
  return isPaidMedium(medium) || mediumChannel(medium) === "Display";
}

/**
 * Whole words that only paid placements use in a medium. Besides the generic ones, the names ad
 * platforms give their paid products, which people copy into utm_medium and which miss GA4's paid
 * regex ^(.*cp.*|ppc|retargeting|paid.*)$ (ga4-protocol.md §5.3, support 9756891): Google Ads'
 * campaign types (support.google.com/google-ads/answer/2567043: Display Network "gdn", Shopping's
 * product listing ads "pla", Dynamic Search Ads "dsa", "demandgen", Performance Max "pmax"),
 * Meta's dynamic product ads "dpa" (now Advantage+ catalog ads), "sem" / "sea" (search engine
 * marketing / advertising) and "dsp" (a demand-side platform's programmatic buys).
 */
const PAID_WORDS = new Set([
  "ad",
  "ads",
  "advert",
  "adverts",
  "advertising",
  "advertisement",
  "adwords",
  "sponsored",
  "boost",
  "boosted",
  "promoted",
  "paid",
  "ppc",
  "sem",
  "sea",
  "pmax",
  "gdn",
  "pla",
  "dsa",
  "dpa",
  "dsp",
  "demandgen",
  "remarketing",
  "retargeting",
  "programmatic",
  "payperclick",
  "mediabuy",
  "performancemax",
]);

/** Word pairs that mean paid only together. */
const PAID_PHRASES = ["pay per click", "media buy", "performance max", "demand gen"];

/** Prefixes of glued names such as "facebookads", "googleads" or "socialpaid". */
const GLUED_PAID = new RegExp(
  "^(google|facebook|fb|meta|instagram|insta|ig|linkedin|tiktok|bing|microsoft|msft|twitter|x|" +
    "pinterest|snapchat|snap|reddit|youtube|yt|amazon|apple|quora|spotify|social|search|display|" +
    "video|native|lead)(ads?|paid)$",
);

/** Words that negate or change the meaning ("non-paid", "ad hoc", "ad-free"). */
const NOT_PAID_WORDS = new Set(["non", "not", "no", "unpaid", "organic", "hoc", "free"]);

const CAMEL_BOUNDARY = /([a-z0-9])([A-Z])/g;
const WORD_SPLIT = /[^a-z0-9]+/;

/**
 * The words of a medium, glued platform names split: "FacebookAds" and "facebookads" both give
 * ["facebook", "ads"]; "pay-per-click" gives ["pay", "per", "click"].
 */
export function mediumWords(medium: string): string[] {
  const words: string[] = [];
  const split = medium.trim().replace(CAMEL_BOUNDARY, "$1 $2").toLowerCase().split(WORD_SPLIT);
  for (const word of split) {
    if (word === "") continue;
    const glued = GLUED_PAID.exec(word);
    if (glued?.[1] && glued[2]) words.push(glued[1], glued[2]);
    else words.push(word);
  }
  return words;
}

/**
 * A medium a person meant as paid ("ads", "facebook-ads", "social_paid", "remarketing"), whether
 * or not GA4's paid regex recognises it.
 */
export function looksPaid(medium: string): boolean {
  const words = mediumWords(medium);
  if (words.length === 0 || words.some((word) => NOT_PAID_WORDS.has(word))) return false;
  if (words.some((word) => PAID_WORDS.has(word))) return true;
  const phrase = ` ${words.join(" ")} `;
  return PAID_PHRASES.some((paid) => phrase.includes(` ${paid} `));
}

/** Lower-cased, trimmed subject for a finding key. */
export function keyPart(value: string | undefined): string {
  return value === undefined ? "" : foldCase(value);
}
