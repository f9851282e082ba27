import { SOURCE_CATEGORIES } from "./source-categories.generated.ts";

/**
 * GA4's default channel group for manual (UTM / referrer) traffic: the rules of
 * support.google.com/analytics/answer/9756891, top to bottom, first match wins, case-insensitive
 * (ga4-protocol.md §5.3). Source lists are matched exactly, as Google's list enumerates sub-domains.
 */

export const CHANNELS = [
  "Direct",
  "Cross-network",
  "Paid Shopping",
  "Paid Search",
  "Paid Social",
  "Paid Video",
  "Display",
  "Paid Other",
  "Organic Shopping",
  "Organic Social",
  "Organic Video",
  "Organic Search",
  "Referral",
  "Email",
  "Affiliates",
  "Audio",
  "SMS",
  "Mobile Push Notifications",
  "Unassigned",
] as const;
export type Channel = (typeof CHANNELS)[number];

export type SourceCategory = keyof typeof SOURCE_CATEGORIES;

const CATEGORY_SETS: Record<SourceCategory, ReadonlySet<string>> = {
  search: new Set(SOURCE_CATEGORIES.search),
  shopping: new Set(SOURCE_CATEGORIES.shopping),
  social: new Set(SOURCE_CATEGORIES.social),
  video: new Set(SOURCE_CATEGORIES.video),
};

/** Medium regex shared by every paid channel. */
export const PAID_MEDIUM = /^(.*cp.*|ppc|retargeting|paid.*)$/;
const SHOPPING_CAMPAIGN = /^(.*(([^a-df-z]|^)shop|shopping).*)$/;
const VIDEO_MEDIUM = /^(.*video.*)$/;
const DISPLAY_MEDIUMS = new Set(["display", "banner", "expandable", "interstitial", "cpm"]);
export const SOCIAL_MEDIUMS: ReadonlySet<string> = new Set([
  "social",
  "social-network",
  "social-media",
  "sm",
  "social network",
  "social media",
]);
const REFERRAL_MEDIUMS = new Set(["referral", "app", "link"]);
// Google writes "Source = email|e-mail|e_mail|e mail"; read as "contains", as the widely used
// dbt-ga4 implementation does (ga4-protocol.md §5.3, an unverified reading).
const EMAIL_PATTERN = /email|e-mail|e_mail|e mail/;

/** Which of Google's source categories a source belongs to, if any. */
export function sourceCategory(source: string): SourceCategory | undefined {
  const value = source.trim().toLowerCase();
  for (const category of ["search", "shopping", "social", "video"] as const) {
    if (CATEGORY_SETS[category].has(value)) return category;
  }
  return undefined;
}

export function isInSourceCategory(source: string, category: SourceCategory): boolean {
  return CATEGORY_SETS[category].has(source.trim().toLowerCase());
}

export function isPaidMedium(medium: string): boolean {
  return PAID_MEDIUM.test(medium.trim().toLowerCase());
}

export interface ChannelInput {
  source: string;
  medium: string;
  campaign?: string;
}

export function predictChannel(input: ChannelInput): Channel {
  return CHANNEL_OF_RULE[channelRule(input)];
}

/** The rule of support 9756891 that decided a channel, for explaining a prediction. */
type ChannelRule =
  | "direct"
  | "cross-network"
  | "paid-shopping"
  | "paid-search"
  | "paid-social"
  | "paid-video"
  | "display"
  | "paid-other"
  | "organic-shopping-source"
  | "organic-shopping-campaign"
  | "organic-social-source"
  | "organic-social-medium"
  | "organic-video-source"
  | "organic-video-medium"
  | "organic-search-source"
  | "organic-search-medium"
  | "referral"
  | "email"
  | "affiliates"
  | "audio"
  | "sms"
  | "push"
  | "unassigned";

const CHANNEL_OF_RULE: Record<ChannelRule, Channel> = {
  direct: "Direct",
  "cross-network": "Cross-network",
  "paid-shopping": "Paid Shopping",
  "paid-search": "Paid Search",
  "paid-social": "Paid Social",
  "paid-video": "Paid Video",
  display: "Display",
  "paid-other": "Paid Other",
  "organic-shopping-source": "Organic Shopping",
  "organic-shopping-campaign": "Organic Shopping",
  "organic-social-source": "Organic Social",
  "organic-social-medium": "Organic Social",
  "organic-video-source": "Organic Video",
  "organic-video-medium": "Organic Video",
  "organic-search-source": "Organic Search",
  "organic-search-medium": "Organic Search",
  referral: "Referral",
  email: "Email",
  affiliates: "Affiliates",
  audio: "Audio",
  sms: "SMS",
  push: "Mobile Push Notifications",
  unassigned: "Unassigned",
};

const PAID_WHY =
  "matches GA4's paid medium pattern (cpc, ppc, retargeting, anything with cp or starting with paid)";

export interface ChannelPrediction {
  channel: Channel;
  /** One sentence naming the rule that decided it, with the link's own values. */
  why: string;
}

/** The channel a link's sessions will land in, and which of GA4's rules puts them there. */
export function explainChannel(input: ChannelInput): ChannelPrediction {
  const rule = channelRule(input);
  const source = `'${input.source.trim()}'`;
  const medium = `'${input.medium.trim()}'`;
  const campaign = `'${(input.campaign ?? "").trim()}'`;
  const why: Record<ChannelRule, string> = {
    direct: "The source is (direct), which GA4 keeps for visits without a referrer or tags.",
    "cross-network": `The campaign ${campaign} contains "cross-network".`,
    "paid-shopping": `The source or campaign names shopping and the medium ${medium} ${PAID_WHY}.`,
    "paid-search": `${source} is on GA4's list of search sites and the medium ${medium} ${PAID_WHY}.`,
    "paid-social": `${source} is on GA4's list of social sites and the medium ${medium} ${PAID_WHY}.`,
    "paid-video": `${source} is on GA4's list of video sites and the medium ${medium} ${PAID_WHY}.`,
    display: `The medium ${medium} is one of GA4's display mediums (display, banner, expandable, interstitial, cpm).`,
    "paid-other": `The medium ${medium} ${PAID_WHY}, but ${source} is on none of GA4's search, social, video or shopping lists.`,
    "organic-shopping-source": `${source} is on GA4's list of shopping sites and the medium is not paid.`,
    "organic-shopping-campaign": `The campaign ${campaign} names shopping and the medium is not paid.`,
    "organic-social-source": `${source} is on GA4's list of social sites and the medium is not paid.`,
    "organic-social-medium": `The medium ${medium} is one of GA4's social mediums.`,
    "organic-video-source": `${source} is on GA4's list of video sites and the medium is not paid.`,
    "organic-video-medium": `The medium ${medium} contains "video".`,
    "organic-search-source": `${source} is on GA4's list of search sites and the medium is not paid.`,
    "organic-search-medium": `The medium is "organic".`,
    referral: `The medium ${medium} is one of referral, app or link.`,
    email: "The source or medium is email (or e-mail, e_mail, e mail).",
    affiliates: `The medium is "affiliate".`,
    audio: `The medium is "audio".`,
    sms: "The source or medium is sms.",
    push: `The medium ${medium} names a push or mobile notification.`,
    unassigned: `No GA4 channel rule matches the medium ${medium} with the source ${source}.`,
  };
  return { channel: CHANNEL_OF_RULE[rule], why: why[rule] };
}

function channelRule(input: ChannelInput): ChannelRule {
  const source = input.source.trim().toLowerCase();
  const medium = input.medium.trim().toLowerCase();
  const campaign = (input.campaign ?? "").trim().toLowerCase();
  const paid = PAID_MEDIUM.test(medium);
  const shoppingSite = CATEGORY_SETS.shopping.has(source);
  const shoppingCampaign = SHOPPING_CAMPAIGN.test(campaign);
  const searchSite = CATEGORY_SETS.search.has(source);
  const socialSite = CATEGORY_SETS.social.has(source);
  const videoSite = CATEGORY_SETS.video.has(source);

  if (source === "(direct)" && (medium === "(not set)" || medium === "(none)")) return "direct";
  if (campaign.includes("cross-network")) return "cross-network";
  if ((shoppingSite || shoppingCampaign) && paid) return "paid-shopping";
  if (searchSite && paid) return "paid-search";
  if (socialSite && paid) return "paid-social";
  if (videoSite && paid) return "paid-video";
  if (DISPLAY_MEDIUMS.has(medium)) return "display";
  if (paid) return "paid-other";
  if (shoppingSite) return "organic-shopping-source";
  if (shoppingCampaign) return "organic-shopping-campaign";
  if (socialSite) return "organic-social-source";
  if (SOCIAL_MEDIUMS.has(medium)) return "organic-social-medium";
  if (videoSite) return "organic-video-source";
  if (VIDEO_MEDIUM.test(medium)) return "organic-video-medium";
  if (searchSite) return "organic-search-source";
  if (medium === "organic") return "organic-search-medium";
  if (REFERRAL_MEDIUMS.has(medium)) return "referral";
  if (EMAIL_PATTERN.test(source) || EMAIL_PATTERN.test(medium)) return "email";
  if (medium === "affiliate") return "affiliates";
  if (medium === "audio") return "audio";
  if (source === "sms" || medium === "sms") return "sms";
  if (
    medium.endsWith("push") ||
    medium.includes("mobile") ||
    medium.includes("notification") ||
    source === "firebase"
  ) {
    return "push";
  }
  return "unassigned";
}
