/**
 * A property named and tagged in Japanese, Cyrillic, Arabic and Chinese, with an emoji, as
 * marketers outside the Latin alphabet write them. Its tagging errors put those strings into
 * issue titles and values, so the reports (the PDF above all, which embeds its own fonts) can be
 * shown to print every script. Kept out of PROFILE_KEYS: only its own test user sees it (world.ts).
 */
import {
  direct,
  injected,
  landing,
  organicSearch,
  type TrafficTemplate,
  taggedLink,
} from "../traffic.ts";
import type { ProfileDefinition } from "./definition.ts";

/** The strings under test; e2e/tests/pdf-unicode.spec.ts looks for each of them. */
export const MULTILINGUAL_TEXT = {
  japaneseSource: "ニュースレター",
  arabicSource: "النشرة",
  russianCampaign: "Летняя_распродажа",
  russianCampaignLower: "летняя_распродажа",
  chineseCampaign: "春季促销",
} as const;

const M = MULTILINGUAL_TEXT;

export const MULTILINGUAL_ACCOUNT_NAME = "多言語 Агентство وكالة";
export const MULTILINGUAL_PROPERTY_NAME = "東京ストア Москва متجر الرياض 🎉";

const HOME = "/";
const PAGES = [HOME, "/sale", "/blog/launch"];

const link = taggedLink;

function baseline(): readonly TrafficTemplate[] {
  return [
    direct({ share: 0.4, landing: landing(PAGES) }),
    organicSearch({
      share: 0.3,
      source: "google",
      referrer: "https://www.google.com/",
      landing: landing(PAGES),
    }),
    link(0.1, { utm_source: "newsletter", utm_medium: "email", utm_campaign: M.chineseCampaign }),
  ];
}

const errors: readonly TrafficTemplate[] = [
  injected(
    link(0.05, { utm_source: M.japaneseSource, utm_medium: "email", utm_campaign: "spring" }),
    "A Japanese source, which GA4's channel rules cannot match",
    { checkId: "non-ascii-value", values: [M.japaneseSource] },
  ),
  injected(
    link(0.05, { utm_source: M.arabicSource, utm_medium: "email", utm_campaign: "spring" }),
    "An Arabic source, which GA4's channel rules cannot match",
    { checkId: "non-ascii-value", values: [M.arabicSource] },
  ),
  injected(
    link(0.05, { utm_source: "newsletter", utm_medium: "email", utm_campaign: M.russianCampaign }),
    "A Russian campaign name written in two letter cases",
    { checkId: "case-inconsistency", values: [M.russianCampaign, M.russianCampaignLower] },
  ),
  link(
    0.04,
    { utm_source: "newsletter", utm_medium: "email", utm_campaign: M.russianCampaignLower },
    { everyDay: true },
  ),
];

export const multilingual: ProfileDefinition = {
  profile: {
    key: "multilingual",
    propertyId: "493817265",
    displayName: MULTILINGUAL_PROPERTY_NAME,
    defaultUri: "https://www.multilingual.example",
    timeZone: "Asia/Tokyo",
    currencyCode: "JPY",
    serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
    createTime: "2025-04-07T10:00:00.000Z",
    seed: 7331,
    // About 1,000 sessions in 90 days: a scan is quick.
    dailySessions: 6,
    dailyRows: 12,
  },
  baseline,
  errors,
};
