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
  const source = input.source.trim().toLowerCase();
  const medium = input.medium.trim().toLowerCase();
  const campaign = (input.campaign ?? "").trim().toLowerCase();
  const paid = PAID_MEDIUM.test(medium);
  const shoppingSite = CATEGORY_SETS.shopping.has(source);
  const shoppingCampaign = SHOPPING_CAMPAIGN.test(campaign);
  const searchSite = CATEGORY_SETS.search.has(source);
  const socialSite = CATEGORY_SETS.social.has(source);
  const videoSite = CATEGORY_SETS.video.has(source);

  if (source === "(direct)" && (medium === "(not set)" || medium === "(none)")) return "Direct";
  if (campaign.includes("cross-network")) return "Cross-network";
  if ((shoppingSite || shoppingCampaign) && paid) return "Paid Shopping";
  if (searchSite && paid) return "Paid Search";
  if (socialSite && paid) return "Paid Social";
  if (videoSite && paid) return "Paid Video";
  if (DISPLAY_MEDIUMS.has(medium)) return "Display";
  if (paid) return "Paid Other";
  if (shoppingSite || shoppingCampaign) return "Organic Shopping";
  if (socialSite || SOCIAL_MEDIUMS.has(medium)) return "Organic Social";
  if (videoSite || VIDEO_MEDIUM.test(medium)) return "Organic Video";
  if (searchSite || medium === "organic") return "Organic Search";
  if (REFERRAL_MEDIUMS.has(medium)) return "Referral";
  if (EMAIL_PATTERN.test(source) || EMAIL_PATTERN.test(medium)) return "Email";
  if (medium === "affiliate") return "Affiliates";
  if (medium === "audio") return "Audio";
  if (source === "sms" || medium === "sms") return "SMS";
  if (
    medium.endsWith("push") ||
    medium.includes("mobile") ||
    medium.includes("notification") ||
    source === "firebase"
  ) {
    return "Mobile Push Notifications";
  }
  return "Unassigned";
}
