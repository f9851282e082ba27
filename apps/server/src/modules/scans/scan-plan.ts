import type { DimensionHeader, FilterExpression, MetricHeader, ReportRow } from "@utmost/contracts";
import {
  type Auditor,
  type AuditRow,
  type Combination,
  DIMENSIONS,
  type Dimension,
  GOOGLE_CLICK_ID_PARAMS,
  OTHER_CLICK_ID_PARAMS,
  VIEW_DIMENSIONS,
  VIEWS,
  type View,
} from "@utmost/engine";
import {
  GoogleError,
  ObjectReportRows,
  type ReportQuery,
  type ReportRows,
  RowKeys,
} from "../../integrations/google/index.ts";
import type { ViewRecorder } from "./scan-checkpoint.ts";

/**
 * What a scan asks GA4 for (ADR 013). The engine reads 13 dimensions and a report takes at most
 * 9 ("Requests are allowed up to 9 dimensions"), so each date window is read as three reports,
 * one per engine view, each within Google's limits and each counting a session at most once:
 *
 * - `sessions`, the ledger: date, source, medium, campaign, channel group, the three manual
 *   ones and the landing page. Every session once; the totals, shares and score come from it.
 * - `details`: the manual dimensions with utm_id, utm_term and utm_content and the landing page,
 *   only for sessions that carry one of those three or a utm_source without a utm_campaign. Rows
 *   are filtered at Google, so the report stays small.
 * - `referrers`: `pageReferrer` is event-scoped (each event's page_referrer), so it is counted
 *   on `session_start` events only: each session once, under the referrer of its landing page.
 *   Only sessions with a manual source or UTMs on the landing page, the ones a check reads.
 *
 * The engine keeps the views apart (`createAuditor`'s `views`): no view's sessions are added to
 * another's, and every check reads the one view it declares.
 */

/** The last 90 days (DESIGN.md), ending 2 days before today, which GA4 still revises. */
export const SCAN_RANGE_DAYS = 90;
export const SETTLING_DAYS = 2;
/** Spec §9: properties with more sessions than this in the range are fetched in date chunks. */
export const CHUNKING_THRESHOLD_SESSIONS = 100_000;
/** Spec §4: chunks of `chunk_size_days`, 2 when unspecified. */
export const DEFAULT_CHUNK_SIZE_DAYS = 2;

/** The value GA4 reports for a session without the parameter (ga4-protocol.md §4.1). */
const NOT_SET = ["(not set)", ""];

/** An inclusive span of days, as UTC day numbers (days since 1970-01-01). */
export interface DayWindow {
  startDay: number;
  endDay: number;
}

const MS_PER_DAY = 86_400_000;

export function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / MS_PER_DAY);
}

export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function windowDays(window: DayWindow): number {
  return window.endDay - window.startDay + 1;
}

/** The scan's date range for an audit run at `now` (UTC days). */
export function scanDateRange(now: Date): DayWindow {
  const today = Math.floor(now.getTime() / MS_PER_DAY);
  const endDay = today - SETTLING_DAYS;
  return { startDay: endDay - SCAN_RANGE_DAYS + 1, endDay };
}

function dateRanges(window: DayWindow) {
  return [{ startDate: isoDate(window.startDay), endDate: isoDate(window.endDay) }];
}

const isSet = (fieldName: Dimension): FilterExpression => ({
  notExpression: { filter: { fieldName, inListFilter: { values: NOT_SET } } },
});
const isNotSet = (fieldName: Dimension): FilterExpression => ({
  filter: { fieldName, inListFilter: { values: NOT_SET } },
});

/**
 * Parameters a page referrer carries when a redirect dropped them from the landing page
 * (tracking-lost-in-redirect): UTMs and the ad platforms' click ids.
 */
export const REFERRER_TRACKING_PARAMS: readonly string[] = [
  "utm_",
  ...GOOGLE_CLICK_ID_PARAMS,
  ...OTHER_CLICK_ID_PARAMS,
];

const referrerCarries = (value: string): FilterExpression => ({
  filter: {
    fieldName: "pageReferrer",
    stringFilter: { matchType: "CONTAINS", value, caseSensitive: false },
  },
});

/** The sessions each view's report keeps; the ledger keeps every one. */
export const VIEW_FILTERS: Readonly<Record<View, FilterExpression | undefined>> = {
  sessions: undefined,
  details: {
    orGroup: {
      expressions: [
        isSet("sessionManualCampaignId"),
        isSet("sessionManualTerm"),
        isSet("sessionManualAdContent"),
        {
          andGroup: {
            expressions: [isSet("sessionManualSource"), isNotSet("sessionManualCampaignName")],
          },
        },
      ],
    },
  },
  referrers: {
    andGroup: {
      expressions: [
        {
          filter: {
            fieldName: "eventName",
            stringFilter: { matchType: "EXACT", value: "session_start" },
          },
        },
        {
          orGroup: {
            expressions: [
              isSet("sessionManualSource"),
              {
                filter: {
                  fieldName: "landingPagePlusQueryString",
                  stringFilter: { matchType: "CONTAINS", value: "utm_", caseSensitive: false },
                },
              },
              // A referrer that carried tracking parameters the landing page lost.
              ...REFERRER_TRACKING_PARAMS.map(referrerCarries),
            ],
          },
        },
      ],
    },
  },
};

/**
 * The metrics of each view's report. Under the referrers' `eventName` filter, `keyEvents` would
 * count key events among the session_start events only, never one: key events are the ledger's.
 */
const VIEW_METRICS: Readonly<Record<View, readonly string[]>> = {
  sessions: ["sessions", "keyEvents"],
  details: ["sessions", "keyEvents"],
  referrers: ["sessions"],
};

/** One view's report over a window: its dimensions, metrics and filter. */
export function viewReportQuery(view: View, window: DayWindow): ReportQuery {
  const filter = VIEW_FILTERS[view];
  return {
    dimensions: VIEW_DIMENSIONS[view].map((name) => ({ name })),
    metrics: VIEW_METRICS[view].map((name) => ({ name })),
    dateRanges: dateRanges(window),
    ...(filter ? { dimensionFilter: filter } : {}),
  };
}

/** The reports of one window, the ledger first. */
export const SCAN_VIEWS: readonly View[] = VIEWS;

/** The cheap first request: sessions over the range, no dimensions. */
export function totalSessionsQuery(window: DayWindow): ReportQuery {
  return { dimensions: [], metrics: [{ name: "sessions" }], dateRanges: dateRanges(window) };
}

/** GA4's row past a report's row limit reads `(other)` in every column (ga4-protocol.md §3.9). */
const DATE = /^\d{8}$/;
const KNOWN_DIMENSIONS = new Set<string>(DIMENSIONS);

/** Where decoded rows go: the scan's auditor. */
export type RowSink = Pick<Auditor, "add" | "combination" | "addTo">;

/** A view's dimensions as a checkpoint writes a combination's values: all but the date. */
export function recordedDimensions(view: View): readonly Dimension[] {
  return VIEW_DIMENSIONS[view].filter((dimension) => dimension !== "date");
}

export interface RowDecoder {
  /** The engine's row for a report row. */
  decode(row: ReportRow): AuditRow;
  /**
   * Decodes `row` into the sink's view, and writes it to `record` (a checkpoint's) when given:
   * its combination's values the first time the scan meets it, else the combination's number.
   */
  feed(row: ReportRow, sink: RowSink, record?: ViewRecorder): void;
  /** `feed` for rows `start` to `end` (exclusive) of a page read in place. */
  feedRows(
    rows: ReportRows,
    start: number,
    end: number,
    sink: RowSink,
    record?: ViewRecorder,
  ): void;
}

/**
 * Combinations already met in one view, by their values but the date as the report's bytes have
 * them (`ReportRows.find`). A combination recurs on many days, so most rows are found here and
 * added without their values read or looked up in the engine. One per view serves a whole scan.
 */
export class DecodeCache {
  keys = new RowKeys();
  /** By the key's entry: the engine's combination and its number in checkpoints. */
  readonly combinations: Combination[] = [];
  readonly ids: number[] = [];
  /** The next combination number; a resumed scan starts past the checkpoints' numbers. */
  nextId = 0;

  /** Forgets every key (numbers go on from where they were). */
  restart(): void {
    this.keys = new RowKeys();
    this.combinations.length = 0;
    this.ids.length = 0;
  }
}
/** About 100 MB at the most; past it the cache starts again. */
const DECODE_CACHE_LIMIT = 400_000;

/**
 * Turns rows of one view's report into the engine's rows, by the response's headers: dimension
 * values by header name, metric strings to numbers. A header the engine does not read is an
 * answer to another request: refused.
 */
export function createRowDecoder(
  view: View,
  dimensionHeaders: readonly DimensionHeader[],
  metricHeaders: readonly MetricHeader[],
  cache: DecodeCache = new DecodeCache(),
): RowDecoder {
  const names = dimensionHeaders.map((header) => {
    if (!KNOWN_DIMENSIONS.has(header.name)) {
      throw new GoogleError("GOOGLE_BAD_RESPONSE", `Unexpected report column ${header.name}`);
    }
    return header.name as Dimension;
  });
  const dateAt = names.indexOf("date");
  const sessionsAt = metricHeaders.findIndex((header) => header.name === "sessions");
  const keyEventsAt = metricHeaders.findIndex((header) => header.name === "keyEvents");
  if (sessionsAt < 0) {
    throw new GoogleError("GOOGLE_BAD_RESPONSE", "The report has no sessions column");
  }
  /** Where each recorded dimension is in the report's columns (-1: not there). */
  const recordedAt = recordedDimensions(view).map((dimension) => names.indexOf(dimension));

  function metric(rows: ReportRows, row: number, index: number): number {
    if (index < 0) return 0;
    const value = rows.metric(row, index);
    if (!Number.isFinite(value) || value < 0) {
      throw new GoogleError("GOOGLE_BAD_RESPONSE", "A report row has an invalid metric value");
    }
    return value;
  }

  /** The last date read, whether it is one, and its number: a report's rows mostly share it. */
  let lastDate: string | undefined;
  let lastIsDate = false;
  let lastDateNumber = 0;

  function date(rows: ReportRows, row: number): string | undefined {
    if (dateAt < 0) return undefined;
    const value = rows.dimension(row, dateAt);
    if (value !== lastDate) {
      lastDate = value;
      lastIsDate = value !== undefined && DATE.test(value);
      lastDateNumber = lastIsDate ? Number(value) : 0;
    }
    return lastIsDate ? value : undefined;
  }

  /** The engine's values of a row: every column but the date, by dimension. */
  function valuesOf(columns: readonly (string | undefined)[]): { [D in Dimension]?: string } {
    const out: { [D in Dimension]?: string } = {};
    for (let i = 0; i < names.length; i++) {
      if (i === dateAt) continue;
      const value = columns[i];
      if (value !== undefined) out[names[i] as Dimension] = value;
    }
    return out;
  }

  function decode(row: ReportRow): AuditRow {
    const rows = new ObjectReportRows([row]);
    const day = date(rows, 0);
    return {
      ...valuesOf(rows.dimensions(0)),
      ...(day !== undefined ? { date: day } : {}),
      sessions: metric(rows, 0, sessionsAt),
      keyEvents: metric(rows, 0, keyEventsAt),
    };
  }

  function feedRows(
    rows: ReportRows,
    start: number,
    end: number,
    sink: RowSink,
    record?: ViewRecorder,
  ): void {
    for (let row = start; row < end; row++) {
      // The row's values as the page's bytes have them: found again without reading them.
      let entry = rows.find(cache.keys, row, dateAt);
      let id: number;
      let combination: Combination;
      if (entry < 0) {
        if (cache.keys.size >= DECODE_CACHE_LIMIT) cache.restart();
        const columns = rows.dimensions(row);
        combination = sink.combination(valuesOf(columns), view);
        id = cache.nextId++;
        entry = rows.add(cache.keys, row, dateAt);
        cache.combinations[entry] = combination;
        cache.ids[entry] = id;
        if (record) {
          const written: (number | string | null)[] = [id];
          for (const at of recordedAt) written.push(columns[at] ?? null);
          record.combinations.push(written);
        }
      } else {
        combination = cache.combinations[entry] as Combination;
        id = cache.ids[entry] as number;
      }
      const sessions = metric(rows, row, sessionsAt);
      const keyEvents = metric(rows, row, keyEventsAt);
      const day = date(rows, row);
      sink.addTo(combination, sessions, keyEvents, day);
      // The date's number is the last date's: `date` just read it.
      record?.addRow(id, day === undefined ? 0 : lastDateNumber, sessions, keyEvents);
    }
  }

  return {
    decode,
    feedRows,
    feed(row, sink, record) {
      feedRows(new ObjectReportRows([row]), 0, 1, sink, record);
    },
  };
}
