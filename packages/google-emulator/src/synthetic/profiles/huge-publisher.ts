/**
 * The Meridian Ledger, a news site: tens of thousands of articles, the newest drawing the most
 * visits, so a day holds some 37,000 distinct rows and a 90-day report runs past GA4's row limit
 * into an "(other)" row. Its tagging is disciplined; a few slips remain.
 */
import type { Random } from "../random.ts";
import {
  direct,
  injected,
  landing,
  MIX,
  organicSearch,
  referral,
  type TrafficTemplate,
  tagged,
} from "../traffic.ts";
import type { ProfileDefinition } from "./definition.ts";

const SECTIONS = [
  "news",
  "politics",
  "business",
  "technology",
  "science",
  "health",
  "sport",
  "culture",
  "travel",
  "food",
  "opinion",
  "climate",
];
const FRONTS = ["/", ...SECTIONS.map((section) => `/${section}`), "/live", "/newsletters"];

const WORDS = (
  "city council vote budget plan school board water storm coast river bridge housing rent " +
  "market shares bank rates jobs report workers strike union court ruling judge appeal senate " +
  "bill climate heat drought wildfire forest energy solar wind grid battery car electric train " +
  "airport flights tourism museum festival film music album artist novel theatre chef recipe " +
  "coffee harvest farm farmers league final season coach team player transfer record marathon " +
  "cycling tennis study scientists vaccine hospital doctors nurses clinic app startup funding " +
  "chip data privacy phone launch review election poll mayor governor minister summit trade " +
  "tariff port ferry island mountain trail park wildlife bees whales ocean reef ice glacier"
).split(" ");
const ARTICLES = 45_000;
/** Articles published a day: the ranking moves on by this many paths daily. */
const PER_DAY = 140;

/** "/climate/river-drought-farmers-harvest-report-412907": the seed writes the headlines. */
function articles(random: Random): string[] {
  const all: string[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const section = SECTIONS[random.int(SECTIONS.length)] ?? "news";
    const length = 4 + random.int(4);
    const words: string[] = [];
    for (let w = 0; w < length; w++) words.push(WORDS[random.int(WORDS.length)] ?? "news");
    all.push(`/${section}/${words.join("-")}-${400_000 + i}`);
  }
  return all;
}

function baseline(random: Random): readonly TrafficTemplate[] {
  const pool = articles(random);
  const newest = (skew: number) => landing(pool, skew, PER_DAY);
  return [
    organicSearch({
      share: 0.36,
      source: "google",
      referrer: "https://www.google.com/",
      landing: newest(0.95),
      devices: MIX.mobileFirst,
      engagementRate: 0.52,
      keyEventRate: 0.004,
    }),
    direct({
      share: 0.12,
      landing: landing(FRONTS, 1.4),
      returningRate: 0.35,
      engagementRate: 0.7,
      keyEventRate: 0.006,
    }),
    direct({
      share: 0.08,
      landing: newest(1.0),
      devices: MIX.mobileFirst,
      returningRate: 0.2,
      engagementRate: 0.5,
      keyEventRate: 0.003,
    }),
    referral({
      share: 0.08,
      source: "news.google.com",
      // news.google.com is on Google's search list (§5.4): Organic Search before Referral.
      channel: "Organic Search",
      referrers: [["https://news.google.com/", 1]],
      landing: newest(1.1),
      devices: MIX.mobileFirst,
      engagementRate: 0.55,
      keyEventRate: 0.004,
    }),
    organicSearch({
      share: 0.025,
      source: "bing",
      referrer: "https://www.bing.com/",
      landing: newest(1.0),
      devices: MIX.desktopLeaning,
      engagementRate: 0.55,
      keyEventRate: 0.004,
    }),
    referral({
      share: 0.02,
      source: "msn.com",
      channel: "Organic Search",
      referrers: [["https://www.msn.com/en-us/news", 1]],
      landing: newest(1.3),
      devices: MIX.desktopLeaning,
    }),
    referral({
      share: 0.05,
      source: "m.facebook.com",
      channel: "Organic Social",
      referrers: [["https://m.facebook.com/", 1]],
      landing: newest(1.2),
      devices: MIX.social,
      engagementRate: 0.38,
      keyEventRate: 0.002,
    }),
    referral({
      share: 0.03,
      source: "t.co",
      channel: "Organic Social",
      referrers: [["https://t.co/", 1]],
      landing: newest(1.2),
      devices: MIX.social,
      engagementRate: 0.4,
      keyEventRate: 0.002,
    }),
    referral({
      share: 0.015,
      source: "reddit.com",
      channel: "Organic Social",
      referrers: [
        ["https://www.reddit.com/r/news/", 2],
        ["https://www.reddit.com/r/worldnews/", 1],
      ],
      landing: newest(1.3),
      devices: MIX.social,
    }),
    referral({
      share: 0.01,
      source: "flipboard.com",
      channel: "Organic Social",
      referrers: [["https://flipboard.com/", 1]],
      landing: newest(1.2),
      devices: MIX.social,
    }),
    tagged({
      share: 0.04,
      query: "utm_source=newsletter&utm_medium=email&utm_campaign=morning_briefing",
      channel: "Email",
      landing: newest(1.6),
      referrers: [
        ["", 6],
        ["https://mail.google.com/", 3],
        ["https://outlook.live.com/", 1],
      ],
      returningRate: 0.15,
      engagementRate: 0.72,
      keyEventRate: 0.01,
    }),
    tagged({
      share: 0.02,
      query: "utm_source=newsletter&utm_medium=email&utm_campaign=evening_edition",
      channel: "Email",
      landing: newest(1.6),
      returningRate: 0.15,
      engagementRate: 0.7,
      keyEventRate: 0.01,
    }),
    tagged({
      share: 0.03,
      query: "utm_source=facebook&utm_medium=social&utm_campaign=editorial_posts",
      channel: "Organic Social",
      landing: newest(1.4),
      referrers: [
        ["https://m.facebook.com/", 3],
        ["", 1],
      ],
      devices: MIX.social,
      engagementRate: 0.36,
      keyEventRate: 0.002,
    }),
    tagged({
      share: 0.02,
      query: "utm_source=taboola&utm_medium=cpc&utm_campaign=audience_growth",
      channel: "Paid Other",
      landing: newest(1.3),
      referrers: [["https://www.msn.com/", 1]],
      devices: MIX.mobileFirst,
      engagementRate: 0.3,
      keyEventRate: 0.002,
    }),
    tagged({
      share: 0.01,
      query: "utm_source=linkedin&utm_medium=social&utm_campaign=editorial_posts",
      channel: "Organic Social",
      landing: newest(1.4),
      referrers: [["https://www.linkedin.com/", 1]],
      devices: MIX.balanced,
    }),
  ];
}

const errors: readonly TrafficTemplate[] = [
  injected(
    tagged({
      share: 0.004,
      query: "utm_source=facebook&utm_medium=Social&utm_campaign=editorial_posts",
      channel: "Organic Social",
      landing: "/live",
      devices: MIX.social,
    }),
    "The weekend desk's scheduler writes utm_medium=Social",
    { checkId: "case-inconsistency", values: ["Social"] },
  ),
  injected(
    tagged({
      share: 0.003,
      query: "utm_source=mailchimp&utm_medium=email&utm_campaign=%2A%7CLIST%3ANAME%7C%2A",
      channel: "Email",
      landing: "/newsletters",
    }),
    "A Mailchimp merge tag in a link outside the email body is sent unreplaced",
    { checkId: "unreplaced-macro", values: ["*|LIST:NAME|*"] },
  ),
  injected(
    referral({
      share: 0.002,
      source: "checkout.stripe.com",
      // Google's source list files checkout.stripe.com under shopping sites (§5.4).
      channel: "Organic Shopping",
      referrers: [["https://checkout.stripe.com/", 1]],
      landing: "/subscribe/welcome",
      engagementRate: 0.95,
      keyEventRate: 0.9,
    }),
    "New subscribers returning from Stripe Checkout start a checkout.stripe.com / referral session",
    { checkId: "payment-gateway-referral", values: ["checkout.stripe.com"] },
  ),
];

export const hugePublisher: ProfileDefinition = {
  profile: {
    key: "huge-publisher",
    propertyId: "254889013",
    displayName: "The Meridian Ledger",
    defaultUri: "https://www.meridianledger.com",
    timeZone: "America/New_York",
    currencyCode: "USD",
    serviceLevel: "GOOGLE_ANALYTICS_360",
    createTime: "2019-05-21T12:00:03.000Z",
    seed: 9001,
    dailySessions: 180_000,
    dailyRows: 37_500,
    cardinalityLimit: 50_000,
  },
  baseline,
  errors,
};
