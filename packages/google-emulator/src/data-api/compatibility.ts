/**
 * Which dimensions and metrics GA4 refuses to put in one Core report, in one table that answers
 * both runReport/batchRunReports (a 400 for an incompatible request) and checkCompatibility (the
 * COMPATIBLE / INCOMPATIBLE of every field). Filters count as much as the requested fields: they
 * are part of what checkCompatibility is asked about (analytics_data_api.proto,
 * CheckCompatibilityRequest).
 *
 * Google's rule, from the Data API's schema-compatibility announcement
 * (https://developers.google.com/analytics/devguides/reporting/data/v1/announcements/20221201-compatibility-changes):
 * "Item-scoped dimensions like itemName are becoming incompatible with event-scoped metrics like
 * eventCount. Item-scoped dimensions will still be compatible with item-scoped metrics like
 * itemRevenue, user-based metrics like activeUsers, and session-based metrics like sessions." Its
 * list of those event-scoped metrics names `conversions`, which GA4 has since renamed `keyEvents`.
 * Every other pair of the stand-in's fields (session traffic dimensions, landing page, referrer,
 * host, device, date and eventName with sessions, keyEvents, totalUsers, engagedSessions) is the
 * standard acquisition combination and compatible (ga4-protocol.md §4.6). What the documentation
 * leaves open is in docs/google-open-questions.md.
 */
import type { GoogleApiError } from "../google-error.ts";
import { invalidArgument } from "../google-error.ts";
import { ITEM_DIMENSIONS } from "./schema.ts";

interface IncompatibleGroup {
  dimensions: ReadonlySet<string>;
  metrics: ReadonlySet<string>;
}

/** No dimension of a group may share a report with a metric of the same group. */
const INCOMPATIBLE: readonly IncompatibleGroup[] = [
  {
    dimensions: new Set(ITEM_DIMENSIONS.map((dimension) => dimension.apiName)),
    // Of the announcement's event-scoped metrics, the ones the stand-in knows; `keyEvents` was
    // `conversions` there.
    metrics: new Set(["eventCount", "keyEvents"]),
  },
];

export interface IncompatiblePair {
  dimension: string;
  metric: string;
}

/** The first incompatible pair among these fields, or undefined when they fit in one report. */
export function incompatiblePair(
  dimensions: Iterable<string>,
  metrics: Iterable<string>,
): IncompatiblePair | undefined {
  const metricList = [...metrics];
  for (const dimension of dimensions) {
    for (const group of INCOMPATIBLE) {
      if (!group.dimensions.has(dimension)) continue;
      const metric = metricList.find((name) => group.metrics.has(name));
      if (metric !== undefined) return { dimension, metric };
    }
  }
  return undefined;
}

/**
 * Google's refusal. The wording is the one captured from real replies (ga4-protocol.md §3.10:
 * "Please remove itemListClickEvents to make the request compatible for example. …"); which of
 * the two fields Google names is not documented, so the stand-in names the metric, as in that
 * capture.
 */
export function incompatibleRequest(pair: IncompatiblePair): GoogleApiError {
  return invalidArgument(
    `Please remove ${pair.metric} to make the request compatible for example. The request's dimensions & metrics are incompatible. To learn more, see https://ga-dev-tools.web.app/ga4/dimensions-metrics-explorer/`,
  );
}

export type Compatibility = "COMPATIBLE" | "INCOMPATIBLE";

/** Whether `dimension` can be added to a report of these fields. */
export function dimensionCompatibility(
  dimension: string,
  dimensions: Iterable<string>,
  metrics: Iterable<string>,
): Compatibility {
  return incompatiblePair([...dimensions, dimension], metrics) ? "INCOMPATIBLE" : "COMPATIBLE";
}

/** Whether `metric` can be added to a report of these fields. */
export function metricCompatibility(
  metric: string,
  dimensions: Iterable<string>,
  metrics: Iterable<string>,
): Compatibility {
  return incompatiblePair(dimensions, [...metrics, metric]) ? "INCOMPATIBLE" : "COMPATIBLE";
}
