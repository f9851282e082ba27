/**
 * Northwind Outfitters' UK shop, a separate property with a catalogue of several hundred products
 * and about 4,000 sessions a day: enough that a 90-day scan must be read in chunks. Its tagging
 * is mostly sound, with a handful of the usual slips.
 */
import type { Random } from "../random.ts";
import {
  dataDeleted,
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
const DEPARTMENTS = paths("/mens/", ["jackets", "fleeces", "trousers", "base-layers"]).concat(
  paths("/womens/", ["jackets", "fleeces", "trousers", "base-layers"]),
  paths("/footwear/", ["walking-boots", "trail-shoes", "wellies"]),
  paths("/equipment/", ["rucksacks", "tents", "sleeping-bags", "walking-poles"]),
  ["/sale", "/new-in", "/gift-cards"],
);
const GUIDES = paths("/advice/", [
  "how-to-choose-walking-boots",
  "waterproof-ratings-explained",
  "layering-for-the-hills",
  "wild-camping-in-scotland",
  "caring-for-down",
  "rucksack-fitting-guide",
  "winter-walking-kit-list",
  "reproofing-a-waterproof-jacket",
]);
const INFO = ["/help/delivery", "/help/returns", "/stores", "/contact-us"];

const STYLES = ["ridge", "summit", "cascade", "tarn", "fell", "corrie", "bothy", "scree"];
const FABRICS = ["merino", "down", "fleece", "softshell", "waterproof", "insulated", "ripstop"];
const ITEMS = [
  "jacket",
  "gilet",
  "hoodie",
  "trousers",
  "base-layer",
  "beanie",
  "gloves",
  "socks",
  "walking-boot",
  "rucksack",
  "parka",
  "shorts",
];

/** "/p/ridge-merino-base-layer": several hundred product pages, ranked by the seed. */
function products(random: Random): string[] {
  const all: string[] = [];
  for (const style of STYLES) {
    for (const fabric of FABRICS) {
      for (const item of ITEMS) all.push(`/p/${style}-${fabric}-${item}`);
    }
  }
  return random.shuffle(all);
}

const GOOGLE = "https://www.google.com/";
const WINTER_SALE_LINK =
  "https://www.northwind-outfitters.co.uk/go/winter-sale?utm_source=newsletter&utm_medium=email&utm_campaign=winter_sale";

function baseline(random: Random): readonly TrafficTemplate[] {
  const PRODUCTS = products(random);
  return [
    direct({
      share: 0.206,
      landing: landing(
        [HOME, ...DEPARTMENTS.slice(0, 6), ...PRODUCTS.slice(0, 20), "/basket"],
        1.2,
      ),
      keyEventRate: 0.03,
      returningRate: 0.25,
    }),
    // Visitors whose data a deletion request removed: context in the report, not a problem.
    dataDeleted({
      share: 0.004,
      landing: landing([HOME, ...DEPARTMENTS.slice(0, 4)]),
      returningRate: 0.3,
    }),
    organicSearch({
      share: 0.33,
      source: "google",
      referrer: GOOGLE,
      landing: landing([HOME, ...DEPARTMENTS, ...GUIDES, ...PRODUCTS, ...INFO], 0.85),
      keyEventRate: 0.017,
    }),
    organicSearch({
      share: 0.035,
      source: "bing",
      referrer: "https://www.bing.com/",
      landing: landing([HOME, ...DEPARTMENTS, ...PRODUCTS.slice(0, 120)], 0.9),
      devices: MIX.desktopLeaning,
    }),
    organicSearch({
      share: 0.006,
      source: "ecosia.org",
      referrer: "https://www.ecosia.org/",
      landing: landing([HOME, ...PRODUCTS.slice(0, 30)]),
    }),
    googleAds({
      share: 0.06,
      query: "utm_source=google&utm_medium=cpc&utm_campaign=brand_search_uk&gad_source=1",
      campaign: "brand_search_uk",
      campaignId: "17730295514",
      channel: "Paid Search",
      landing: HOME,
      keyEventRate: 0.04,
    }),
    googleAds({
      share: 0.08,
      campaign: "pmax_outdoor_clothing",
      campaignId: "18842096377",
      channel: "Cross-network",
      landing: landing(PRODUCTS.slice(0, 150), 1.0),
      devices: MIX.mobileFirst,
      keyEventRate: 0.024,
    }),
    tagged({
      share: 0.05,
      query:
        "utm_source=facebook&utm_medium=paid_social&utm_campaign=winter_hillwalking&utm_content=carousel_parkas",
      clickId: "fbclid",
      channel: "Paid Social",
      landing: landing([DEPARTMENTS[0] ?? HOME, ...PRODUCTS.slice(0, 5)]),
      referrers: [
        ["https://m.facebook.com/", 5],
        ["https://l.facebook.com/", 2],
        ["", 3],
      ],
      devices: MIX.social,
      engagementRate: 0.46,
      keyEventRate: 0.01,
    }),
    tagged({
      share: 0.012,
      query: "utm_source=bing&utm_medium=cpc&utm_campaign=brand_search_uk",
      clickId: "msclkid",
      channel: "Paid Search",
      landing: HOME,
      referrers: [["https://www.bing.com/", 1]],
      devices: MIX.desktopLeaning,
      keyEventRate: 0.035,
    }),
    tagged({
      share: 0.045,
      query: "utm_source=newsletter&utm_medium=email&utm_campaign=the_weekly_edit",
      channel: "Email",
      landing: landing([HOME, "/new-in", "/sale", ...GUIDES.slice(0, 3)]),
      referrers: [
        ["", 6],
        ["https://outlook.live.com/", 2],
        ["https://mail.google.com/", 2],
      ],
      returningRate: 0.2,
      keyEventRate: 0.03,
    }),
    tagged({
      share: 0.012,
      query: "utm_source=dotdigital&utm_medium=email&utm_campaign=basket_reminder",
      channel: "Email",
      landing: "/basket",
      engagementRate: 0.82,
      keyEventRate: 0.16,
    }),
    tagged({
      share: 0.025,
      query: "utm_source=awin&utm_medium=affiliate&utm_campaign=awin_publishers",
      channel: "Affiliates",
      landing: landing(PRODUCTS.slice(0, 40), 1.1),
      referrers: [
        ["https://www.vouchercodes.co.uk/", 3],
        ["https://www.topcashback.co.uk/", 2],
      ],
      keyEventRate: 0.05,
    }),
    tagged({
      share: 0.012,
      query: "utm_source=instagram&utm_medium=social&utm_campaign=link_in_bio",
      channel: "Organic Social",
      landing: landing([HOME, "/new-in"]),
      referrers: [["https://l.instagram.com/", 1]],
      devices: MIX.social,
    }),
    referral({
      share: 0.02,
      source: "pinterest.co.uk",
      channel: "Organic Social",
      referrers: [["https://www.pinterest.co.uk/", 1]],
      landing: landing([...PRODUCTS.slice(0, 40), ...GUIDES]),
      devices: MIX.social,
    }),
    referral({
      share: 0.01,
      source: "ukhillwalking.com",
      channel: "Referral",
      referrers: [
        ["https://www.ukhillwalking.com/gear/best-waterproof-jackets", 2],
        ["https://www.ukhillwalking.com/forums/gear/", 1],
      ],
      landing: landing(PRODUCTS.slice(0, 12)),
      devices: MIX.desktopLeaning,
    }),
    referral({
      share: 0.006,
      source: "outdoorsmagic.com",
      channel: "Referral",
      referrers: [["https://www.outdoorsmagic.com/reviews/", 1]],
      landing: landing(PRODUCTS.slice(10, 20)),
    }),
  ];
}

const errors: readonly TrafficTemplate[] = [
  injected(
    tagged({
      share: 0.006,
      query: "utm_source=store_flyer&utm_medium=qr&utm_campaign=autumn_catalogue",
      channel: "Unassigned",
      landing: "/new-in",
      devices: MIX.social,
    }),
    "QR codes on the printed catalogue use utm_medium=qr, which no channel rule knows",
    { checkId: "non-standard-medium", values: ["qr"] },
    { checkId: "unassigned-traffic", values: ["store_flyer / qr"] },
  ),
  injected(
    tagged({
      share: 0.007,
      query: "utm_source=Newsletter&utm_medium=email&utm_campaign=the_weekly_edit",
      channel: "Email",
      landing: "/new-in",
    }),
    "The mobile version of the weekly email writes utm_source=Newsletter",
    { checkId: "case-inconsistency", values: ["Newsletter"] },
  ),
  injected(
    tagged({
      share: 0.008,
      query: "utm_source=bing&utm_medium=cpc",
      clickId: "msclkid",
      channel: "Paid Search",
      landing: DEPARTMENTS[0] ?? HOME,
      referrers: [["https://www.bing.com/", 1]],
      devices: MIX.desktopLeaning,
    }),
    "Microsoft Shopping ads with a final URL suffix that leaves out utm_campaign",
    { checkId: "missing-utm-campaign", values: ["bing", "cpc"] },
  ),
  injected(
    referral({
      share: 0.008,
      source: "l.facebook.com",
      channel: "Organic Social",
      referrers: [["https://l.facebook.com/", 1]],
      landing: landing(["/sale", DEPARTMENTS[0] ?? HOME]),
      clickId: "fbclid",
      devices: MIX.social,
    }),
    "Shared and boosted Facebook posts arrive with fbclid and no UTMs",
    { checkId: "click-id-without-utm", values: ["l.facebook.com / referral"] },
  ),
  injected(
    referral({
      share: 0.006,
      source: "account.northwind-outfitters.co.uk",
      channel: "Referral",
      referrers: [["https://account.northwind-outfitters.co.uk/orders", 1]],
      landing: HOME,
      returningRate: 0.4,
    }),
    "The customer-account sub-domain is outside cross-domain measurement and refers visits back",
    { checkId: "self-referral", values: ["account.northwind-outfitters.co.uk"] },
  ),
  injected(
    googleAds({
      share: 0.02,
      // A click GA4 cannot resolve: it knows google / cpc from the gclid, not the campaign.
      campaign: "(not set)",
      campaignId: "(not set)",
      channel: "Paid Search",
      landing: landing(DEPARTMENTS.slice(8, 16)),
      keyEventRate: 0.03,
    }),
    "A second Google Ads account, for Shopping, was never linked to the property: its auto-tagged clicks have no campaign",
    { checkId: "paid-traffic-without-campaign", values: ["google / cpc"] },
  ),
  injected(
    tagged({
      share: 0.004,
      query: "utm_source=newsletter&utm_medium=email&utm_campaign=the-weekly-edit",
      channel: "Email",
      landing: "/new-in",
    }),
    "The weekly email's footer links were typed by hand with hyphens: the-weekly-edit beside the_weekly_edit",
    { checkId: "separator-variants", values: ["the-weekly-edit", "the_weekly_edit"] },
  ),
  injected(
    direct({
      share: 0.006,
      landing: "/sale",
      // The email links to /go/winter-sale, which redirects to /sale without the query string:
      // the session_start's page_referrer is the tagged link.
      referrers: [[WINTER_SALE_LINK, 1]],
      returningRate: 0.2,
    }),
    "The winter-sale email links to /go/winter-sale, whose JavaScript redirect to /sale drops the UTMs",
    { checkId: "tracking-lost-in-redirect", values: [WINTER_SALE_LINK] },
  ),
];

export const largeStore: ProfileDefinition = {
  profile: {
    key: "large-store",
    propertyId: "276543210",
    displayName: "Northwind Outfitters UK",
    defaultUri: "https://www.northwind-outfitters.co.uk",
    timeZone: "Europe/London",
    currencyCode: "GBP",
    serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
    createTime: "2020-11-03T10:45:19.208Z",
    seed: 4404,
    dailySessions: 4000,
    dailyRows: 2000,
    // Between its busiest day (about 5,400 sessions) and its quietest two days (about 6,100):
    // every report over two days or more of its data is sampled, no one-day report is.
    samplingThresholdSessions: 5800,
  },
  baseline,
  errors,
};
