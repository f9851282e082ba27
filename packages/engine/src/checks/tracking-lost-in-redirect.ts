// Detects sessions that start as (direct) although the page that sent the visitor, their
// page_referrer, carried ad click ids or UTMs: a redirect on the way to the landing page dropped
// them. The ad, email or post that paid for the click is credited to Direct.
import { isPaidMedium } from "../channels/channel-group.ts";
import { type AuditData, type Column, fieldTitle, valueAt } from "../core/audit-data.ts";
import { defineCheck } from "../core/check.ts";
import { isUserValue, normalizeHost, parseLanding } from "../core/values.ts";
import { GOOGLE_CLICK_ID_PARAMS, OTHER_CLICK_ID_PARAMS } from "../rules/tagging.ts";
import { decodeComponent, pathKey, UTM_PARAMETER_NAMES } from "../rules/urls.ts";

/**
 * Ad click ids: Google's (gclid, gbraid, wbraid, dclid), which GA4 resolves through auto-tagging
 * (ga4-protocol.md §6.1), and those other platforms use to match conversions to the click.
 */
const GOOGLE_CLICK_IDS = new Set<string>(GOOGLE_CLICK_ID_PARAMS);
const OTHER_CLICK_IDS = new Set<string>(OTHER_CLICK_ID_PARAMS);
/** Cheap pre-filter: a referrer that mentions none of these carries nothing to lose. */
const TRACKING_HINT = new RegExp(
  `[?&](?:utm_|${[...GOOGLE_CLICK_ID_PARAMS, ...OTHER_CLICK_ID_PARAMS].join("|")})`,
  "i",
);
const SCHEME_AND_HOST = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
const REFERRER = "pageReferrer";

interface Page {
  /** "www.example.com/promo", the page that dropped the parameters. */
  where: string;
  params: Set<string>;
  urls: Set<string>;
  ids: number[];
  paid: boolean;
}

export const trackingLostInRedirect = defineCheck({
  id: "tracking-lost-in-redirect",
  title: "Click ids or UTMs lost in a redirect",
  severity: "warning",
  severityWhen: [
    { severity: "critical", when: "a Google Ads click id or a paid utm_medium was lost" },
  ],
  description:
    "Sessions start as (direct) / (none) on a landing page without tracking parameters while their page referrer, the URL the visitor came through, carried gclid, fbclid, msclkid or utm_ parameters: a redirect dropped them.",
  guide: {
    whyItMatters:
      "GA4 reads the campaign from the URL of the page where the session starts. When the link an ad or email points to redirects with JavaScript, a meta refresh, a consent or language page, or a single-page-app route change, and the redirect does not carry the query string over, the session starts on a URL without gclid or UTMs and is reported as (direct) / (none). The click is lost twice: the paid or email channel under-reports, and Google Ads cannot match its conversions to the click. The page referrer still shows the first URL with its parameters, which is how the loss shows. A few such sessions can also come from a visitor whose session timed out on a page opened from an ad; many of them on one page mean a redirect.",
    howToFix:
      "Open the referring URL shown in each finding and follow where it goes: make the redirect keep the whole query string (in a JavaScript redirect append window.location.search to the target; in server rules keep the query, e.g. the QSA flag in Apache or $is_args$args in nginx; in consent and language pages pass the parameters on to the page they send the visitor to). Better still, point ads and links straight at the final URL so no redirect is needed, and test each ad's final URL with a gclid added by hand (Google Ads' auto-tagging test).",
    exampleWrong:
      "Ad final URL https://www.example.com/promo?gclid=Cj0KCQ redirects with JavaScript to https://www.example.com/spring-sale: the session is (direct) / (none)",
    exampleCorrect:
      "https://www.example.com/promo?gclid=Cj0KCQ redirects to https://www.example.com/spring-sale?gclid=Cj0KCQ (or the ad points at /spring-sale directly): the session is google / cpc",
    ga4DocumentationUrl: "https://support.google.com/analytics/answer/11242870",
  },
  view: "referrers",
  requires: [REFERRER, ["sessionSource", "sessionManualSource"]],
  run(data, findings) {
    const pages = new Map<string, Page>();
    // Each row's source, medium and landing page read by value id beside the referrers.
    const beside = new RowReader(data);
    for (const [referrer, stats] of data.values(REFERRER)) {
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut
      if (!isUserValue(referrer) || !TRACKING_HINT.test(referrer)) continue;
      const carried = trackingParams(referrer);
      // Stryker disable next-line ConditionalExpression: a shortcut: nothing carried, nothing lost
      if (carried.size === 0) continue;
      const host = normalizeHost(referrer);
      const path = parseLanding(referrer.replace(SCHEME_AND_HOST, "")).path || "/";
      const key = `referrer:${host}${pathKey(path)}`;
      for (const id of data.idsOfStats(REFERRER, stats)) {
        const r = id - beside.firstId;
        if (!startsAsDirect(beside.source(r), beside.medium(r))) continue;
        const lost = lostParams(carried, beside.landing(r));
        if (lost.size === 0) continue;
        let page = pages.get(key);
        if (!page) {
          page = {
            where: `${host}${path}`,
            params: new Set(),
            urls: new Set(),
            ids: [],
            paid: false,
          };
          pages.set(key, page);
        }
        for (const [name, value] of lost) {
          page.params.add(name);
          if (GOOGLE_CLICK_IDS.has(name) || (name === "utm_medium" && isPaidMedium(value))) {
            page.paid = true;
          }
        }
        page.urls.add(referrer);
        page.ids.push(id);
      }
    }
    for (const [key, page] of pages) {
      const params = [...page.params].sort();
      findings.addIds(
        key,
        `${fieldTitle(REFERRER)} ${page.where} carried ${params.join(", ")}, but its sessions start as (direct) without them: a redirect dropped them`,
        page.ids,
        0,
        page.ids.length,
        { values: page.urls, field: REFERRER, ...(page.paid ? { severity: "critical" } : {}) },
      );
    }
  },
});

/** The click ids and UTMs a URL carries with a value, by lower-cased name (first wins), decoded. */
function trackingParams(url: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const param of parseLanding(url).params) {
    const name = param.name.toLowerCase();
    if (out.has(name)) continue;
    if (!UTM_PARAMETER_NAMES.has(name) && !GOOGLE_CLICK_IDS.has(name) && !OTHER_CLICK_IDS.has(name))
      continue;
    const value = decodeComponent(param.value).trim();
    if (value !== "") out.set(name, value);
  }
  return out;
}

/** The carried parameters the landing page no longer has (all of them without a landing page). */
function lostParams(
  carried: ReadonlyMap<string, string>,
  landing: string | undefined,
): Map<string, string> {
  if (landing === undefined) return new Map(carried);
  const kept = new Set(parseLanding(landing).params.map((param) => param.name.toLowerCase()));
  return new Map([...carried].filter(([name]) => !kept.has(name)));
}

/**
 * GA4 found no campaign and no referral for the session: (direct) / (none), or (not set). A
 * session credited to the site's own host as a referral is self-referral's finding.
 */
/**
 * The session source and medium (else the manual ones) and the landing page of the rows of the
 * referrers' view, by value id.
 */
class RowReader {
  readonly firstId: number;
  readonly #sources: Column;
  readonly #mediums: Column;
  readonly #landings: Column;

  constructor(data: AuditData) {
    const referrers = data.column(REFERRER);
    const view = referrers.data;
    this.firstId = referrers.firstId;
    this.#sources = view.firstOfColumn(["sessionSource", "sessionManualSource"]);
    this.#mediums = view.firstOfColumn(["sessionMedium", "sessionManualMedium"]);
    this.#landings = view.ownColumn("landingPagePlusQueryString");
  }

  source(r: number): string | undefined {
    return valueAt(this.#sources, r);
  }

  medium(r: number): string | undefined {
    return valueAt(this.#mediums, r);
  }

  landing(r: number): string | undefined {
    return valueAt(this.#landings, r);
  }
}

function startsAsDirect(rowSource: string | undefined, rowMedium: string | undefined): boolean {
  const source = rowSource?.trim().toLowerCase();
  const medium = rowMedium?.trim().toLowerCase();
  if (source === "(direct)")
    return medium === undefined || medium === "(none)" || medium === "(not set)";
  return source === "(not set)" && (medium === undefined || medium === "(not set)");
}
