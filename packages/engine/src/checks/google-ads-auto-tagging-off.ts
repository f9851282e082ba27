// Detects Google Ads traffic tagged by hand (utm_source=google with a paid utm_medium) whose
// landing pages never carry a gclid, gbraid or wbraid: auto-tagging is off or the click id is
// stripped, so GA4 cannot import the Ads campaign, cost and keyword, nor Ads its key events.
import { fieldTitle, valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { VALUES_PER_FINDING } from "../core/findings.ts";
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
  key: string;
  spelling: string;
  /** The ids of the pair's rows without a click id, in row order. */
  ids: number[];
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
    const firstId = data.firstId;
    const sessionsById = data.sessionsById;
    const sources = data.ownColumn("sessionManualSource");
    const mediums = data.ownColumn("sessionManualMedium");
    const landings = data.ownColumn(LANDING);
    // Each source judged once: set by a person and Google's; each medium: set by a person and paid.
    // Placeholders are neither google nor paid.
    const googleSource = Uint8Array.from(sources.values, (source) =>
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      isUserValue(source) && platformOf(source)?.name === "google" ? 1 : 0,
    );
    const paidMedium = Uint8Array.from(mediums.values, (medium) =>
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      isUserValue(medium) && isPaid(medium) ? 1 : 0,
    );
    // What each landing value says (`landingState`), judged the first time a row of a google and
    // paid pair has it; 0 for not judged yet.
    const landingStates = new Uint8Array(landings.values.length);
    // The pair of each source and medium (by their value ids), found the first time a row of
    // theirs is counted.
    const byIds = new Map<number, Pair>();
    const mediumCount = mediums.values.length;
    for (let r = 0; r < data.rowCount; r++) {
      const source = sources.valueOfRow[r] as number;
      const medium = mediums.valueOfRow[r] as number;
      if (source < 0 || medium < 0 || googleSource[source] === 0 || paidMedium[medium] === 0) {
        continue;
      }
      const v = landings.valueOfRow[r] as number;
      // Without a landing page, nothing tells either way.
      if (v < 0) continue;
      let state = landingStates[v] as number;
      if (state === 0) {
        state = landingState(landings.values[v] as string);
        landingStates[v] = state;
      }
      if (state === SILENT) continue;
      const both = source * mediumCount + medium;
      let pair = byIds.get(both);
      if (!pair) {
        const sourceText = sources.values[source] as string;
        const mediumText = mediums.values[medium] as string;
        const key = `pair:${keyPart(sourceText)} / ${keyPart(mediumText)}`;
        pair = pairs.get(key);
        if (!pair) {
          pair = {
            key,
            spelling: `${sourceText} / ${mediumText}`,
            ids: [],
            sessions: 0,
            autoTagged: false,
          };
          pairs.set(key, pair);
        }
        byIds.set(both, pair);
      }
      if (state === AUTO_TAGGED) {
        pair.autoTagged = true;
        continue;
      }
      pair.ids.push(firstId + r);
      pair.sessions += sessionsById[firstId + r] as number;
    }
    for (const pair of pairs.values()) {
      // Some clicks with a click id: auto-tagging is on, and the others are links tagged by hand
      // (gclid-utm-conflict and tracking-lost-in-redirect speak for those).
      if (pair.autoTagged || pair.sessions < MIN_SESSIONS) continue;
      // Busiest first; of equal sessions, in row order (the sort is stable).
      const busiest = [...pair.ids].sort(
        (a, b) => (sessionsById[b] as number) - (sessionsById[a] as number),
      );
      // The first landing pages of the busiest rows: all a finding shows.
      const values = new Set<string>();
      for (let i = 0; i < busiest.length && values.size < VALUES_PER_FINDING; i++) {
        values.add(valueAt(landings, (busiest[i] as number) - firstId) as string);
      }
      findings.addIds(
        pair.key,
        `${fieldTitle(LANDING)} never carries a gclid on ${pair.spelling} sessions tagged by hand: is Google Ads auto-tagging off?`,
        busiest,
        0,
        busiest.length,
        { values, field: LANDING },
      );
    }
  },
});

/** A landing value that says nothing either way, or carries another ad platform's click id. */
const SILENT = 1;
/** A landing value without a click id. */
const UNTAGGED = 2;
/** A landing value with a Google click id. */
const AUTO_TAGGED = 3;

/** What a landing value says of auto-tagging: SILENT, UNTAGGED or AUTO_TAGGED. */
function landingState(landing: string): number {
  // GA4's own "(not set)" or "(other)" landing page says nothing either way.
  if (landing.trim() === "" || isGa4Placeholder(landing)) return SILENT;
  if (OTHER_CLICK_ID.test(landing)) return SILENT;
  return hasGoogleClickId(landing) ? AUTO_TAGGED : UNTAGGED;
}

/** A medium GA4 or a person means as paid: cpc, ppc, paid_search, display, sem, adwords. */
function isPaid(medium: string): boolean {
  return isGa4PaidMedium(medium) || looksPaid(medium);
}
