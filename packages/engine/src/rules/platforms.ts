/**
 * Well-known traffic platforms under every name marketers and GA4 give them, and the words that
 * name a channel type (what belongs in utm_medium). Shared by the channel-mapping checks: a
 * platform belongs in utm_source, a channel type in utm_medium (support 10917952).
 */
import { sourceCategory } from "../channels/channel-group.ts";
import type { AuditData, Column } from "../core/audit-data.ts";
import { isUserValue, normalizeHost, siteDomain } from "../core/values.ts";

export type PlatformKind =
  | "search"
  | "social"
  | "video"
  | "messaging"
  | "email"
  | "ads"
  | "shopping"
  | "audio";

export interface Platform {
  /** Canonical lower-case name, the one to use in utm_source. */
  name: string;
  kind: PlatformKind;
  /** Other names of the platform, and hosts matched exactly (lower-case, without "www."). */
  aliases: readonly string[];
  /** Registrable domains: any host on them ("l.facebook.com", "pinterest.co.uk") is the platform. */
  domains: readonly string[];
  /** The canonical name is also an ordinary word or close to one: never suggest it for a typo. */
  noTypos?: boolean;
  /**
   * A placement on another platform (a Business Profile on Google) rather than a sender: tagging
   * it as the medium under its platform's source (google / gbp) keeps the right channel.
   */
  placement?: boolean;
  /**
   * Names of the platform's ads ("facebook_ads", "fbads"): the platform under another name in
   * utm_source (`sourcePlatformOf`), while in utm_medium they are a paid medium GA4 does not
   * recognise, paid-medium-not-recognized's finding, not a platform name.
   */
  adNames?: readonly string[];
}

export const PLATFORMS: readonly Platform[] = [
  {
    name: "google",
    kind: "search",
    // Only Google's own hosts: mail.google.com, news.google.com and the like are other products.
    aliases: [
      "adwords",
      "googleads",
      "google_ads",
      "google-ads",
      "google ads",
      "google.com",
      "google.co.uk",
      "google.de",
      "google.fr",
      "google.es",
      "google.it",
    ],
    domains: [],
  },
  // Business Profile and Maps links are unpaid search traffic: organic is right for them.
  {
    name: "google_business_profile",
    kind: "search",
    aliases: [
      "gbp",
      "gmb",
      "googlemybusiness",
      "google_my_business",
      "google-my-business",
      "googlebusinessprofile",
      "google-business-profile",
      "business.google.com",
    ],
    domains: [],
    noTypos: true,
    placement: true,
  },
  {
    name: "google_maps",
    kind: "search",
    aliases: ["googlemaps", "google-maps", "google maps", "maps.google.com"],
    domains: [],
    noTypos: true,
    placement: true,
  },
  { name: "bing", kind: "search", aliases: [], domains: ["bing.com"] },
  {
    name: "yahoo",
    kind: "search",
    aliases: ["yahoo.com", "search.yahoo.com", "yahoo.co.jp", "search.yahoo.co.jp"],
    domains: [],
  },
  { name: "duckduckgo", kind: "search", aliases: ["ddg"], domains: ["duckduckgo.com"] },
  { name: "yandex", kind: "search", aliases: [], domains: ["yandex.ru", "yandex.com", "ya.ru"] },
  { name: "baidu", kind: "search", aliases: [], domains: ["baidu.com"] },
  { name: "ecosia", kind: "search", aliases: [], domains: ["ecosia.org"] },
  { name: "startpage", kind: "search", aliases: [], domains: ["startpage.com"] },
  { name: "brave", kind: "search", aliases: [], domains: ["brave.com"], noTypos: true },
  { name: "naver", kind: "search", aliases: [], domains: ["naver.com"], noTypos: true },
  { name: "seznam", kind: "search", aliases: [], domains: ["seznam.cz"] },
  { name: "qwant", kind: "search", aliases: [], domains: ["qwant.com"] },
  // Meta's {{site_source_name}} URL parameter writes fb and ig (Meta Business Help, "About URL
  // parameters"); the rest are spellings of the platform and its ads account seen in utm_source
  // ("igfb" names Meta's placements across Instagram and Facebook, tied to the parent platform).
  {
    name: "facebook",
    kind: "social",
    aliases: ["fb", "meta", "igfb"],
    domains: ["facebook.com", "fb.com", "fb.me"],
    adNames: [
      "facebook_ads",
      "facebook-ads",
      "facebookads",
      "fb_ads",
      "fb-ads",
      "fbads",
      "meta_ads",
      "meta-ads",
      "metaads",
    ],
  },
  {
    name: "instagram",
    kind: "social",
    aliases: ["ig", "insta"],
    domains: ["instagram.com", "instagr.am"],
    adNames: ["instagram_ads", "instagram-ads", "instagramads", "ig_ads"],
  },
  { name: "messenger", kind: "messaging", aliases: [], domains: ["messenger.com", "m.me"] },
  {
    name: "linkedin",
    kind: "social",
    aliases: ["li"],
    domains: ["linkedin.com", "lnkd.in"],
    adNames: ["linkedin_ads", "linkedin-ads", "linkedinads"],
  },
  {
    name: "twitter",
    kind: "social",
    aliases: ["x", "tw"],
    domains: ["twitter.com", "x.com", "t.co"],
    adNames: ["twitter_ads", "twitter-ads", "twitterads", "x_ads"],
  },
  {
    name: "threads",
    kind: "social",
    aliases: [],
    domains: ["threads.net", "threads.com"],
    noTypos: true,
  },
  {
    name: "tiktok",
    kind: "social",
    aliases: [],
    domains: ["tiktok.com"],
    adNames: ["tiktok_ads", "tiktok-ads", "tiktokads"],
  },
  {
    name: "pinterest",
    kind: "social",
    aliases: [],
    domains: [
      "pinterest.com",
      "pin.it",
      "pinterest.co.uk",
      "pinterest.de",
      "pinterest.fr",
      "pinterest.ca",
      "pinterest.com.au",
    ],
  },
  { name: "reddit", kind: "social", aliases: [], domains: ["reddit.com", "redd.it"] },
  { name: "snapchat", kind: "social", aliases: [], domains: ["snapchat.com"] },
  { name: "quora", kind: "social", aliases: [], domains: ["quora.com"] },
  { name: "tumblr", kind: "social", aliases: [], domains: ["tumblr.com"], noTypos: true },
  { name: "discord", kind: "social", aliases: [], domains: ["discord.com", "discord.gg"] },
  {
    name: "youtube",
    kind: "video",
    aliases: ["yt"],
    domains: ["youtube.com", "youtu.be"],
    adNames: ["youtube_ads", "youtube-ads", "youtubeads"],
  },
  { name: "vimeo", kind: "video", aliases: [], domains: ["vimeo.com"] },
  { name: "twitch", kind: "video", aliases: [], domains: ["twitch.tv"], noTypos: true },
  { name: "whatsapp", kind: "messaging", aliases: [], domains: ["whatsapp.com", "wa.me"] },
  { name: "telegram", kind: "messaging", aliases: [], domains: ["telegram.org", "t.me"] },
  { name: "mailchimp", kind: "email", aliases: [], domains: ["mailchimp.com", "mailchi.mp"] },
  { name: "klaviyo", kind: "email", aliases: [], domains: ["klaviyo.com"] },
  { name: "hubspot", kind: "email", aliases: [], domains: ["hubspot.com"] },
  { name: "brevo", kind: "email", aliases: ["sendinblue"], domains: ["brevo.com"], noTypos: true },
  { name: "activecampaign", kind: "email", aliases: [], domains: ["activecampaign.com"] },
  { name: "mailerlite", kind: "email", aliases: [], domains: ["mailerlite.com"] },
  { name: "sendgrid", kind: "email", aliases: [], domains: ["sendgrid.net"] },
  { name: "substack", kind: "email", aliases: [], domains: ["substack.com"] },
  { name: "criteo", kind: "ads", aliases: [], domains: ["criteo.com"] },
  { name: "taboola", kind: "ads", aliases: [], domains: ["taboola.com"] },
  { name: "outbrain", kind: "ads", aliases: [], domains: ["outbrain.com"] },
  { name: "adroll", kind: "ads", aliases: [], domains: ["adroll.com"] },
  {
    name: "amazon",
    kind: "shopping",
    aliases: ["amzn"],
    domains: ["amazon.com", "amazon.co.uk", "amazon.de", "amazon.fr", "amzn.to"],
  },
  { name: "ebay", kind: "shopping", aliases: [], domains: ["ebay.com", "ebay.co.uk", "ebay.de"] },
  { name: "etsy", kind: "shopping", aliases: [], domains: ["etsy.com"] },
  { name: "spotify", kind: "audio", aliases: [], domains: ["spotify.com"] },
];

const BY_NAME = new Map<string, Platform>();
const BY_DOMAIN = new Map<string, Platform>();
const BY_AD_NAME = new Map<string, Platform>();
for (const platform of PLATFORMS) {
  BY_NAME.set(platform.name, platform);
  for (const alias of platform.aliases) BY_NAME.set(alias, platform);
  for (const domain of platform.domains) BY_DOMAIN.set(domain, platform);
  for (const name of platform.adNames ?? []) BY_AD_NAME.set(name, platform);
}

const HOST_LIKE = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const WWW = /^www\./;

/** True for a lower-cased host name such as "l.facebook.com" or "ecosia.org". */
export function looksLikeHost(value: string): boolean {
  return HOST_LIKE.test(value);
}

/** The platform a value names ("FB", "l.facebook.com", "https://www.linkedin.com/"), if any. */
export function platformOf(value: string): Platform | undefined {
  const lower = value.trim().toLowerCase();
  const byName = BY_NAME.get(lower);
  if (byName) return byName;
  if (!lower.includes(".")) return undefined;
  const host = normalizeHost(lower).replace(WWW, "");
  if (!HOST_LIKE.test(host)) return undefined;
  return BY_NAME.get(host) ?? BY_DOMAIN.get(host) ?? BY_DOMAIN.get(siteDomain(host));
}

/** The platform a utm_source names, its ads' names ("facebook_ads") included. */
export function sourcePlatformOf(value: string): Platform | undefined {
  return BY_AD_NAME.get(value.trim().toLowerCase()) ?? platformOf(value);
}

/**
 * Words that name a channel type rather than a sender: what utm_medium is for. Deliberately not
 * "newsletter" or "mail", which Google's own examples use as sources.
 */
const CHANNEL_TYPE_WORDS: ReadonlySet<string> = new Set([
  "cpc",
  "ppc",
  "cpm",
  "cpv",
  "cpa",
  "paid",
  "paid_social",
  "paid-social",
  "paid social",
  "paidsocial",
  "paid_search",
  "paid-search",
  "paid search",
  "paidsearch",
  "display",
  "banner",
  "retargeting",
  "remarketing",
  "email",
  "e-mail",
  "e_mail",
  "social",
  "social-media",
  "social_media",
  "social media",
  "social-network",
  "social network",
  "organic",
  "referral",
  "affiliate",
  "sms",
  "push",
  "video",
  "audio",
]);

/** True when a value is a channel type such as cpc, email or social (case-insensitive). */
export function isChannelTypeWord(value: string): boolean {
  return CHANNEL_TYPE_WORDS.has(value.trim().toLowerCase());
}

const SEARCH_LABEL = /(^|\.)search\./;

/** A search engine: Google's search source list, a known engine, or a "search." host. */
export function isSearchEngine(source: string): boolean {
  if (sourceCategory(source) === "search") return true;
  if (platformOf(source)?.kind === "search") return true;
  const host = normalizeHost(source);
  return HOST_LIKE.test(host) && SEARCH_LABEL.test(host);
}

/** Mediums GA4 writes itself for untagged traffic (compared lower-cased). */
const NATURAL_MEDIUMS: ReadonlySet<string> = new Set(["referral", "(none)"]);

/**
 * The rows in which a marketer typed the utm_source at place `v` of the source column
 * (`data.column` of `data.utmDimension("source")`), leaving out the values GA4 writes itself:
 * referral host names (l.facebook.com / referral), direct, and search engines' organic traffic.
 * Pushed onto `into` as row ids in row order; gives how many. Read by value id: no row object is
 * reached.
 */
export function pushTaggedIds(data: AuditData, v: number, into: number[]): number {
  const sources = data.column(data.utmDimension("source") ?? "sessionManualSource");
  const source = sources.values[v] as string;
  if (!isUserValue(source)) return 0;
  const searchEngine = isSearchEngine(source);
  const { column, natural, organic } = rowMediums(data);
  const mediumOfRow = column.valueOfRow;
  const firstId = column.firstId;
  const before = into.length;
  for (let i = sources.starts[v] as number; i < (sources.starts[v + 1] as number); i++) {
    const id = sources.ids[i] as number;
    const medium = mediumOfRow[id - firstId] as number;
    if (medium < 0 || (natural[medium] === 0 && !(organic[medium] === 1 && searchEngine))) {
      into.push(id);
    }
  }
  return into.length - before;
}

/** What `pushTaggedIds` reads of each medium value, beside the source column's rows, made once. */
interface RowMediums {
  column: Column;
  /** 1 for a medium GA4 writes for untagged traffic, by medium value id. */
  natural: Uint8Array;
  /** 1 for "organic", by medium value id. */
  organic: Uint8Array;
}

function rowMediums(data: AuditData): RowMediums {
  return data.derived("tagged-row-mediums", () => {
    const sourceDimension = data.utmDimension("source") ?? "sessionManualSource";
    const mediumDimension = data.utmDimension("medium") ?? "sessionManualMedium";
    const column = data.columnBeside(data.column(sourceDimension), mediumDimension);
    const folded = column.values.map((medium) => medium.trim().toLowerCase());
    return {
      column,
      natural: Uint8Array.from(folded, (medium) => (NATURAL_MEDIUMS.has(medium) ? 1 : 0)),
      organic: Uint8Array.from(folded, (medium) => (medium === "organic" ? 1 : 0)),
    };
  });
}
