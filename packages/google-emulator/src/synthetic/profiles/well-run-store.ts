/**
 * Northwind Outfitters, an outdoor-clothing shop with tidy tagging: every campaign link carries
 * lower-case source, medium and campaign, Google Ads runs on auto-tagging, and the only slip is
 * PayPal missing from the unwanted referrals.
 */
import {
  direct,
  googleAds,
  injected,
  landing,
  MIX,
  organicSearch,
  referral,
  type TrafficTemplate,
  tagged,
} from "../traffic.ts";
import { type ProfileDefinition, paths } from "./definition.ts";

const HOME = "/";
const COLLECTIONS = paths("/collections/", [
  "rain-jackets",
  "hiking-boots",
  "base-layers",
  "backpacks",
  "fleece",
  "trail-running",
  "camp-kitchen",
  "sale",
  "new-arrivals",
  "womens-jackets",
  "mens-jackets",
  "accessories",
]);
const PRODUCTS = paths("/products/", [
  "stormline-rain-jacket",
  "ridgeback-hiking-boot",
  "summit-merino-base-layer",
  "cascade-35l-daypack",
  "switchback-fleece-hoodie",
  "trailhead-running-shoe",
  "alpine-down-vest",
  "basecamp-insulated-bottle",
  "ember-camp-stove",
  "drift-packable-windbreaker",
  "northwind-beanie",
  "ridgeline-trekking-poles",
  "glacier-insulated-parka",
  "meadow-hiking-shorts",
  "canyon-sun-hoodie",
  "timberline-wool-socks",
  "cirrus-rain-pants",
  "highpoint-softshell-jacket",
  "pathfinder-headlamp",
  "riverbend-sandal",
]);
const JOURNAL = paths("/blogs/journal/", [
  "how-to-layer-for-winter-hiking",
  "best-day-hikes-near-seattle",
  "rain-jacket-buying-guide",
  "breaking-in-hiking-boots",
  "what-to-pack-for-a-weekend-camping-trip",
  "caring-for-down-jackets",
  "merino-vs-synthetic-base-layers",
  "trail-running-for-beginners",
]);
const INFO = paths("/pages/", ["size-guide", "shipping-and-returns", "store-locator", "contact"]);

const GOOGLE = "https://www.google.com/";

/** The shop's clean traffic; also the plan of any property without a plan of its own. */
export function storeBaseline(): readonly TrafficTemplate[] {
  return [
    direct({
      share: 0.24,
      landing: landing(
        [HOME, ...COLLECTIONS.slice(0, 4), ...PRODUCTS.slice(0, 6), "/cart", "/account/login"],
        1.3,
      ),
      keyEventRate: 0.035,
      returningRate: 0.25,
    }),
    organicSearch({
      share: 0.3,
      source: "google",
      referrer: GOOGLE,
      landing: landing([HOME, ...JOURNAL, ...PRODUCTS, ...COLLECTIONS, ...INFO], 0.9),
      keyEventRate: 0.018,
    }),
    organicSearch({
      share: 0.025,
      source: "bing",
      referrer: "https://www.bing.com/",
      landing: landing([HOME, ...PRODUCTS.slice(0, 8), ...JOURNAL.slice(0, 3)]),
      devices: MIX.desktopLeaning,
    }),
    organicSearch({
      share: 0.008,
      source: "duckduckgo",
      referrer: "https://duckduckgo.com/",
      landing: landing([HOME, ...PRODUCTS.slice(0, 5)]),
      devices: MIX.desktopLeaning,
    }),
    googleAds({
      share: 0.07,
      query: "utm_source=google&utm_medium=cpc&utm_campaign=brand_search&gad_source=1",
      campaign: "brand_search",
      campaignId: "20418837215",
      channel: "Paid Search",
      landing: HOME,
      keyEventRate: 0.045,
    }),
    googleAds({
      share: 0.05,
      campaign: "generic_outerwear",
      campaignId: "20418837562",
      channel: "Paid Search",
      landing: landing(COLLECTIONS.slice(0, 6)),
      keyEventRate: 0.025,
    }),
    googleAds({
      share: 0.06,
      campaign: "pmax_all_products",
      campaignId: "21093347781",
      channel: "Cross-network",
      landing: landing(PRODUCTS, 1.1),
      devices: MIX.mobileFirst,
      keyEventRate: 0.03,
    }),
    tagged({
      share: 0.06,
      query:
        "utm_source=facebook&utm_medium=paid_social&utm_campaign=fall_layers&utm_content=carousel_jackets",
      clickId: "fbclid",
      channel: "Paid Social",
      landing: landing([COLLECTIONS[0] ?? HOME, ...PRODUCTS.slice(0, 3)]),
      referrers: [
        ["https://m.facebook.com/", 5],
        ["https://l.facebook.com/", 2],
        ["", 3],
      ],
      devices: MIX.social,
      engagementRate: 0.48,
      keyEventRate: 0.012,
    }),
    tagged({
      share: 0.03,
      query:
        "utm_source=instagram&utm_medium=paid_social&utm_campaign=fall_layers&utm_content=reel_summit_hike",
      clickId: "fbclid",
      channel: "Paid Social",
      landing: landing([PRODUCTS[2] ?? HOME, PRODUCTS[4] ?? HOME]),
      referrers: [
        ["https://l.instagram.com/", 6],
        ["", 4],
      ],
      devices: MIX.social,
      engagementRate: 0.45,
      keyEventRate: 0.01,
    }),
    tagged({
      share: 0.045,
      query: "utm_source=newsletter&utm_medium=email&utm_campaign=weekly_trail_notes",
      channel: "Email",
      landing: landing([HOME, ...JOURNAL.slice(0, 2), COLLECTIONS[8] ?? HOME]),
      referrers: [
        ["", 7],
        ["https://mail.google.com/", 3],
      ],
      returningRate: 0.2,
      keyEventRate: 0.03,
    }),
    tagged({
      share: 0.015,
      query:
        "utm_source=newsletter&utm_medium=email&utm_campaign=winter_collection_launch&utm_content=hero_image",
      channel: "Email",
      landing: COLLECTIONS[8] ?? HOME,
      returningRate: 0.2,
      keyEventRate: 0.04,
    }),
    tagged({
      share: 0.01,
      query: "utm_source=klaviyo&utm_medium=email&utm_campaign=abandoned_cart_flow",
      channel: "Email",
      landing: "/cart",
      keyEventRate: 0.18,
      engagementRate: 0.8,
    }),
    tagged({
      share: 0.015,
      query: "utm_source=instagram&utm_medium=social&utm_campaign=link_in_bio",
      channel: "Organic Social",
      landing: landing([HOME, COLLECTIONS[8] ?? HOME]),
      referrers: [["https://l.instagram.com/", 1]],
      devices: MIX.social,
      engagementRate: 0.5,
    }),
    referral({
      share: 0.012,
      source: "pinterest.com",
      channel: "Organic Social",
      referrers: [["https://www.pinterest.com/", 1]],
      landing: landing([...PRODUCTS.slice(0, 6), ...JOURNAL.slice(0, 2)]),
      devices: MIX.social,
    }),
    referral({
      share: 0.006,
      source: "reddit.com",
      channel: "Organic Social",
      referrers: [
        ["https://www.reddit.com/r/CampingGear/", 3],
        ["https://www.reddit.com/r/Ultralight/", 2],
      ],
      landing: landing(PRODUCTS.slice(0, 4)),
    }),
    referral({
      share: 0.008,
      source: "l.facebook.com",
      channel: "Organic Social",
      referrers: [["https://l.facebook.com/", 1]],
      landing: landing([HOME, ...JOURNAL.slice(0, 3)]),
      devices: MIX.social,
    }),
    referral({
      share: 0.006,
      source: "youtube.com",
      channel: "Organic Video",
      referrers: [["https://www.youtube.com/", 1]],
      landing: landing([PRODUCTS[1] ?? HOME, PRODUCTS[3] ?? HOME]),
    }),
    referral({
      share: 0.012,
      source: "outdoorgearlab.com",
      channel: "Referral",
      referrers: [
        ["https://www.outdoorgearlab.com/topics/clothing-womens/best-rain-jacket-womens", 3],
        ["https://www.outdoorgearlab.com/topics/shoes-and-boots/best-hiking-boots", 2],
      ],
      landing: landing([PRODUCTS[0] ?? HOME, PRODUCTS[1] ?? HOME]),
      devices: MIX.desktopLeaning,
      keyEventRate: 0.03,
    }),
    referral({
      share: 0.005,
      source: "adventure-journal.com",
      channel: "Referral",
      referrers: [["https://www.adventure-journal.com/gear/gear-we-love-this-fall/", 1]],
      landing: PRODUCTS[6] ?? HOME,
    }),
    tagged({
      share: 0.015,
      query: "utm_source=avantlink&utm_medium=affiliate&utm_campaign=outdoor_publishers",
      channel: "Affiliates",
      landing: landing(PRODUCTS.slice(0, 8)),
      referrers: [
        ["https://www.switchbacktravel.com/", 3],
        ["https://www.cleverhiker.com/", 2],
      ],
      keyEventRate: 0.035,
    }),
    tagged({
      share: 0.008,
      query: "utm_source=attentive&utm_medium=sms&utm_campaign=flash_sale_alert",
      channel: "SMS",
      landing: COLLECTIONS[7] ?? HOME,
      devices: MIX.social,
      keyEventRate: 0.03,
    }),
    tagged({
      share: 0.012,
      query: "utm_source=bing&utm_medium=cpc&utm_campaign=brand_search",
      clickId: "msclkid",
      channel: "Paid Search",
      landing: HOME,
      referrers: [["https://www.bing.com/", 1]],
      devices: MIX.desktopLeaning,
      keyEventRate: 0.04,
    }),
  ];
}

export const wellRunStore: ProfileDefinition = {
  profile: {
    key: "well-run-store",
    propertyId: "312456789",
    displayName: "Northwind Outfitters - GA4",
    defaultUri: "https://www.northwind-outfitters.com",
    timeZone: "America/Los_Angeles",
    currencyCode: "USD",
    serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
    createTime: "2021-04-12T16:31:08.114Z",
    seed: 1201,
    dailySessions: 1200,
    dailyRows: 540,
  },
  baseline: storeBaseline,
  errors: [
    injected(
      referral({
        share: 0.006,
        source: "paypal.com",
        channel: "Referral",
        referrers: [["https://www.paypal.com/", 1]],
        landing: "/checkout/order-received",
        engagementRate: 0.95,
        keyEventRate: 0.9,
        returningRate: 0.02,
      }),
      "Buyers returning from PayPal start a paypal.com / referral session (PayPal is not listed as an unwanted referral)",
      { checkId: "payment-gateway-referral", values: ["paypal.com"] },
    ),
  ],
};
