/**
 * Larkspur Home, a home-decor shop whose marketing runs through an agency and several
 * freelancers, each with their own link habits: a property with errors of every family, from
 * missing parameters to links that break attribution on the site itself.
 */
import {
  type ChannelGroup,
  direct,
  googleAds,
  injected,
  landing,
  MIX,
  organicSearch,
  referral,
  type TemplateOptions,
  type TrafficTemplate,
  tagged,
} from "../traffic.ts";
import { type ProfileDefinition, paths } from "./definition.ts";

const SITE = "https://www.larkspurhome.com";
const HOME = "/";
const COLLECTIONS = paths("/collections/", [
  "bedding",
  "lighting",
  "rugs",
  "wall-art",
  "outdoor-living",
  "dining",
  "throw-pillows",
  "candles",
  "sale",
  "new-in",
  "storage",
  "planters",
]);
const PRODUCTS = paths("/products/", [
  "linen-duvet-cover-oat",
  "rattan-pendant-light",
  "jute-braided-rug",
  "stoneware-dinner-set",
  "boucle-accent-chair",
  "terracotta-planter-large",
  "waffle-knit-throw",
  "brass-table-lamp",
  "woven-storage-basket",
  "teak-outdoor-lounger",
  "ceramic-table-vase",
  "washed-linen-napkins",
  "solar-string-lights",
  "oak-wall-shelf",
  "velvet-cushion-sage",
  "beeswax-pillar-candle",
  "acacia-serving-board",
  "striped-outdoor-rug",
  "glass-cloche-set",
  "arched-floor-mirror",
  "cotton-bath-towels",
  "bamboo-bed-tray",
  "marble-coaster-set",
  "wicker-lantern",
]);
const IDEAS = paths("/blogs/ideas/", [
  "small-patio-makeover",
  "how-to-layer-rugs",
  "spring-table-setting",
  "choosing-the-right-pendant-height",
  "cozy-reading-nook",
  "styling-open-shelves",
]);
const INFO = paths("/pages/", ["delivery", "returns", "contact", "trade-program"]);

const GOOGLE = "https://www.google.com/";
const FACEBOOK_REFERRERS = [
  ["https://m.facebook.com/", 5],
  ["https://l.facebook.com/", 2],
  ["", 3],
] as const;
const NEWSLETTER_REFERRERS = [
  ["", 7],
  ["https://mail.google.com/", 3],
] as const;

function baseline(): readonly TrafficTemplate[] {
  return [
    direct({
      share: 0.22,
      landing: landing([HOME, ...COLLECTIONS.slice(0, 5), ...PRODUCTS.slice(0, 6), "/cart"], 1.3),
      keyEventRate: 0.03,
      returningRate: 0.25,
    }),
    organicSearch({
      share: 0.27,
      source: "google",
      referrer: GOOGLE,
      landing: landing([HOME, ...IDEAS, ...PRODUCTS, ...COLLECTIONS, ...INFO], 0.9),
      keyEventRate: 0.016,
    }),
    organicSearch({
      share: 0.03,
      source: "bing",
      referrer: "https://www.bing.com/",
      landing: landing([HOME, ...PRODUCTS.slice(0, 8), ...IDEAS.slice(0, 2)]),
      devices: MIX.desktopLeaning,
    }),
    organicSearch({
      share: 0.006,
      source: "yahoo",
      referrer: "https://search.yahoo.com/",
      landing: landing([HOME, ...PRODUCTS.slice(0, 4)]),
      devices: MIX.desktopLeaning,
    }),
    googleAds({
      share: 0.06,
      query: "utm_source=google&utm_medium=cpc&utm_campaign=brand_search&gad_source=1",
      campaign: "brand_search",
      campaignId: "19874402331",
      channel: "Paid Search",
      landing: HOME,
      keyEventRate: 0.04,
    }),
    googleAds({
      share: 0.07,
      campaign: "pmax_home_decor",
      campaignId: "20977310458",
      channel: "Cross-network",
      landing: landing(PRODUCTS, 1.1),
      devices: MIX.mobileFirst,
      keyEventRate: 0.025,
    }),
    tagged({
      share: 0.08,
      query:
        "utm_source=facebook&utm_medium=paid_social&utm_campaign=summer_outdoor_living&utm_id=fb_2231&utm_content=carousel_patio",
      clickId: "fbclid",
      channel: "Paid Social",
      landing: landing([COLLECTIONS[4] ?? HOME, PRODUCTS[9] ?? HOME, PRODUCTS[12] ?? HOME]),
      referrers: FACEBOOK_REFERRERS,
      devices: MIX.social,
      engagementRate: 0.47,
      keyEventRate: 0.011,
    }),
    tagged({
      share: 0.03,
      query:
        "utm_source=facebook&utm_medium=paid_social&utm_campaign=patio_lighting&utm_content=video_lanterns",
      clickId: "fbclid",
      channel: "Paid Social",
      landing: landing([COLLECTIONS[1] ?? HOME, PRODUCTS[23] ?? HOME]),
      referrers: FACEBOOK_REFERRERS,
      devices: MIX.social,
      engagementRate: 0.45,
      keyEventRate: 0.01,
    }),
    tagged({
      share: 0.015,
      query: "utm_source=instagram&utm_medium=social&utm_campaign=link_in_bio",
      channel: "Organic Social",
      landing: landing([HOME, COLLECTIONS[9] ?? HOME]),
      referrers: [["https://l.instagram.com/", 1]],
      devices: MIX.social,
    }),
    tagged({
      share: 0.06,
      query: "utm_source=newsletter&utm_medium=email&utm_campaign=weekly_picks",
      channel: "Email",
      landing: landing([HOME, COLLECTIONS[9] ?? HOME, ...IDEAS.slice(0, 2)]),
      referrers: NEWSLETTER_REFERRERS,
      returningRate: 0.2,
      keyEventRate: 0.03,
    }),
    tagged({
      share: 0.02,
      query: "utm_source=newsletter&utm_medium=email&utm_campaign=spring_refresh",
      channel: "Email",
      landing: landing([COLLECTIONS[8] ?? HOME, COLLECTIONS[6] ?? HOME]),
      referrers: NEWSLETTER_REFERRERS,
      returningRate: 0.2,
      keyEventRate: 0.035,
    }),
    tagged({
      share: 0.012,
      query: "utm_source=klaviyo&utm_medium=email&utm_campaign=abandoned_cart",
      channel: "Email",
      landing: "/cart",
      engagementRate: 0.8,
      keyEventRate: 0.17,
    }),
    tagged({
      share: 0.012,
      query: "utm_source=pinterest&utm_medium=social&utm_campaign=spring_pins",
      channel: "Organic Social",
      landing: landing(PRODUCTS.slice(0, 6)),
      referrers: [["https://www.pinterest.com/", 1]],
      devices: MIX.social,
    }),
    referral({
      share: 0.02,
      source: "pinterest.com",
      channel: "Organic Social",
      referrers: [["https://www.pinterest.com/", 1]],
      landing: landing([...PRODUCTS.slice(0, 10), ...IDEAS.slice(0, 3)]),
      devices: MIX.social,
    }),
    referral({
      share: 0.01,
      source: "houzz.com",
      channel: "Organic Social",
      referrers: [["https://www.houzz.com/magazine/", 1]],
      landing: landing(PRODUCTS.slice(3, 8)),
    }),
    referral({
      share: 0.01,
      source: "l.facebook.com",
      channel: "Organic Social",
      referrers: [["https://l.facebook.com/", 1]],
      landing: landing([HOME, ...IDEAS.slice(0, 2)]),
      devices: MIX.social,
    }),
    referral({
      share: 0.008,
      source: "apartmenttherapy.com",
      channel: "Referral",
      referrers: [["https://www.apartmenttherapy.com/best-outdoor-rugs-267891", 1]],
      landing: PRODUCTS[17] ?? HOME,
    }),
    tagged({
      share: 0.02,
      query: "utm_source=shareasale&utm_medium=affiliate&utm_campaign=home_bloggers",
      channel: "Affiliates",
      landing: landing(PRODUCTS.slice(0, 10)),
      referrers: [
        ["https://www.thehomeedit-blog.com/", 2],
        ["https://www.cozynestdiaries.com/", 1],
      ],
      keyEventRate: 0.03,
    }),
  ];
}

/** A tagged link on one landing page, the shape of most injected errors. */
function link(
  share: number,
  query: string,
  channel: ChannelGroup,
  path: string,
  extra: Partial<TemplateOptions> = {},
): TrafficTemplate {
  return tagged({ share, query, channel, landing: path, ...extra });
}

const errors: readonly TrafficTemplate[] = [
  // Missing or incomplete tagging
  injected(
    link(0.006, "utm_medium=email&utm_campaign=spring_refresh", "Email", COLLECTIONS[8] ?? HOME),
    "A resend of the spring_refresh email went out without utm_source",
    { checkId: "missing-utm-source", values: ["email", "spring_refresh"] },
  ),
  injected(
    link(
      0.006,
      "utm_source=instagram&utm_campaign=influencer_collab",
      "Organic Social",
      COLLECTIONS[3] ?? HOME,
      { devices: MIX.social },
    ),
    "An influencer's links carry utm_source=instagram but no utm_medium",
    { checkId: "missing-utm-medium", values: ["instagram", "influencer_collab"] },
  ),
  injected(
    link(0.005, "utm_source=pinterest&utm_medium=paid_social", "Paid Social", PRODUCTS[0] ?? HOME, {
      devices: MIX.social,
    }),
    "Pinterest promoted pins tagged without utm_campaign",
    { checkId: "missing-utm-campaign", values: ["pinterest", "paid_social"] },
  ),
  injected(
    link(
      0.004,
      "utm_source=newsletter&utm_medium=email&utm_campaign=weekly_picks&utm_content=",
      "Email",
      COLLECTIONS[9] ?? HOME,
    ),
    "The newsletter template's utm_content merge field came out empty",
    {
      checkId: "empty-utm-value",
      values: [
        "/collections/new-in?utm_source=newsletter&utm_medium=email&utm_campaign=weekly_picks&utm_content=",
      ],
    },
  ),
  injected(
    organicSearch({
      share: 0.006,
      source: "bing",
      referrer: "https://www.bing.com/",
      landing: HOME,
      clickId: "msclkid",
      devices: MIX.desktopLeaning,
    }),
    "Microsoft Ads clicks carry msclkid but no UTMs, so GA4 files them as bing / organic",
    { checkId: "click-id-without-utm", values: ["bing / organic"] },
  ),
  injected(
    referral({
      share: 0.006,
      source: "mail.google.com",
      channel: "Referral",
      referrers: [["https://mail.google.com/", 1]],
      landing: COLLECTIONS[8] ?? HOME,
    }),
    "Order-update emails link to the shop without UTMs and arrive from Gmail as a referral",
    { checkId: "untagged-email-traffic", values: ["mail.google.com"] },
  ),
  // Channel mapping
  injected(
    link(0.005, "utm_source=newsletter&utm_medium=Email&utm_campaign=weekly_picks", "Email", HOME),
    "One newsletter editor writes utm_medium=Email with a capital E",
    { checkId: "case-inconsistency", values: ["Email"] },
  ),
  injected(
    link(0.005, "utm_source=newsletter&utm_medium=e-mail&utm_campaign=weekly_picks", "Email", HOME),
    "Links from the second email tool use utm_medium=e-mail",
    { checkId: "medium-synonyms", values: ["e-mail"] },
  ),
  injected(
    link(
      0.006,
      "utm_source=facebook&utm_medium=social-paid&utm_campaign=patio_refresh_promo",
      "Organic Social",
      COLLECTIONS[4] ?? HOME,
      { devices: MIX.social, clickId: "fbclid" },
    ),
    "A freelancer's Meta ads use utm_medium=social-paid, which GA4 does not read as paid",
    { checkId: "paid-medium-not-recognized", values: ["social-paid"] },
    { checkId: "medium-synonyms", values: ["social-paid"] },
  ),
  injected(
    link(
      0.005,
      "utm_source=summer_promo&utm_medium=instagram&utm_campaign=story_swipe_up",
      "Unassigned",
      COLLECTIONS[4] ?? HOME,
      { devices: MIX.social },
    ),
    "Instagram stories tagged with the platform as medium and the promotion as source",
    { checkId: "platform-as-medium", values: ["instagram"] },
    { checkId: "unassigned-traffic", values: ["summer_promo / instagram"] },
  ),
  injected(
    link(0.004, "utm_source=cpc&utm_medium=bing&utm_campaign=brand_search", "Unassigned", HOME, {
      devices: MIX.desktopLeaning,
    }),
    "A Microsoft Ads final URL suffix with source and medium swapped (cpc / bing)",
    { checkId: "source-medium-swapped", values: ["cpc", "bing"] },
    { checkId: "unassigned-traffic", values: ["cpc / bing"] },
  ),
  injected(
    link(0.004, "utm_source=facebook&utm_medium=organic", "Organic Social", HOME, {
      devices: MIX.social,
    }),
    "Facebook page posts tagged utm_medium=organic",
    { checkId: "organic-medium-misuse", values: ["facebook", "organic"] },
  ),
  injected(
    link(0.004, "utm_source=chatgpt.com", "Unassigned", PRODUCTS[4] ?? HOME),
    "ChatGPT links add utm_source=chatgpt.com and nothing else; GA4 files them under Unassigned",
    { checkId: "unassigned-traffic", values: ["chatgpt.com / (not set)"] },
  ),
  injected(
    link(
      0.005,
      "utm_source=mailchimp&utm_medium=newsletter&utm_campaign=trade_program",
      "Unassigned",
      INFO[3] ?? HOME,
    ),
    "The trade newsletter uses utm_medium=newsletter, which no channel rule knows",
    { checkId: "non-standard-medium", values: ["newsletter"] },
    { checkId: "unassigned-traffic", values: ["mailchimp / newsletter"] },
  ),
  injected(
    link(
      0.004,
      "utm_source=homedesignblog&utm_medium=referral&utm_campaign=holiday_gift_guide",
      "Referral",
      COLLECTIONS[7] ?? HOME,
    ),
    "A sponsored gift-guide placement tagged utm_medium=referral",
    { checkId: "campaign-with-natural-medium", values: ["referral", "holiday_gift_guide"] },
  ),
  injected(
    link(
      0.006,
      "utm_source=fb&utm_medium=paid_social&utm_campaign=summer_outdoor_living",
      "Paid Social",
      COLLECTIONS[4] ?? HOME,
      { devices: MIX.social, clickId: "fbclid" },
    ),
    "Ads built with Meta's {{site_source_name}} report utm_source=fb next to facebook",
    { checkId: "source-alias", values: ["fb", "facebook"] },
  ),
  injected(
    link(
      0.005,
      "utm_source=facebook&utm_medium=social&utm_campaign=summer_outdoor_living",
      "Organic Social",
      COLLECTIONS[4] ?? HOME,
      { devices: MIX.social },
    ),
    "An organic post reuses the paid campaign summer_outdoor_living with utm_medium=social",
    { checkId: "conflicting-source-medium", values: ["paid_social", "social"] },
  ),
  injected(
    googleAds({
      share: 0.005,
      query: "utm_source=newsletter&utm_medium=email&gad_source=1",
      campaign: "brand_search",
      campaignId: "19874402331",
      channel: "Paid Search",
      landing: HOME,
    }),
    "A Google Ads sitelink reuses a newsletter URL: auto-tagging reports google / cpc",
    { checkId: "gclid-utm-conflict", values: ["newsletter", "email"] },
  ),
  injected(
    link(
      0.005,
      "utm_source=facebook&utm_medium=paid_social&utm_campaign=patio_lighting&utm_id=fb_2231",
      "Paid Social",
      PRODUCTS[23] ?? HOME,
      { devices: MIX.social, clickId: "fbclid" },
    ),
    "A copied ad set kept the utm_id of summer_outdoor_living on the patio_lighting campaign",
    {
      checkId: "utm-id-inconsistent",
      values: ["fb_2231", "summer_outdoor_living", "patio_lighting"],
    },
  ),
  injected(
    link(
      0.004,
      "utm_source=newsletter&utm_medium=email&utm_campaign=weekly_picks&utm_term=vip_customers",
      "Email",
      HOME,
    ),
    "The VIP segment of the newsletter is written into utm_term",
    { checkId: "term-on-non-search", values: ["vip_customers"] },
  ),
  // Value hygiene
  injected(
    link(
      0.006,
      "utm_source=Facebook&utm_medium=paid_social&utm_campaign=summer_outdoor_living",
      "Paid Social",
      COLLECTIONS[4] ?? HOME,
      { devices: MIX.social, clickId: "fbclid" },
    ),
    "One ad set writes utm_source=Facebook with a capital F",
    { checkId: "case-inconsistency", values: ["Facebook"] },
  ),
  injected(
    link(
      0.004,
      "utm_source=newsletter&utm_medium=email&utm_campaign=weekly_picks%20",
      "Email",
      COLLECTIONS[9] ?? HOME,
    ),
    "A campaign name pasted with a trailing space (weekly_picks%20)",
    { checkId: "whitespace-in-value", values: ["weekly_picks "] },
  ),
  injected(
    link(
      0.006,
      "utm_source=newsletter&utm_medium=email&utm_campaign=spring-patio-event",
      "Email",
      COLLECTIONS[4] ?? HOME,
    ),
    "The events team names campaigns with hyphens, everyone else with underscores",
    { checkId: "mixed-separators", values: ["spring-patio-event", "friends-and-family"] },
  ),
  tagged({
    share: 0.006,
    query: "utm_source=newsletter&utm_medium=email&utm_campaign=friends-and-family",
    channel: "Email",
    landing: COLLECTIONS[8] ?? HOME,
    everyDay: true,
  }),
  injected(
    link(
      0.004,
      "utm_source=newsletter&utm_medium=email&utm_campaign=spring%2520refresh",
      "Email",
      COLLECTIONS[8] ?? HOME,
    ),
    "A link encoded twice: GA4 records the campaign as spring%20refresh",
    { checkId: "encoding-artifacts", values: ["spring%20refresh"] },
  ),
  injected(
    link(
      0.005,
      "utm_source=facebook&utm_medium=paid_social&utm_campaign=%7B%7Bcampaign.name%7D%7D",
      "Paid Social",
      HOME,
      { devices: MIX.social, clickId: "fbclid" },
    ),
    "Meta ads with {{campaign.name}} in the destination URL, where Meta does not fill it in",
    { checkId: "unreplaced-macro", values: ["{{campaign.name}}"] },
  ),
  injected(
    link(
      0.004,
      "utm_source=facebook&utm_medium=paid_social&utm_campaign=test",
      "Paid Social",
      HOME,
      { devices: MIX.social, clickId: "fbclid" },
    ),
    "A test ad went live with utm_campaign=test",
    { checkId: "placeholder-value", values: ["test"] },
  ),
  injected(
    link(
      0.006,
      "utm_source=facebook&utm_medium=paid_social&utm_campaign=summer_outdoor_livng",
      "Paid Social",
      COLLECTIONS[4] ?? HOME,
      { devices: MIX.social, clickId: "fbclid" },
    ),
    "One ad's campaign name is misspelled summer_outdoor_livng",
    { checkId: "campaign-typo", values: ["summer_outdoor_livng"] },
  ),
  injected(
    link(
      0.005,
      "utm_source=facebok&utm_medium=paid_social&utm_campaign=summer_outdoor_living",
      "Paid Other",
      COLLECTIONS[4] ?? HOME,
      { devices: MIX.social, clickId: "fbclid" },
    ),
    "An ad's source is misspelled facebok, which GA4's social list does not know",
    { checkId: "source-typo", values: ["facebok"] },
  ),
  injected(
    link(
      0.003,
      "utm_source=newsletter&utm_medium=email&utm_campaign=weekly_picks&utm_content=maria.keller%40gmail.com",
      "Email",
      HOME,
    ),
    "The email tool writes the subscriber's address into utm_content",
    { checkId: "pii-in-utm", values: ["m***@g***.com"] },
  ),
  // URL structure and attribution
  injected(
    tagged({
      share: 0.006,
      query: "utm_source=homepage&utm_medium=banner&utm_campaign=free_shipping",
      channel: "Display",
      landing: "/checkout",
      referrers: [
        [`${SITE}/`, 3],
        [`${SITE}/collections/outdoor-living`, 1],
      ],
    }),
    "The homepage banner links to the checkout with utm_source=homepage&utm_medium=banner",
    { checkId: "internal-utm-link", values: ["homepage"] },
  ),
  injected(
    referral({
      share: 0.006,
      source: "help.larkspurhome.com",
      channel: "Referral",
      referrers: [["https://help.larkspurhome.com/hc/en-us/articles/delivery-times", 1]],
      landing: COLLECTIONS[8] ?? HOME,
    }),
    "The help centre on help.larkspurhome.com is not measured with the shop, so it refers visits back",
    { checkId: "self-referral", values: ["help.larkspurhome.com"] },
  ),
  injected(
    referral({
      share: 0.005,
      source: "checkout.stripe.com",
      // Google's source list files checkout.stripe.com under shopping sites (§5.4).
      channel: "Organic Shopping",
      referrers: [["https://checkout.stripe.com/", 1]],
      landing: "/checkout/thank-you",
      engagementRate: 0.95,
      keyEventRate: 0.9,
    }),
    "Buyers returning from Stripe Checkout start a checkout.stripe.com / referral session",
    { checkId: "payment-gateway-referral", values: ["checkout.stripe.com"] },
  ),
  injected(
    referral({
      share: 0.004,
      source: "paypal.com",
      channel: "Referral",
      referrers: [["https://www.paypal.com/", 1]],
      landing: "/checkout/thank-you",
      engagementRate: 0.95,
      keyEventRate: 0.9,
    }),
    "Buyers returning from PayPal start a paypal.com / referral session",
    { checkId: "payment-gateway-referral", values: ["paypal.com"] },
  ),
  injected(
    link(
      0.005,
      "utm_soruce=pinterest&utm_medium=social&utm_campaign=spring_pins",
      "Organic Social",
      PRODUCTS[2] ?? HOME,
      { devices: MIX.social, referrers: [["https://www.pinterest.com/", 1]] },
    ),
    "Pins linked with utm_soruce, a misspelling GA4 ignores, so the source is lost",
    { checkId: "misspelled-utm-parameter", values: ["utm_soruce"] },
    { checkId: "missing-utm-source", values: ["social", "spring_pins"] },
  ),
  injected(
    link(
      0.005,
      "utm_source=facebook?utm_medium=paid_social&utm_campaign=summer_outdoor_living",
      "Unassigned",
      COLLECTIONS[4] ?? HOME,
      { devices: MIX.social },
    ),
    'An ad URL with a second "?": GA4 reads the medium into the source',
    {
      checkId: "malformed-query",
      values: [
        "/collections/outdoor-living?utm_source=facebook?utm_medium=paid_social&utm_campaign=summer_outdoor_living",
      ],
    },
    { checkId: "query-string-in-value", values: ["facebook?utm_medium=paid_social"] },
    {
      checkId: "missing-utm-medium",
      values: ["facebook?utm_medium=paid_social", "summer_outdoor_living"],
    },
    { checkId: "unassigned-traffic", values: ["facebook?utm_medium=paid_social / (not set)"] },
  ),
  injected(
    direct({
      share: 0.004,
      landing:
        "/collections/sale&utm_source=newsletter&utm_medium=email&utm_campaign=spring_refresh",
    }),
    'A link with "&" where the "?" belongs: GA4 reads no UTMs and the visit looks direct',
    {
      checkId: "utm-in-path",
      values: [
        "/collections/sale&utm_source=newsletter&utm_medium=email&utm_campaign=spring_refresh",
      ],
    },
  ),
  injected(
    link(
      0.004,
      "utm_source=klaviyo&utm_medium=email&utm_campaign=abandoned_cart&utm_medium=email",
      "Email",
      "/cart",
      { engagementRate: 0.8, keyEventRate: 0.15 },
    ),
    "Klaviyo's automatic UTMs are added to a flow link that already had utm_medium",
    { checkId: "duplicate-utm-parameter", values: ["utm_medium=email"] },
  ),
  injected(
    link(
      0.005,
      "utm_source=google&utm_medium=ppc&utm_campaign=trade_program",
      "Paid Search",
      INFO[3] ?? HOME,
      { referrers: [[GOOGLE, 1]], devices: MIX.desktopLeaning },
    ),
    "A freelancer's own Google Ads account for the trade program has auto-tagging off and tags its ads by hand as google / ppc",
    {
      checkId: "google-ads-auto-tagging-off",
      values: ["/pages/trade-program?utm_source=google&utm_medium=ppc&utm_campaign=trade_program"],
    },
    { checkId: "medium-synonyms", values: ["ppc"] },
  ),
];

export const agencyClient: ProfileDefinition = {
  profile: {
    key: "agency-client",
    propertyId: "398120457",
    displayName: "Larkspur Home",
    defaultUri: SITE,
    timeZone: "America/New_York",
    currencyCode: "USD",
    serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
    createTime: "2022-09-06T14:02:51.730Z",
    seed: 3307,
    dailySessions: 3000,
    dailyRows: 1200,
  },
  baseline,
  errors,
};
