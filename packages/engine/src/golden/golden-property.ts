import type { AuditContext, AuditRow, Dimension } from "../core/types.ts";

/**
 * A made-up but realistic GA4 property, "www.example-shop.com", for the golden test: a clean
 * baseline that no check may flag, and a list of injected errors, each with the findings it must
 * produce and nothing else.
 */

export const GOLDEN_CONTEXT: AuditContext = {
  siteHosts: ["www.example-shop.com", "shop.example-shop.com"],
  now: new Date("2026-11-20T00:00:00Z"),
};

type Values = Partial<Record<Dimension, string>>;

/** A session row as GA4 reports it: resolved and manual dimensions agree for UTM traffic. */
function row(
  source: string,
  medium: string,
  campaign: string,
  sessions: number,
  extra: Values = {},
): AuditRow {
  const manual =
    medium === "(none)" || medium === "organic" || medium === "referral"
      ? {
          sessionManualSource: "(not set)",
          sessionManualMedium: "(not set)",
          sessionManualCampaignName: "(not set)",
        }
      : {
          sessionManualSource: source,
          sessionManualMedium: medium,
          sessionManualCampaignName: campaign,
        };
  return {
    sessionSource: source,
    sessionMedium: medium,
    sessionCampaignName: campaign,
    sessionManualCampaignId: "(not set)",
    sessionManualTerm: "(not set)",
    sessionManualAdContent: "(not set)",
    pageReferrer: "",
    date: "20261101",
    ...manual,
    sessions,
    ...extra,
  };
}

export const CLEAN_ROWS: AuditRow[] = [
  row("(direct)", "(none)", "(direct)", 4200, { landingPagePlusQueryString: "/" }),
  row("google", "organic", "(organic)", 6100, {
    landingPagePlusQueryString: "/blog/utm-guide",
    pageReferrer: "https://www.google.com/",
  }),
  row("bing", "organic", "(organic)", 700, { landingPagePlusQueryString: "/" }),
  row("google", "cpc", "brand_search_2025", 2300, {
    landingPagePlusQueryString:
      "/?utm_source=google&utm_medium=cpc&utm_campaign=brand_search_2025&gclid=Cj0KCQ",
    sessionManualTerm: "example shop",
  }),
  row("facebook", "paid_social", "spring_sale_2025", 1500, {
    landingPagePlusQueryString:
      "/spring?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale_2025&utm_content=carousel_a",
    sessionManualAdContent: "carousel_a",
  }),
  row("facebook", "paid_social", "spring_sale_2024", 300, {
    landingPagePlusQueryString:
      "/spring?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale_2024",
  }),
  row("instagram", "social", "summer_launch", 640, {
    landingPagePlusQueryString:
      "/summer?utm_source=instagram&utm_medium=social&utm_campaign=summer_launch",
  }),
  row("newsletter", "email", "weekly_digest_q1", 900, {
    landingPagePlusQueryString:
      "/?utm_source=newsletter&utm_medium=email&utm_campaign=weekly_digest_q1",
  }),
  row("newsletter", "email", "weekly_digest_q2", 850, {
    landingPagePlusQueryString:
      "/?utm_source=newsletter&utm_medium=email&utm_campaign=weekly_digest_q2",
  }),
  row("linkedin", "paid_social", "webinar_h1", 410, {
    landingPagePlusQueryString:
      "/webinar?utm_source=linkedin&utm_medium=paid_social&utm_campaign=webinar_h1",
  }),
  row("linkedin", "paid_social", "webinar_h2", 380, {
    landingPagePlusQueryString:
      "/webinar?utm_source=linkedin&utm_medium=paid_social&utm_campaign=webinar_h2",
  }),
  row("youtube", "video", "product_demo", 520, {
    landingPagePlusQueryString:
      "/demo?utm_source=youtube&utm_medium=video&utm_campaign=product_demo",
  }),
  row("partner-blog.com", "referral", "(referral)", 330, {
    landingPagePlusQueryString: "/pricing",
    pageReferrer: "https://partner-blog.com/review",
  }),
  row("l.facebook.com", "referral", "(referral)", 260, { landingPagePlusQueryString: "/" }),
];

export interface Injection {
  name: string;
  rows: AuditRow[];
  /** Extra context the injection needs (an earlier scan, conventions). */
  context?: Partial<AuditContext>;
  /** Every finding it must cause, as "check-id key". */
  expected: string[];
}

export const INJECTIONS: Injection[] = [
  {
    name: "a homepage banner tagged as a campaign",
    rows: [
      row("homepage", "banner", "summer_launch", 180, {
        landingPagePlusQueryString:
          "/summer?utm_source=homepage&utm_medium=banner&utm_campaign=summer_launch",
      }),
    ],
    expected: ["internal-utm-link source:homepage"],
  },
  {
    name: "an email link without utm_source",
    rows: [
      row("(not set)", "email", "black_friday", 240, {
        landingPagePlusQueryString: "/deals?utm_medium=email&utm_campaign=black_friday",
      }),
    ],
    expected: ["missing-utm-source medium:email|campaign:black_friday"],
  },
  {
    name: "a paid social link without utm_medium",
    rows: [
      row("tiktok", "(not set)", "fall_promo", 150, {
        landingPagePlusQueryString: "/fall?utm_source=tiktok&utm_campaign=fall_promo",
      }),
    ],
    expected: ["missing-utm-medium source:tiktok"],
  },
  {
    name: "a cpc link without a campaign",
    rows: [
      row("bing", "cpc", "(not set)", 210, {
        landingPagePlusQueryString: "/?utm_source=bing&utm_medium=cpc",
      }),
    ],
    expected: ["missing-utm-campaign source:bing|medium:cpc"],
  },
  {
    name: "an empty utm_campaign",
    rows: [
      row("pinterest", "paid_social", "(not set)", 45, {
        landingPagePlusQueryString: "/?utm_source=pinterest&utm_medium=paid_social&utm_campaign=",
      }),
    ],
    expected: [
      "missing-utm-campaign source:pinterest|medium:paid_social",
      "empty-utm-value param:utm_campaign",
    ],
  },
  {
    name: "Microsoft Ads clicks without UTMs",
    rows: [
      row("bing", "organic", "(organic)", 95, { landingPagePlusQueryString: "/?msclkid=4f2a1b" }),
    ],
    expected: ["click-id-without-utm click-id:msclkid"],
  },
  {
    name: "an untagged newsletter read in Gmail",
    rows: [
      row("mail.google.com", "referral", "(referral)", 130, {
        landingPagePlusQueryString: "/new-arrivals",
      }),
    ],
    expected: ["untagged-email-traffic email-host:gmail"],
  },
  {
    name: "a medium GA4 does not know",
    rows: [
      row("partner-site.com", "partnership", "co_marketing", 75, {
        landingPagePlusQueryString:
          "/?utm_source=partner-site.com&utm_medium=partnership&utm_campaign=co_marketing",
      }),
    ],
    expected: [
      "unassigned-traffic source:partner-site.com|medium:partnership",
      "non-standard-medium medium:partnership",
    ],
  },
  {
    name: "a paid medium GA4 does not recognise",
    rows: [
      row("facebook", "facebook-ads", "retarget_cart", 220, {
        landingPagePlusQueryString:
          "/cart?utm_source=facebook&utm_medium=facebook-ads&utm_campaign=retarget_cart",
      }),
    ],
    expected: ["paid-medium-not-recognized medium:facebook-ads"],
  },
  {
    name: "e-mail next to email",
    rows: [
      row("newsletter", "e-mail", "weekly_digest_q3", 160, {
        landingPagePlusQueryString:
          "/?utm_source=newsletter&utm_medium=e-mail&utm_campaign=weekly_digest_q3",
      }),
    ],
    expected: ["medium-synonyms family:email"],
  },
  {
    name: "source and medium swapped",
    rows: [
      row("cpc", "google", "brand_search_2025", 60, {
        landingPagePlusQueryString:
          "/?utm_source=cpc&utm_medium=google&utm_campaign=brand_search_2025",
      }),
    ],
    expected: [
      "unassigned-traffic source:cpc|medium:google",
      "source-medium-swapped pair:cpc|google",
    ],
  },
  {
    name: "Facebook next to facebook",
    rows: [
      row("Facebook", "paid_social", "spring_sale_2025", 140, {
        landingPagePlusQueryString:
          "/spring?utm_source=Facebook&utm_medium=paid_social&utm_campaign=spring_sale_2025",
      }),
    ],
    expected: ["case-inconsistency source:facebook"],
  },
  {
    name: "fb next to facebook",
    rows: [
      row("fb", "paid_social", "spring_sale_2025", 90, {
        landingPagePlusQueryString:
          "/spring?utm_source=fb&utm_medium=paid_social&utm_campaign=spring_sale_2025",
      }),
    ],
    expected: ["source-alias platform:facebook"],
  },
  {
    name: "a misspelled source",
    rows: [
      row("facebok", "paid_social", "spring_sale_2025", 35, {
        landingPagePlusQueryString:
          "/spring?utm_source=facebok&utm_medium=paid_social&utm_campaign=spring_sale_2025",
      }),
    ],
    expected: ["source-typo source:facebok"],
  },
  {
    name: "a misspelled campaign",
    rows: [
      row("instagram", "social", "sumer_launch", 30, {
        landingPagePlusQueryString:
          "/summer?utm_source=instagram&utm_medium=social&utm_campaign=sumer_launch",
      }),
    ],
    expected: ["campaign-typo campaign:sumer_launch"],
  },
  {
    name: "trailing space in a campaign",
    rows: [
      row("newsletter", "email", "weekly_digest_q1 ", 40, {
        landingPagePlusQueryString:
          "/?utm_source=newsletter&utm_medium=email&utm_campaign=weekly_digest_q1%20",
      }),
    ],
    expected: ["whitespace-in-value campaign:weekly_digest_q1"],
  },
  {
    name: "an unreplaced macro",
    rows: [
      row("facebook", "paid_social", "{{campaign.name}}", 70, {
        landingPagePlusQueryString:
          "/?utm_source=facebook&utm_medium=paid_social&utm_campaign={{campaign.name}}",
      }),
    ],
    expected: ["unreplaced-macro campaign:{{campaign.name}}"],
  },
  {
    name: "a placeholder campaign",
    rows: [
      row("linkedin", "paid_social", "test", 12, {
        landingPagePlusQueryString:
          "/?utm_source=linkedin&utm_medium=paid_social&utm_campaign=test",
      }),
    ],
    expected: ["placeholder-value campaign:test"],
  },
  {
    name: "a query string swallowed by the source",
    rows: [
      row("google?utm_medium=cpc", "(not set)", "(not set)", 25, {
        landingPagePlusQueryString: "/?utm_source=google?utm_medium=cpc",
      }),
    ],
    expected: [
      "missing-utm-medium source:google?utm_medium=cpc",
      "unassigned-traffic source:google?utm_medium=cpc|medium:(not set)",
      "query-string-in-value source:google?utm_medium=cpc",
      "malformed-query question-mark:/",
    ],
  },
  {
    name: "an email address in utm_content",
    rows: [
      row("newsletter", "email", "weekly_digest_q2", 8, {
        landingPagePlusQueryString:
          "/?utm_source=newsletter&utm_medium=email&utm_campaign=weekly_digest_q2&utm_content=jane.doe@gmail.com",
        sessionManualAdContent: "jane.doe@gmail.com",
      }),
    ],
    expected: ["pii-in-utm content:email", "pii-in-utm landing:email"],
  },
  {
    name: "a self-referral from the checkout sub-domain",
    rows: [
      row("shop.example-shop.com", "referral", "(referral)", 310, {
        landingPagePlusQueryString: "/order/complete",
      }),
    ],
    expected: ["self-referral host:shop.example-shop.com"],
  },
  {
    name: "PayPal as a referrer",
    rows: [
      row("paypal.com", "referral", "(referral)", 190, {
        landingPagePlusQueryString: "/order/complete",
      }),
    ],
    expected: ["payment-gateway-referral gateway:paypal"],
  },
  {
    name: "UTMs after a fragment",
    rows: [
      row("(direct)", "(none)", "(direct)", 55, {
        landingPagePlusQueryString: "/landing#utm_source=newsletter&utm_medium=email",
      }),
    ],
    expected: ["utm-in-path path:/landing"],
  },
  {
    name: "two question marks",
    rows: [
      row("newsletter", "email", "weekly_digest_q2", 22, {
        landingPagePlusQueryString:
          "/?utm_source=newsletter?utm_medium=email&utm_campaign=weekly_digest_q2",
      }),
    ],
    expected: ["malformed-query question-mark:/"],
  },
  {
    name: "utm_soruce",
    rows: [
      row("(direct)", "(none)", "(direct)", 48, {
        landingPagePlusQueryString: "/?utm_soruce=twitter&utm_medium=social",
      }),
    ],
    expected: ["missing-utm-source landing:/", "misspelled-utm-parameter name:utm_soruce"],
  },
  {
    name: "utm_source twice",
    rows: [
      row("google", "cpc", "brand_search_2025", 33, {
        landingPagePlusQueryString:
          "/?utm_source=google&utm_medium=cpc&utm_campaign=brand_search_2025&utm_source=bing",
      }),
    ],
    expected: ["duplicate-utm-parameter utm_source:/"],
  },
  {
    name: "gclid clicks tagged as a newsletter",
    rows: [
      row("google", "cpc", "(not set)", 44, {
        landingPagePlusQueryString: "/?gclid=EAIaIQ&utm_source=newsletter&utm_medium=email",
        sessionManualSource: "newsletter",
        sessionManualMedium: "email",
        sessionManualCampaignName: "(not set)",
      }),
    ],
    expected: ["gclid-utm-conflict manual:newsletter|email"],
  },
  {
    name: "one campaign tagged both paid and organic",
    rows: [
      row("linkedin", "social", "webinar_h1", 70, {
        landingPagePlusQueryString:
          "/webinar?utm_source=linkedin&utm_medium=social&utm_campaign=webinar_h1",
      }),
    ],
    expected: ["conflicting-source-medium source:linkedin|campaign:webinar_h1"],
  },
  {
    name: "medium organic on a social network",
    rows: [
      row("instagram", "organic", "(organic)", 85, {
        landingPagePlusQueryString: "/summer?utm_source=instagram&utm_medium=organic",
        sessionManualSource: "instagram",
        sessionManualMedium: "organic",
        sessionManualCampaignName: "(not set)",
      }),
    ],
    expected: ["organic-medium-misuse source:instagram"],
  },
  {
    name: "a campaign tagged as a referral",
    rows: [
      row("partner-blog.com", "referral", "holiday_guide", 65, {
        landingPagePlusQueryString:
          "/gifts?utm_source=partner-blog.com&utm_medium=referral&utm_campaign=holiday_guide",
        sessionManualSource: "partner-blog.com",
        sessionManualMedium: "referral",
        sessionManualCampaignName: "holiday_guide",
      }),
    ],
    expected: ["campaign-with-natural-medium medium:referral|campaign:holiday_guide"],
  },
  {
    name: "a platform name as medium",
    rows: [
      row("spring_promo", "facebook", "spring_sale_2025", 50, {
        landingPagePlusQueryString:
          "/spring?utm_source=spring_promo&utm_medium=facebook&utm_campaign=spring_sale_2025",
      }),
    ],
    expected: [
      "unassigned-traffic source:spring_promo|medium:facebook",
      "platform-as-medium medium:facebook",
    ],
  },
  {
    name: "Google Ads clicks without a campaign (the account is not linked)",
    rows: [
      row("google", "cpc", "(not set)", 900, {
        sessionManualSource: "(not set)",
        sessionManualMedium: "(not set)",
        sessionManualCampaignName: "(not set)",
        landingPagePlusQueryString: "/?gclid=Cj0KCQunlinked",
      }),
    ],
    expected: ["paid-traffic-without-campaign pair:google / cpc"],
  },
  {
    name: "a second Google Ads account tagged by hand, with auto-tagging off",
    rows: [
      row("google", "paid_search", "shopping_feed_2025", 160, {
        landingPagePlusQueryString:
          "/shop?utm_source=google&utm_medium=paid_search&utm_campaign=shopping_feed_2025",
      }),
    ],
    expected: ["google-ads-auto-tagging-off pair:google / paid_search"],
  },
  {
    name: "a gclid dropped by a JavaScript redirect",
    rows: [
      row("(direct)", "(none)", "(direct)", 150, {
        landingPagePlusQueryString: "/spring",
        pageReferrer: "https://www.example-shop.com/go/spring?gclid=Cj0KCQredirect",
      }),
    ],
    expected: ["tracking-lost-in-redirect referrer:www.example-shop.com/go/spring"],
  },
  {
    name: "one campaign with hyphens beside its underscores",
    rows: [
      row("newsletter", "email", "weekly-digest-q2", 12, {
        landingPagePlusQueryString:
          "/?utm_source=newsletter&utm_medium=email&utm_campaign=weekly-digest-q2",
      }),
    ],
    expected: ["separator-variants campaign:weekly digest q2"],
  },
  {
    name: "hyphens among underscores",
    rows: [
      row("newsletter", "email", "back-to-school", 400, {
        landingPagePlusQueryString:
          "/?utm_source=newsletter&utm_medium=email&utm_campaign=back-to-school",
      }),
      row("newsletter", "email", "end-of-season", 380, {
        landingPagePlusQueryString:
          "/?utm_source=newsletter&utm_medium=email&utm_campaign=end-of-season",
      }),
    ],
    expected: ["mixed-separators campaign"],
  },
  {
    name: "a percent-encoded campaign",
    rows: [
      row("newsletter", "email", "spring%20sale", 28, {
        landingPagePlusQueryString:
          "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring%2520sale",
      }),
    ],
    expected: ["encoding-artifacts campaign:spring%20sale"],
  },
  {
    name: "an overlong utm_content",
    rows: [
      row("facebook", "paid_social", "spring_sale_2025", 20, {
        sessionManualAdContent:
          "carousel_variant_a_with_lifestyle_images_and_discount_code_headline_for_returning_customers_in_europe_v2",
        landingPagePlusQueryString:
          "/spring?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale_2025",
      }),
    ],
    expected: [
      "excessive-length content:carousel_variant_a_with_lifestyle_images_and_discount_code_headline_for_returning_customers_in_europe_v2",
    ],
  },
  {
    name: "a subscriber id in every campaign",
    rows: Array.from({ length: 12 }, (_, i) =>
      row("newsletter", "email", `digest_${83311 + i * 7}`, 6, {
        landingPagePlusQueryString: `/?utm_source=newsletter&utm_medium=email&utm_campaign=digest_${83311 + i * 7}`,
      }),
    ),
    expected: ["high-cardinality campaign:digest_{id}"],
  },
  {
    name: "an emoji in the source",
    rows: [
      row("instagram🔥", "social", "summer_launch", 18, {
        landingPagePlusQueryString:
          "/summer?utm_campaign=summer_launch&utm_medium=social&utm_source=instagram%F0%9F%94%A5",
      }),
    ],
    expected: ["non-ascii-value source:instagram\ud83d\udd25"],
  },
  {
    name: "one utm_id on two campaigns",
    rows: [
      row("google", "cpc", "brand_search_2025", 100, {
        sessionManualCampaignId: "cmp_1001",
        landingPagePlusQueryString:
          "/?utm_source=google&utm_medium=cpc&utm_campaign=brand_search_2025&utm_id=cmp_1001",
      }),
      row("google", "cpc", "generic_search", 90, {
        sessionManualCampaignId: "cmp_1001",
        landingPagePlusQueryString:
          "/?utm_source=google&utm_medium=cpc&utm_campaign=generic_search&utm_id=cmp_1001",
      }),
    ],
    expected: ["utm-id-inconsistent id:cmp_1001"],
  },
  {
    name: "a segment in utm_term of a newsletter",
    rows: [
      row("newsletter", "email", "weekly_digest_q1", 64, {
        sessionManualTerm: "vip_customers",
        landingPagePlusQueryString:
          "/?utm_source=newsletter&utm_medium=email&utm_campaign=weekly_digest_q1&utm_term=vip_customers",
      }),
    ],
    expected: ["term-on-non-search source:newsletter|medium:email"],
  },
  {
    name: "a new source since the last scan",
    context: {
      previousValues: {
        source: ["google", "bing", "facebook", "instagram", "linkedin", "newsletter", "youtube"],
        medium: ["cpc", "paid_social", "social", "email", "video"],
      },
    },
    rows: [
      row("threads", "social", "summer_launch", 90, {
        landingPagePlusQueryString:
          "/summer?utm_source=threads&utm_medium=social&utm_campaign=summer_launch",
      }),
    ],
    expected: ["new-values-since-last-scan source"],
  },
  {
    name: "a medium outside the workspace's conventions",
    context: {
      conventions: {
        medium: {
          allowed: [
            "cpc",
            "paid_social",
            "social",
            "email",
            "video",
            "organic",
            "referral",
            "(none)",
            "(not set)",
          ],
        },
      },
    },
    rows: [
      row("instagram", "social-media", "summer_launch", 45, {
        landingPagePlusQueryString:
          "/summer?utm_source=instagram&utm_medium=social-media&utm_campaign=summer_launch",
      }),
    ],
    expected: ["medium-synonyms family:social", "naming-convention medium:social-media"],
  },
];
