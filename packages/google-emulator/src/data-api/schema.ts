/**
 * The dimensions and metrics the stand-in serves: every fact-row field, the event-scoped
 * eventName, and the two derived source / medium pairs. One list feeds request validation and
 * getMetadata, so the two cannot disagree. Descriptions are Google's api-schema wording where
 * ga4-protocol.md §4 quotes it, and a paraphrase where §4 marks its own as one.
 */
import type { FactDimension, FactMetric } from "../synthetic/types.ts";

export interface DimensionInfo {
  apiName: string;
  uiName: string;
  description: string;
  category: string;
}

export interface MetricInfo {
  apiName: FactMetric;
  uiName: string;
  description: string;
  category: string;
}

const TRAFFIC = "Traffic source";
const PAGE = "Page / screen";

const FACT_DIMENSION_INFO: Readonly<Record<FactDimension, Omit<DimensionInfo, "apiName">>> = {
  date: {
    uiName: "Date",
    description: "The date of the event, formatted as YYYYMMDD.",
    category: "Time",
  },
  sessionSource: {
    uiName: "Session source",
    description: "The source that initiated a session on your website or app.",
    category: TRAFFIC,
  },
  sessionMedium: {
    uiName: "Session medium",
    description: "The medium that initiated a session on your website or app.",
    category: TRAFFIC,
  },
  sessionCampaignName: {
    uiName: "Session campaign",
    description:
      "The campaign name of the session, whether from Google Ads, manual tagging or another campaign source.",
    category: TRAFFIC,
  },
  sessionCampaignId: {
    uiName: "Session campaign ID",
    description:
      "The campaign ID of the session, whether from Google Ads, manual tagging (utm_id) or another campaign source.",
    category: TRAFFIC,
  },
  sessionDefaultChannelGroup: {
    uiName: "Session default channel group",
    description: "The session's default channel group is based primarily on source and medium.",
    category: TRAFFIC,
  },
  sessionManualSource: {
    uiName: "Session manual source",
    description:
      "The manual Source that led to the session. The referrer. Populated by utm_source URL parameter.",
    category: TRAFFIC,
  },
  sessionManualMedium: {
    uiName: "Session manual medium",
    description:
      "The manual medium that led to the session. Populated by utm_medium URL parameter.",
    category: TRAFFIC,
  },
  sessionManualCampaignName: {
    uiName: "Session manual campaign name",
    description:
      "The manual campaign name that led to the session. Populated by utm_campaign URL parameter.",
    category: TRAFFIC,
  },
  sessionManualCampaignId: {
    uiName: "Session manual campaign ID",
    description:
      "The manual campaign ID that led to the session. Populated by utm_id URL parameter.",
    category: TRAFFIC,
  },
  sessionManualTerm: {
    uiName: "Session manual term",
    description: "The term that led to a session. Populated by the utm_term parameter.",
    category: TRAFFIC,
  },
  sessionManualAdContent: {
    uiName: "Session manual ad content",
    description: "The ad content that led to a session. Populated by the utm_content parameter.",
    category: TRAFFIC,
  },
  landingPage: {
    uiName: "Landing page",
    description: "The page path associated with the first pageview in a session.",
    category: PAGE,
  },
  landingPagePlusQueryString: {
    uiName: "Landing page + query string",
    description: "The page path + query string associated with the first pageview in a session.",
    category: PAGE,
  },
  pageReferrer: {
    uiName: "Page referrer",
    description: "The full referring URL, including the hostname and path.",
    category: PAGE,
  },
  hostName: {
    uiName: "Hostname",
    description:
      "Includes the subdomain and domain names of a URL; for example, the Host Name of www.example.com/contact.html is www.example.com.",
    category: PAGE,
  },
  deviceCategory: {
    uiName: "Device category",
    description: "The type of device: Desktop, Tablet, or Mobile.",
    category: "Platform / device",
  },
};

/**
 * Dimensions of each event rather than of the session: a report with one of them (or a filter
 * on one) counts a session under each value its events carry (event-scope.ts). `pageReferrer`
 * is one too, though it is also stored on each fact row, as the landing page view's referrer.
 */
export const EVENT_DIMENSIONS = {
  eventName: {
    uiName: "Event name",
    description: "The name of the event.",
    category: "Event",
  },
} as const satisfies Record<string, Omit<DimensionInfo, "apiName">>;

/** Dimensions computed from two fact fields, as GA4 reports them: `source / medium`. */
export const DERIVED_DIMENSIONS = {
  sessionSourceMedium: {
    parts: ["sessionSource", "sessionMedium"],
    uiName: "Session source / medium",
    description: "The combined values of the dimensions sessionSource and sessionMedium.",
  },
  sessionManualSourceMedium: {
    parts: ["sessionManualSource", "sessionManualMedium"],
    uiName: "Session manual source / medium",
    description: "A combination of the source and medium.",
  },
} as const satisfies Record<
  string,
  { parts: readonly [FactDimension, FactDimension]; uiName: string; description: string }
>;
export type DerivedDimension = keyof typeof DERIVED_DIMENSIONS;

/**
 * Item-scoped dimensions (Google's list: developers.google.com/analytics/devguides/reporting/
 * data/v1/announcements/20221201-compatibility-changes). The synthetic data has no items, so
 * runReport refuses them; they are listed so that compatibility (compatibility.ts) is checked and
 * answered as Google does.
 */
export const ITEM_DIMENSIONS: readonly DimensionInfo[] = [
  {
    apiName: "itemId",
    uiName: "Item ID",
    description: "The ID of the item.",
    category: "Ecommerce",
  },
  {
    apiName: "itemName",
    uiName: "Item name",
    description: "The name of the item.",
    category: "Ecommerce",
  },
];

export const DIMENSIONS: readonly DimensionInfo[] = [
  ...Object.entries(FACT_DIMENSION_INFO).map(([apiName, info]) => ({ apiName, ...info })),
  ...Object.entries(EVENT_DIMENSIONS).map(([apiName, info]) => ({ apiName, ...info })),
  ...Object.entries(DERIVED_DIMENSIONS).map(([apiName, { uiName, description }]) => ({
    apiName,
    uiName,
    description,
    category: TRAFFIC,
  })),
  ...ITEM_DIMENSIONS,
];

export const METRICS: readonly MetricInfo[] = [
  {
    apiName: "sessions",
    uiName: "Sessions",
    description:
      "The number of sessions that began on your site or app (event triggered: session_start).",
    category: "Session",
  },
  {
    apiName: "keyEvents",
    uiName: "Key events",
    description: "The count of key events.",
    category: "Event",
  },
  {
    apiName: "totalUsers",
    uiName: "Total users",
    description: "The number of distinct users who have logged at least one event.",
    category: "User",
  },
  {
    apiName: "engagedSessions",
    uiName: "Engaged sessions",
    description:
      "The number of sessions that lasted longer than 10 seconds, or had a key event, or had 2 or more screen views.",
    category: "Session",
  },
  {
    apiName: "eventCount",
    uiName: "Event count",
    description: "The count of events.",
    category: "Event",
  },
];

const DIMENSION_NAMES: ReadonlySet<string> = new Set(DIMENSIONS.map((d) => d.apiName));
const METRIC_NAMES: ReadonlySet<string> = new Set(METRICS.map((m) => m.apiName));

export function isSchemaDimension(name: string): boolean {
  return DIMENSION_NAMES.has(name);
}

const ITEM_DIMENSION_NAMES: ReadonlySet<string> = new Set(ITEM_DIMENSIONS.map((d) => d.apiName));

export function isItemDimension(name: string): boolean {
  return ITEM_DIMENSION_NAMES.has(name);
}

export function isDerivedDimension(name: string): name is DerivedDimension {
  return Object.hasOwn(DERIVED_DIMENSIONS, name);
}

export function isMetric(name: string): name is FactMetric {
  return METRIC_NAMES.has(name);
}

/**
 * The column that names each row's date range (§3.1): added to every multi-range report, and
 * requestable by name. It describes the request, not the data, so getMetadata leaves it out.
 */
export const DATE_RANGE_DIMENSION = "dateRange";

/** Google's wording, trailing space included (§3.10). */
export function notAValid(kind: "dimension" | "metric", name: string): string {
  return `Field ${name} is not a valid ${kind}. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema `;
}
