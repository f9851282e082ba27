// Detects Google Ads traffic tagged by hand (utm_source=google with a paid utm_medium) whose
// landing pages never carry a gclid, gbraid or wbraid: auto-tagging is off or the click id is
// stripped, so GA4 cannot import the Ads campaign, cost and keyword, nor Ads its key events.
import { fieldTitle } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import type { AggregatedRow } from "../core/types.ts";
import { isGa4Placeholder, isUserValue } from "../core/values.ts";
import { platformOf } from "../rules/platforms.ts";
import {
  hasGoogleClickId,
  isGa4PaidMedium,
  keyPart,
  looksPaid,
  OTHER_CLICK_ID,
} from "../rules/tagging.ts";

/**
 * Below this many sessions a hand-tagged google / cpc pair may be a tester's or a colleague's
 * link rather than an ad account's clicks; above it, Ads would have added a click id to some.
 */
const MIN_SESSIONS = 30;

const LANDING = "landingPagePlusQueryString";

// Another ad platform's click id (OTHER_CLICK_ID): a Microsoft Advertising campaign imported from
// Google Ads keeps utm_source=google, and its clicks carry msclkid. They are not Google Ads clicks.

interface Pair {
  spelling: string;
  rows: AggregatedRow[];
  sessions: number;
  /** Whether any of the pair's landing pages carries a Google click id. */
  autoTagged: boolean;
}

export const googleAdsAutoTaggingOff = defineCheck({
  id: "google-ads-auto-tagging-off",
  title: "Google Ads tagged by hand, without auto-tagging",
  severity: "warning",
  description:
    "Traffic tagged utm_source=google with a paid utm_medium (cpc, ppc, paid_search) whose landing pages never carry a gclid, gbraid or wbraid: Google Ads auto-tagging is off, or the click id is lost on the way.",
  guide: {
    whyItMatters:
      "Auto-tagging adds a click id (gclid, or gbraid / wbraid on iOS) to every Google Ads click. With it GA4 fills the session's Google Ads campaign, ad group, keyword and ad network, and shows the Ads clicks and cost beside the sessions; Google Ads needs it to import GA4 key events and to track conversions on every browser. UTMs alone give GA4 only the words typed into them: no cost, no ad group or keyword, every click in Paid Search whether it came from Search, YouTube, Display or Performance Max, and no conversions sent back to Ads for bidding. Google calls auto-tagging a required feature and turns it on for new accounts, so hand-tagged google / cpc traffic without a single click id means someone turned it off, or a redirect or the site strips the parameter.",
    howToFix:
      "In Google Ads open Admin > Account settings > Auto-tagging and tick 'Tag the URL that people click through from my ad' in every account that runs the ads (each account under a manager account has its own setting). Then follow an ad's final URL to the landing page and check that ?gclid= survives every redirect and that the site keeps unknown query parameters. The UTMs may stay for other tools, written utm_source=google&utm_medium=cpc; GA4 uses the auto-tagged values when both are present. In GA4, link the Google Ads account under Admin > Product links > Google Ads links so its campaigns and cost come through.",
    exampleWrong:
      "https://www.example.com/shoes?utm_source=google&utm_medium=cpc&utm_campaign=brand_search (auto-tagging off: no gclid on any click)",
    exampleCorrect:
      "https://www.example.com/shoes?utm_source=google&utm_medium=cpc&utm_campaign=brand_search&gclid=EAIaIQobChMI (auto-tagging on)",
    ga4DocumentationUrl: "https://support.google.com/google-ads/answer/3095550",
  },
  requires: [LANDING, "sessionManualSource", "sessionManualMedium"],
  run(data, findings) {
    const pairs = new Map<string, Pair>();
    for (const row of data.rows) {
      const source = row.values.sessionManualSource;
      const medium = row.values.sessionManualMedium;
      const landing = row.values[LANDING];
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut: placeholders are neither google nor paid
      if (!isUserValue(source) || !isUserValue(medium)) continue;
      // GA4's own "(not set)" or "(other)" landing page says nothing either way.
      if (landing === undefined || landing.trim() === "" || isGa4Placeholder(landing)) continue;
      if (platformOf(source)?.name !== "google" || !isPaid(medium)) continue;
      if (OTHER_CLICK_ID.test(landing)) continue;
      const key = `pair:${keyPart(source)} / ${keyPart(medium)}`;
      let pair = pairs.get(key);
      if (!pair) {
        pair = { spelling: `${source} / ${medium}`, rows: [], sessions: 0, autoTagged: false };
        pairs.set(key, pair);
      }
      if (hasGoogleClickId(landing)) {
        pair.autoTagged = true;
        continue;
      }
      pair.rows.push(row);
      pair.sessions += row.sessions;
    }
    for (const [key, pair] of pairs) {
      // Some clicks with a click id: auto-tagging is on, and the others are links tagged by hand
      // (gclid-utm-conflict and tracking-lost-in-redirect speak for those).
      if (pair.autoTagged || pair.sessions < MIN_SESSIONS) continue;
      const busiest = [...pair.rows].sort((a, b) => b.sessions - a.sessions);
      findings.add(
        key,
        `${fieldTitle(LANDING)} never carries a gclid on ${pair.spelling} sessions tagged by hand: is Google Ads auto-tagging off?`,
        busiest,
        {
          // Stryker disable next-line StringLiteral: every row here has a landing
          values: busiest.map((row) => row.values[LANDING] ?? ""),
          field: LANDING,
        },
      );
    }
  },
});

/** A medium GA4 or a person means as paid: cpc, ppc, paid_search, display, sem, adwords. */
function isPaid(medium: string): boolean {
  return isGa4PaidMedium(medium) || looksPaid(medium);
}
