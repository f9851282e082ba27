/**
 * Computing a report from fact rows: read each day of the date ranges once, keep the rows the
 * dimensionFilter passes, group them by the requested columns and sum the metrics; then drop
 * empty rows, fold the long tail into `(other)`, apply the metricFilter, order, and compute the
 * metric aggregations. The whole ordered result is kept so every page is a slice of it.
 */
import { FACT_METRICS, type FactRow, type SyntheticProperty } from "../synthetic/types.ts";
import { compactDate, dayOfTimestamp } from "./dates.ts";
import { type EventFields, type Extractor, extractor } from "./dimension-values.ts";
import { DISTINCT_COUNT, EventSlices, internalReferrer, readsEventScope } from "./event-scope.ts";
import {
  compileDimensionFilter,
  compileMetricFilter,
  countRegexFilters,
} from "./filter-expression.ts";
import { GroupTable } from "./group-table.ts";
import { type AggregatedRow, orderRows } from "./ordering.ts";
import type {
  DimensionSource,
  MetricAggregation,
  ReportOrder,
  ReportQuery,
} from "./report-query.ts";
import { reportTokenCost } from "./token-cost.ts";

export interface BuiltReport {
  /** Every row of the report in order; a page is a slice. */
  rows: readonly AggregatedRow[];
  /** One row per date range for each requested aggregation, labelled RESERVED_*. */
  aggregations: Readonly<Record<MetricAggregation, readonly AggregatedRow[]>>;
  dataLossFromOtherRow: boolean;
  /** One entry per date range when the report is sampled; none when it is not. */
  samplingMetadatas: readonly SamplingMetadata[];
  subjectToThresholding: boolean;
  tokenCost: number;
}

/** Google's SamplingMetadata (data.proto): counts of events, for one date range. */
export interface SamplingMetadata {
  samplesReadCount: number;
  samplingSpaceSize: number;
}

const METRIC_COUNT = FACT_METRICS.length;
const OTHER = "(other)";

export function buildReport(
  query: ReportQuery,
  property: SyntheticProperty,
  today: number,
): BuiltReport {
  const scan = aggregate(query, property, today);
  const requested = query.metrics.map((metric) => FACT_METRICS.indexOf(metric.name));
  // "If false or unspecified, each row with all metrics equal to 0 will not be returned" (§3.1).
  // A report without metrics has nothing to be 0: its rows are the combinations seen.
  const groups: number[] = [];
  for (let group = 0; group < scan.ranges.length; group++) {
    const base = group * METRIC_COUNT;
    if (
      query.keepEmptyRows ||
      requested.length === 0 ||
      requested.some((index) => scan.sums[base + index] !== 0)
    ) {
      groups.push(group);
    }
  }

  const ranking = {
    kind: "metric",
    metric: query.metrics[0]?.name ?? "sessions",
    desc: true,
  } as const satisfies ReportOrder;
  const folded = foldIntoOther(
    groups,
    scan,
    query,
    property.profile.cardinalityLimit,
    FACT_METRICS.indexOf(ranking.metric),
  );
  let rows = folded.rows;
  if (query.metricFilter) {
    const keep = compileMetricFilter(query.metricFilter);
    rows = rows.filter((row) => keep(row.sums));
  }
  // Without orderBys: biggest first by the first metric, as GA4's own reports list rows.
  const ordered = orderRows(rows, query.orderBys.length > 0 ? query.orderBys : [ranking]);

  return {
    rows: ordered,
    aggregations: {
      TOTAL: query.metricAggregations.includes("TOTAL")
        ? aggregationRows(ordered, query, "TOTAL")
        : [],
      MINIMUM: query.metricAggregations.includes("MINIMUM")
        ? aggregationRows(ordered, query, "MINIMUM")
        : [],
      MAXIMUM: query.metricAggregations.includes("MAXIMUM")
        ? aggregationRows(ordered, query, "MAXIMUM")
        : [],
    },
    dataLossFromOtherRow: folded.dataLoss,
    samplingMetadatas: samplingOf(scan, property.profile.samplingThresholdSessions),
    subjectToThresholding: property.profile.thresholded === true,
    tokenCost: reportTokenCost({
      factRowsScanned: scan.factRowsScanned,
      daysScanned: scan.daysScanned,
      regexFilters: countRegexFilters(query.dimensionFilter),
    }),
  };
}

/** The groups of a report before they become rows: only the ones that survive are built. */
interface Scan {
  table: GroupTable;
  /** The date range of each group. */
  ranges: number[];
  /** METRIC_COUNT sums per group, indexed like FACT_METRICS. */
  sums: Float64Array;
  /** Every session and event of the property in each date range, whatever the filter. */
  rangeSessions: number[];
  rangeEvents: number[];
  factRowsScanned: number;
  daysScanned: number;
}

const SESSIONS = FACT_METRICS.indexOf("sessions");
const KEY_EVENTS = FACT_METRICS.indexOf("keyEvents");
const TOTAL_USERS = FACT_METRICS.indexOf("totalUsers");
const ENGAGED_SESSIONS = FACT_METRICS.indexOf("engagedSessions");
const EVENT_COUNT = FACT_METRICS.indexOf("eventCount");

function aggregate(query: ReportQuery, property: SyntheticProperty, today: number): Scan {
  const rangeNames = query.dateRanges.map((range) => range.name);
  // A report reading eventName or pageReferrer counts events, not sessions (event-scope.ts):
  // its column and filter readers take those two fields from the event being counted.
  const eventScope = readsEventScope(query);
  const event: EventFields = { eventName: "", pageReferrer: "" };
  const read = (source: DimensionSource) =>
    extractor(source, rangeNames, eventScope ? event : undefined);
  const extractors = query.dimensions.map((dimension) => read(dimension.source));
  const width = extractors.length;
  const passes = query.dimensionFilter && compileDimensionFilter(query.dimensionFilter, read);

  const table = new GroupTable(width);
  const ranges: number[] = [];
  let sums = new Float64Array(1024 * METRIC_COUNT);
  const rangeSessions = query.dateRanges.map(() => 0);
  const rangeEvents = query.dateRanges.map(() => 0);
  let factRowsScanned = 0;
  let daysScanned = 0;

  const groupOf = (row: FactRow, range: number): number => {
    for (let i = 0; i < width; i++) table.set(i, (extractors[i] as Extractor)(row, range));
    const group = table.find();
    if (group === ranges.length) {
      ranges.push(range);
      if ((group + 1) * METRIC_COUNT > sums.length) {
        const grown = new Float64Array(sums.length * 2);
        grown.set(sums);
        sums = grown;
      }
    }
    return group;
  };

  // Data exists up to yesterday; before the property's creation day there is none, so a range
  // reaching back years does not walk thousands of empty days (one day of slack for time zones).
  const created = dayOfTimestamp(property.profile.createTime);
  const firstDay = Math.max(
    created === undefined ? Number.NEGATIVE_INFINITY : created - 1,
    Math.min(...query.dateRanges.map((range) => range.startDay)),
  );
  const lastDay = Math.min(today - 1, Math.max(...query.dateRanges.map((range) => range.endDay)));

  const slices = new EventSlices();
  const internal = internalReferrer(property.profile.defaultUri);
  // The groups one fact row's events fell into, and what they add to each.
  const rowGroups = new Int32Array(slices.fields.length);
  const rowSums = new Float64Array(slices.fields.length * METRIC_COUNT);

  for (let day = firstDay; day <= lastDay; day++) {
    const inRanges: number[] = [];
    query.dateRanges.forEach((range, index) => {
      if (range.startDay <= day && day <= range.endDay) inRanges.push(index);
    });
    if (inRanges.length === 0) continue;
    const facts = property.rowsForDay(compactDate(day));
    factRowsScanned += facts.length;
    daysScanned++;
    let daySessions = 0;
    let dayEvents = 0;
    for (const row of facts) {
      daySessions += row.sessions;
      dayEvents += row.eventCount;
    }
    for (const range of inRanges) {
      rangeSessions[range] = (rangeSessions[range] ?? 0) + daySessions;
      rangeEvents[range] = (rangeEvents[range] ?? 0) + dayEvents;
      for (const row of facts) {
        if (!eventScope) {
          if (passes && !passes(row, range)) continue;
          const group = groupOf(row, range);
          // Every metric is summed, totalUsers too: in GA4 users are a distinct count that does
          // not add up across days or rows, but fact rows carry no user ids, so the stand-in sums.
          const base = group * METRIC_COUNT;
          sums[base + SESSIONS] = (sums[base + SESSIONS] as number) + row.sessions;
          sums[base + KEY_EVENTS] = (sums[base + KEY_EVENTS] as number) + row.keyEvents;
          sums[base + TOTAL_USERS] = (sums[base + TOTAL_USERS] as number) + row.totalUsers;
          sums[base + ENGAGED_SESSIONS] =
            (sums[base + ENGAGED_SESSIONS] as number) + row.engagedSessions;
          sums[base + EVENT_COUNT] = (sums[base + EVENT_COUNT] as number) + row.eventCount;
          continue;
        }
        slices.fill(row, internal(row));
        let touched = 0;
        for (let slice = 0; slice < slices.count; slice++) {
          const fields = slices.fields[slice] as EventFields;
          event.eventName = fields.eventName;
          event.pageReferrer = fields.pageReferrer;
          if (passes && !passes(row, range)) continue;
          const group = groupOf(row, range);
          let at = 0;
          while (at < touched && rowGroups[at] !== group) at++;
          if (at === touched) {
            touched++;
            rowGroups[at] = group;
            rowSums.fill(0, at * METRIC_COUNT, (at + 1) * METRIC_COUNT);
          }
          for (let m = 0; m < METRIC_COUNT; m++) {
            const value = slices.sums[slice * METRIC_COUNT + m] as number;
            const so = rowSums[at * METRIC_COUNT + m] as number;
            rowSums[at * METRIC_COUNT + m] = DISTINCT_COUNT[m] ? Math.max(so, value) : so + value;
          }
        }
        for (let at = 0; at < touched; at++) {
          const base = (rowGroups[at] as number) * METRIC_COUNT;
          for (let m = 0; m < METRIC_COUNT; m++) {
            sums[base + m] =
              (sums[base + m] as number) + (rowSums[at * METRIC_COUNT + m] as number);
          }
        }
      }
    }
  }
  return { table, ranges, sums, rangeSessions, rangeEvents, factRowsScanned, daysScanned };
}

/**
 * Sampling (data.proto SamplingMetadata: "The total number of events read in this sampled report
 * for a date range" / "The total number of events present in this property's data that could
 * have been analyzed in this report for a date range"). Once a date range holds more sessions
 * than the property's threshold, every range gets an entry, in request order ("One
 * samplingMetadatas is populated for each date range"); a range under the threshold reads all of
 * its events. The sample reads the events of `threshold` sessions' worth of the range, but the
 * stand-in's numbers stay exact: its sample happens to be a perfect one.
 */
function samplingOf(scan: Scan, threshold: number | undefined): SamplingMetadata[] {
  if (threshold === undefined || scan.rangeSessions.every((sessions) => sessions <= threshold)) {
    return [];
  }
  return scan.rangeSessions.map((sessions, range) => {
    const space = scan.rangeEvents[range] ?? 0;
    const read = sessions > threshold ? Math.floor((space * threshold) / sessions) : space;
    return { samplesReadCount: read, samplingSpaceSize: space };
  });
}

function rowOf(scan: Scan, group: number): AggregatedRow {
  const base = group * METRIC_COUNT;
  const sums: number[] = [];
  for (let m = 0; m < METRIC_COUNT; m++) sums.push(scan.sums[base + m] as number);
  return { values: scan.table.values(group), sums, range: scan.ranges[group] ?? 0 };
}

/**
 * The `keep` groups with the biggest `metric`, and the summed metrics of the rest. Among groups
 * with equal values at the boundary the first seen stay (earliest day, then the generator's row
 * order): GA4 does not say which of equally common rows it keeps, and this choice is
 * deterministic and needs no sort of the groups themselves.
 */
function topGroups(
  groups: readonly number[],
  scan: Scan,
  metric: number,
  keep: number,
): { top: number[]; restSums: number[] } {
  const metricOf = (group: number) => scan.sums[group * METRIC_COUNT + metric] as number;
  const sorted = Float64Array.from(groups, metricOf).sort();
  const threshold = keep > 0 ? (sorted[sorted.length - keep] as number) : Number.POSITIVE_INFINITY;
  let ties = keep;
  for (const value of sorted) if (value > threshold) ties--;
  const top: number[] = [];
  const restSums: number[] = new Array(METRIC_COUNT).fill(0);
  for (const group of groups) {
    const value = metricOf(group);
    if (value > threshold || (value === threshold && ties-- > 0)) {
      top.push(group);
    } else {
      addInto(restSums, scan.sums.subarray(group * METRIC_COUNT, (group + 1) * METRIC_COUNT));
    }
  }
  return { top, restSums };
}

/**
 * GA4's `(other)` row (§3.9): past the property's row limit, the top (limit - 1) rows by the
 * first metric stay and the rest are summed into one row whose dimension values are all
 * `(other)`. It is done per date range, and the `dateRange` column keeps the range's name, so
 * each range's rows still add up to that range's totals.
 */
function foldIntoOther(
  groups: readonly number[],
  scan: Scan,
  query: ReportQuery,
  limit: number | undefined,
  rankMetric: number,
): { rows: AggregatedRow[]; dataLoss: boolean } {
  const byRange = new Map<number, number[]>();
  for (const group of groups) {
    const range = scan.ranges[group] ?? 0;
    const list = byRange.get(range);
    if (list) list.push(group);
    else byRange.set(range, [group]);
  }
  if (limit === undefined || [...byRange.values()].every((list) => list.length <= limit)) {
    return { rows: groups.map((group) => rowOf(scan, group)), dataLoss: false };
  }

  const rows: AggregatedRow[] = [];
  for (const [range, list] of [...byRange].sort(([a], [b]) => a - b)) {
    if (list.length <= limit) {
      rows.push(...list.map((group) => rowOf(scan, group)));
      continue;
    }
    const { top, restSums: otherSums } = topGroups(list, scan, rankMetric, limit - 1);
    const kept = top.map((group) => rowOf(scan, group));
    const otherValues = query.dimensions.map((dimension) =>
      dimension.source.kind === "dateRange" ? (query.dateRanges[range]?.name ?? "") : OTHER,
    );
    // A kept row that already reads `(other)` in every column is the same row: merge into it.
    const existing = kept.findIndex((row) =>
      row.values.every((value, i) => value === otherValues[i]),
    );
    if (existing >= 0) {
      addInto(otherSums, (kept[existing] as AggregatedRow).sums);
      kept.splice(existing, 1);
    }
    rows.push(...kept, { values: otherValues, sums: otherSums, range });
  }
  return { rows, dataLoss: true };
}

function addInto(target: number[], sums: ArrayLike<number>): void {
  for (let m = 0; m < METRIC_COUNT; m++) target[m] = (target[m] ?? 0) + (sums[m] ?? 0);
}

const AGGREGATION_LABELS: Readonly<Record<MetricAggregation, string>> = {
  TOTAL: "RESERVED_TOTAL",
  MINIMUM: "RESERVED_MIN",
  MAXIMUM: "RESERVED_MAX",
};

/**
 * One aggregation row per date range that has rows, over every row of the report (not just the
 * page). Dimension values are `RESERVED_TOTAL` / `RESERVED_MIN` / `RESERVED_MAX` (§3.1), except
 * the `dateRange` column, which names the range.
 */
function aggregationRows(
  rows: readonly AggregatedRow[],
  query: ReportQuery,
  kind: MetricAggregation,
): AggregatedRow[] {
  const byRange = new Map<number, number[]>();
  for (const row of rows) {
    const current = byRange.get(row.range);
    if (current === undefined) {
      byRange.set(row.range, [...row.sums]);
      continue;
    }
    for (let m = 0; m < METRIC_COUNT; m++) {
      const value = row.sums[m] ?? 0;
      const so = current[m] ?? 0;
      current[m] =
        kind === "TOTAL"
          ? so + value
          : kind === "MINIMUM"
            ? Math.min(so, value)
            : Math.max(so, value);
    }
  }
  return [...byRange]
    .sort(([a], [b]) => a - b)
    .map(([range, sums]) => ({
      values: query.dimensions.map((dimension) =>
        dimension.source.kind === "dateRange"
          ? (query.dateRanges[range]?.name ?? "")
          : AGGREGATION_LABELS[kind],
      ),
      sums,
      range,
    }));
}
