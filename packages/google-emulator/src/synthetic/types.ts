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

/** Metrics every fact row carries. */
export const FACT_METRICS = ["sessions", "keyEvents", "totalUsers", "engagedSessions"] as const;
export type FactMetric = (typeof FACT_METRICS)[number];

/**
 * One distinct combination on one day, as GA4 stores it: values are exactly what GA4 would
 * report (`(not set)`, `(direct)`, `(none)` included; `date` is YYYYMMDD).
 */
export type FactRow = { readonly [D in FactDimension]: string } & {
  readonly [M in FactMetric]: number;
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
