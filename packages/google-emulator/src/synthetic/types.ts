/**
 * The synthetic GA4 data the emulator serves: one fact row per distinct combination of session
 * dimensions per day, from which the Data API aggregates whatever a request asks for.
 */

/** Dimensions every fact row carries, by GA4 API name (ga4-protocol.md §4). */
export const FACT_DIMENSIONS = [
  "date",
  "sessionSource",
  "sessionMedium",
  "sessionCampaignName",
  "sessionCampaignId",
  "sessionDefaultChannelGroup",
  "sessionManualSource",
  "sessionManualMedium",
  "sessionManualCampaignName",
  "sessionManualCampaignId",
  "sessionManualTerm",
  "sessionManualAdContent",
  "landingPage",
  "landingPagePlusQueryString",
  "pageReferrer",
  "hostName",
  "deviceCategory",
] as const;
export type FactDimension = (typeof FACT_DIMENSIONS)[number];

/**
 * Metrics every fact row carries, and a report can ask for. `eventCount` is every event of the
 * row's sessions: one session_start each, their page_views, and their key events.
 */
export const FACT_METRICS = [
  "sessions",
  "keyEvents",
  "totalUsers",
  "engagedSessions",
  "eventCount",
] as const;
export type FactMetric = (typeof FACT_METRICS)[number];

/**
 * What a fact row knows about its sessions' events beyond the metrics, so event-scoped reports
 * (eventName, pageReferrer) can split the row as GA4 would. Not requestable.
 * - `multiPageSessions`: sessions that viewed 2 or more pages. Each is engaged (GA4 counts "2 or
 *   more screen views" as engagement) and its later page_views carry the site's own URL as
 *   page_referrer.
 * - `pageViews`: the page_view events of the row's sessions, at least one per session plus one
 *   per multi-page session.
 */
export const EVENT_FACTS = ["multiPageSessions", "pageViews"] as const;
export type EventFact = (typeof EVENT_FACTS)[number];

/**
 * One distinct combination on one day, as GA4 stores it: values are exactly what GA4 would
 * report (`(not set)`, `(direct)`, `(none)` included; `date` is YYYYMMDD). `pageReferrer` is the
 * referrer of the session's landing page view (so of its session_start event too).
 */
export type FactRow = { readonly [D in FactDimension]: string } & {
  readonly [M in FactMetric | EventFact]: number;
};

/** A tagging error put into a property on purpose, and what an auditor must report for it. */
export interface InjectedError {
  /** The engine check id that must fire (packages/engine/src/checks/<id>.ts). */
  checkId: string;
  /** The offending values the check's findings must name (at least these). */
  values: readonly string[];
  /** What was done, in a sentence, e.g. "utm_medium=Email on the March newsletter". */
  description: string;
}

export interface PropertyProfile {
  /** Stable key, e.g. "well-run-store". */
  key: string;
  /** GA4 property id, digits only, e.g. "312456789". */
  propertyId: string;
  displayName: string;
  /** The web stream's defaultUri, e.g. "https://www.northwind-outfitters.com". */
  defaultUri: string;
  timeZone: string;
  currencyCode: string;
  serviceLevel: "GOOGLE_ANALYTICS_STANDARD" | "GOOGLE_ANALYTICS_360";
  /** RFC 3339; the property has no data before this day. */
  createTime: string;
  seed: number;
  /** Roughly how many sessions a day, and how many distinct combinations a day. */
  dailySessions: number;
  dailyRows: number;
  /** Rows past this many distinct combinations in one report fold into `(other)`. */
  cardinalityLimit?: number;
  /**
   * Reports whose date range holds more sessions than this are sampled: their metadata carries
   * one samplingMetadatas entry per date range. Unset: never sampled.
   */
  samplingThresholdSessions?: number;
  /**
   * Google signals is on with a blended reporting identity, so GA4 applies data thresholds:
   * every report of the property says `subjectToThresholding` and counts against the
   * potentially-thresholded-requests quota. Unset: no thresholding.
   */
  thresholded?: boolean;
  /** Any use of a grant against this property revokes the grant (the user removed access). */
  revokesGrants?: boolean;
  injectedErrors: readonly InjectedError[];
}

export interface SyntheticProperty {
  profile: PropertyProfile;
  /**
   * The fact rows of one day (YYYYMMDD): deterministic in (profile, date); empty before
   * `createTime`. The caller decides which days exist (the emulator stops at its "today").
   */
  rowsForDay(date: string): readonly FactRow[];
}
