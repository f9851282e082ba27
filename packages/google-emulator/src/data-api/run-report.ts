/**
 * `POST v1beta/properties/{id}:runReport` (ga4-protocol.md §3.1-3.3) as a pure function: the
 * HTTP layer authenticates, charges `tokenCost`, adds `propertyQuota` when asked, and sends
 * `response` or the error's envelope.
 */
import type { GoogleApiError } from "../google-error.ts";
import { FACT_METRICS, type SyntheticProperty } from "../synthetic/types.ts";
import { type BuiltReport, buildReport } from "./build-report.ts";
import { parseIsoDay } from "./dates.ts";
import type { AggregatedRow } from "./ordering.ts";
import { parseRunReportRequest } from "./parse-request.ts";
import { LruCache } from "./report-cache.ts";
import type { ReportQuery } from "./report-query.ts";
import { RequestRejected } from "./request-fields.ts";

export interface RunReportContext {
  property: SyntheticProperty;
  /** The property's current day, YYYY-MM-DD in its time zone; data exists up to yesterday. */
  today: string;
}

export type RunReportResult =
  | { ok: true; response: Record<string, unknown>; tokenCost: number }
  | { ok: false; error: GoogleApiError };

/**
 * Computed reports by (property, request without offset and limit, today). A handful of entries
 * covers a client paging through one big report while another asks small ones. The budget of a
 * million rows in all (a row is a few hundred bytes) bounds the memory; a report bigger than
 * that is computed again for each page rather than held.
 */
let reports = new LruCache<BuiltReport>(4, 1_000_000);

/**
 * Keeps up to `maxRows` rows of computed reports in up to `maxEntries` reports instead. A
 * benchmark that scans a property twice sets it high, so the second scan measures the client
 * while the stand-in answers from memory, as Google's own servers compute reports elsewhere.
 */
export function setReportCacheSize(maxEntries: number, maxRows: number): void {
  reports = new LruCache<BuiltReport>(maxEntries, maxRows);
}

export function runReport(body: unknown, context: RunReportContext): RunReportResult {
  const today = parseIsoDay(context.today);
  if (today === undefined) {
    throw new Error(`RunReportContext.today must be YYYY-MM-DD: ${context.today}`);
  }
  let query: ReportQuery;
  try {
    query = parseRunReportRequest(body, today);
  } catch (error) {
    if (error instanceof RequestRejected) return { ok: false, error: error.apiError };
    throw error;
  }
  const { offset, limit, currencyCode, ...shape } = query;
  const key = JSON.stringify([context.property.profile.propertyId, context.today, shape]);
  let report = reports.get(key, context.property);
  if (report === undefined) {
    report = buildReport(query, context.property, today);
    reports.set(key, context.property, report, report.rows.length + 1);
  }
  const { profile } = context.property;
  return {
    ok: true,
    response: renderResponse(report, query, currencyCode ?? profile.currencyCode, profile.timeZone),
    tokenCost: report.tokenCost,
  };
}

/**
 * Google's JSON, with proto3's rule that fields holding their default (empty list, 0, false,
 * "") are left out (§0): no `rows` on an empty page, no `dataLossFromOtherRow` unless true, and
 * no `rowCount` for an empty report. That last one is unverified against a captured response,
 * but rowCount is a plain int32, which proto3 JSON omits at 0 like every other default.
 */
function renderResponse(
  report: BuiltReport,
  query: ReportQuery,
  currencyCode: string,
  timeZone: string,
): Record<string, unknown> {
  const visible = query.metrics
    .filter((metric) => !metric.invisible)
    .map((metric) => FACT_METRICS.indexOf(metric.name));
  const render = (row: AggregatedRow): Record<string, unknown> => {
    // DimensionValue.value and MetricValue.value sit in a oneof, which keeps presence: an empty
    // string is still sent as {"value": ""}.
    const rendered: Record<string, unknown> = {};
    if (row.values.length > 0) rendered.dimensionValues = row.values.map((value) => ({ value }));
    if (visible.length > 0) {
      rendered.metricValues = visible.map((index) => ({ value: String(row.sums[index] ?? 0) }));
    }
    return rendered;
  };

  const response: Record<string, unknown> = {};
  if (query.dimensions.length > 0) {
    response.dimensionHeaders = query.dimensions.map((dimension) => ({ name: dimension.name }));
  }
  if (visible.length > 0) {
    response.metricHeaders = query.metrics
      .filter((metric) => !metric.invisible)
      .map((metric) => ({ name: metric.name, type: "TYPE_INTEGER" }));
  }
  const page = report.rows.slice(query.offset, query.offset + query.limit);
  if (page.length > 0) response.rows = page.map(render);
  const { TOTAL, MAXIMUM, MINIMUM } = report.aggregations;
  if (TOTAL.length > 0) response.totals = TOTAL.map(render);
  if (MAXIMUM.length > 0) response.maximums = MAXIMUM.map(render);
  if (MINIMUM.length > 0) response.minimums = MINIMUM.map(render);
  if (report.rows.length > 0) response.rowCount = report.rows.length;
  // ResponseMetaData's fields in their proto order; int64 counts are strings (§0).
  response.metadata = {
    ...(report.dataLossFromOtherRow ? { dataLossFromOtherRow: true } : {}),
    currencyCode,
    timeZone,
    ...(report.subjectToThresholding ? { subjectToThresholding: true } : {}),
    ...(report.samplingMetadatas.length > 0
      ? {
          samplingMetadatas: report.samplingMetadatas.map((sampling) => ({
            samplesReadCount: String(sampling.samplesReadCount),
            samplingSpaceSize: String(sampling.samplingSpaceSize),
          })),
        }
      : {}),
  };
  response.kind = "analyticsData#runReport";
  return response;
}
