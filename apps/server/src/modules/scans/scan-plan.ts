import type { DimensionHeader, MetricHeader, ReportRow } from "@utmost/contracts";
import {
  type Auditor,
  type AuditRow,
  type Combination,
  type CombinationValues,
  DIMENSIONS,
  type Dimension,
} from "@utmost/engine";
import { GoogleError, type ReportQuery } from "../../integrations/google/index.ts";

/**
 * What a scan asks GA4 for (DESIGN.md, "The audit, end to end"; ADR 008).
 *
 * The engine reads 13 dimensions and a report takes at most 9, while rows of two reports with
 * different dimensions cannot be fed to one audit: the engine sums the sessions of every row it
 * gets, so a second report would count each session again, and its rows would lack the first
 * report's dimensions (a landing-page row without the manual source reads as untagged). So the
 * scan asks for ONE report whose single column joins all 13 dimensions with GA4's `concatenate`
 * dimension expression. One column instead of nine also makes each of a report's up to 250,000
 * rows one JSON value instead of nine, which roughly halves the time spent parsing and validating
 * them (docs/performance.md).
 *
 * A joined value is split back by position. The leading parts do not contain the delimiter (a
 * YYYYMMDD date, a default channel group from Google's fixed list, two URLs), and the last part
 * keeps any extra delimiters, so a row is ambiguous only when a value before the last holds the
 * delimiter itself; such rows are counted (`RowDecoder.ambiguousRows`).
 *
 * Should Google refuse the joined column, the scan falls back to the nine plain dimensions that
 * matter most (`PLAIN_PLAN`), and the checks that need the other four are reported as skipped.
 */

/** The last 90 days (DESIGN.md), ending 2 days before today, which GA4 still revises. */
export const SCAN_RANGE_DAYS = 90;
export const SETTLING_DAYS = 2;
/** Spec §9: properties with more sessions than this in the range are fetched in date chunks. */
export const CHUNKING_THRESHOLD_SESSIONS = 100_000;
/** Spec §4: chunks of `chunk_size_days`, 2 when unspecified. */
export const DEFAULT_CHUNK_SIZE_DAYS = 2;

/**
 * Three printable ASCII characters that no campaign value or URL holds in practice. ASCII keeps
 * every report's text one byte per character from Google's JSON to the engine: a non-ASCII
 * delimiter (U+241F was used first) made every value a two-byte string, which doubled the time
 * spent decoding and parsing a report (docs/performance.md).
 */
export const JOIN_DELIMITER = "|~|";

interface ScanColumn {
  /** The column's name in the request and the response header. */
  name: string;
  /** Engine dimensions, in the order they are joined. */
  dimensions: readonly Dimension[];
}

export interface ScanPlan {
  name: "joined" | "plain";
  columns: readonly ScanColumn[];
}

/** Fixed-form parts first, then URLs, then free text (see above). */
export const JOINED_PLAN: ScanPlan = {
  name: "joined",
  columns: [
    {
      name: "utmostSession",
      dimensions: [
        "date",
        "sessionDefaultChannelGroup",
        "pageReferrer",
        "landingPagePlusQueryString",
        "sessionSource",
        "sessionMedium",
        "sessionCampaignName",
        "sessionManualSource",
        "sessionManualMedium",
        "sessionManualCampaignName",
        "sessionManualCampaignId",
        "sessionManualTerm",
        "sessionManualAdContent",
      ],
    },
  ],
};

const plain = (dimension: Dimension): ScanColumn => ({ name: dimension, dimensions: [dimension] });

/** The fallback: the nine dimensions most checks read. */
export const PLAIN_PLAN: ScanPlan = {
  name: "plain",
  columns: (
    [
      "date",
      "sessionSource",
      "sessionMedium",
      "sessionCampaignName",
      "sessionDefaultChannelGroup",
      "sessionManualSource",
      "sessionManualMedium",
      "sessionManualCampaignName",
      "landingPagePlusQueryString",
    ] as const satisfies readonly Dimension[]
  ).map(plain),
};

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

/** The scan's one report over a window: the plan's columns, sessions and key events. */
export function scanReportQuery(window: DayWindow, plan: ScanPlan = JOINED_PLAN): ReportQuery {
  return {
    dimensions: plan.columns.map((column) =>
      column.dimensions.length === 1
        ? { name: column.name }
        : {
            name: column.name,
            dimensionExpression: {
              concatenate: { dimensionNames: [...column.dimensions], delimiter: JOIN_DELIMITER },
            },
          },
    ),
    metrics: [{ name: "sessions" }, { name: "keyEvents" }],
    dateRanges: dateRanges(window),
  };
}

/** The cheap first request: sessions over the range, no dimensions. */
export function totalSessionsQuery(window: DayWindow): ReportQuery {
  return { dimensions: [], metrics: [{ name: "sessions" }], dateRanges: dateRanges(window) };
}

const DIMENSION_SLOT = new Map<string, number>(DIMENSIONS.map((dimension, i) => [dimension, i]));
const COLUMN_BY_NAME = new Map<string, ScanColumn>(
  [...JOINED_PLAN.columns, ...DIMENSIONS.map(plain)].map((column) => [column.name, column]),
);
const DATE = /^\d{8}$/;
/** GA4's row past a report's row limit reads `(other)` in every column (ga4-protocol.md §3.9). */
const OTHER = "(other)";

/** Where decoded rows go: the scan's auditor. */
export type RowSink = Pick<Auditor, "add" | "combination" | "addTo">;

export interface RowDecoder {
  decode(row: ReportRow): AuditRow;
  /**
   * Decodes `row` into `sink`. A joined value seen before (most are: a combination recurs on
   * many days) is neither split nor looked up by its values again: its combination is cached.
   */
  feed(row: ReportRow, sink: RowSink): void;
  /** Rows where a UTM value held the delimiter, so its column could not be split for sure. */
  readonly ambiguousRows: number;
}

/**
 * Joined values already split, by the value without its date. A combination recurs on many days,
 * so most rows are found here: no split, and the same string objects each time, whose hashes V8
 * keeps, so the engine's interning of them is cheap too. One cache serves a whole scan.
 */
export type DecodeCache = Map<string, DecodedValue>;

/** A joined value split, and once its rows reach the auditor, its combination there. */
interface DecodedValue {
  readonly parts: readonly string[];
  combination: Combination | undefined;
}
/** About 100 MB at the most; past it the cache starts again. */
const DECODE_CACHE_LIMIT = 400_000;
const DATE_LENGTH = 8;
/** Where a dated joined value's undated part starts. */
const UNDATED_START = DATE_LENGTH + JOIN_DELIMITER.length;

/**
 * `text` split into `count` parts, the last keeping any further delimiters. `exact` is false when
 * the count did not match, so a delimiter inside a value may have moved a boundary.
 */
function splitJoined(text: string, count: number): { parts: string[]; exact: boolean } {
  const parts = text.split(JOIN_DELIMITER);
  if (parts.length <= count) return { parts, exact: parts.length === count };
  const kept = parts.slice(0, count - 1);
  kept.push(parts.slice(count - 1).join(JOIN_DELIMITER));
  return { parts: kept, exact: false };
}

/**
 * Turns rows of a report into the engine's rows, by the response's headers: dimension values by
 * header name (joined columns split back), metric strings to numbers.
 */
export function createRowDecoder(
  dimensionHeaders: readonly DimensionHeader[],
  metricHeaders: readonly MetricHeader[],
  cache: DecodeCache = new Map(),
): RowDecoder {
  const columns = dimensionHeaders.map((header) => {
    const column = COLUMN_BY_NAME.get(header.name);
    if (!column) {
      throw new GoogleError("GOOGLE_BAD_RESPONSE", `Unexpected report column ${header.name}`);
    }
    return column.dimensions.map((dimension) => DIMENSION_SLOT.get(dimension) ?? -1);
  });
  const sessionsAt = metricHeaders.findIndex((header) => header.name === "sessions");
  const keyEventsAt = metricHeaders.findIndex((header) => header.name === "keyEvents");
  if (sessionsAt < 0) {
    throw new GoogleError("GOOGLE_BAD_RESPONSE", "The report has no sessions column");
  }
  const dateSlot = DIMENSION_SLOT.get("date") ?? -1;
  const values: (string | undefined)[] = new Array(DIMENSIONS.length);
  let ambiguousRows = 0;

  function metric(row: ReportRow, index: number): number {
    if (index < 0) return 0;
    const value = Number(row.metricValues[index]?.value ?? "0");
    if (!Number.isFinite(value) || value < 0) {
      throw new GoogleError("GOOGLE_BAD_RESPONSE", "A report row has an invalid metric value");
    }
    return value;
  }

  /** Splits one joined value into `values`; false when the split was not exact. */
  function splitInto(slots: readonly number[], value: string): boolean {
    if (value === OTHER) {
      for (const slot of slots) values[slot] = OTHER;
      return true;
    }
    let first = 0;
    let text = value;
    if (slots[0] === dateSlot && value.startsWith(JOIN_DELIMITER, DATE_LENGTH)) {
      values[dateSlot] = value.slice(0, DATE_LENGTH);
      text = value.slice(UNDATED_START);
      first = 1;
    }
    const count = slots.length - first;
    const decoded = cachedSplit(text, count);
    if (decoded) {
      fill(slots, first, count, decoded.parts);
      return true;
    }
    // Not exact (rare): split again to fill what can be filled.
    fill(slots, first, count, splitJoined(text, count).parts);
    return false;
  }

  function fill(slots: readonly number[], first: number, count: number, parts: readonly string[]) {
    for (let p = 0; p < count; p++) values[slots[p + first] as number] = parts[p];
  }

  /** `text` split into `count` parts, from the cache or split and cached; undefined when the
   * split is not exact, which is never cached. */
  function cachedSplit(text: string, count: number): DecodedValue | undefined {
    const cached = cache.get(text);
    if (cached) return cached;
    const { parts, exact } = splitJoined(text, count);
    if (!exact) return undefined;
    if (cache.size >= DECODE_CACHE_LIMIT) cache.clear();
    const decoded: DecodedValue = { parts, combination: undefined };
    cache.set(text, decoded);
    return decoded;
  }

  /** The one joined column, dated first, whose values `feed` caches by combination. */
  const joined = columns.length === 1 && columns[0]?.[0] === dateSlot ? columns[0] : undefined;

  /** The cached value of a joined column, or undefined when it cannot be cached. */
  function decodedValue(slots: readonly number[], value: string): DecodedValue | undefined {
    if (!value.startsWith(JOIN_DELIMITER, DATE_LENGTH)) return undefined;
    return cachedSplit(value.slice(UNDATED_START), slots.length - 1);
  }

  function decode(row: ReportRow): AuditRow {
    values.fill(undefined);
    let ambiguous = false;
    for (let c = 0; c < columns.length; c++) {
      const slots = columns[c] as number[];
      const value = row.dimensionValues[c]?.value;
      if (value === undefined) continue;
      if (slots.length === 1) values[slots[0] as number] = value;
      else if (!splitInto(slots, value)) ambiguous = true;
    }
    const date = values[dateSlot];
    if (date !== undefined && !DATE.test(date)) values[dateSlot] = undefined;
    if (ambiguous) ambiguousRows++;
    // One literal with every key in the same order, so all rows share one shape (the engine
    // reads them in a hot loop).
    return {
      sessionSource: values[0],
      sessionMedium: values[1],
      sessionCampaignName: values[2],
      sessionDefaultChannelGroup: values[3],
      sessionManualSource: values[4],
      sessionManualMedium: values[5],
      sessionManualCampaignName: values[6],
      sessionManualCampaignId: values[7],
      sessionManualTerm: values[8],
      sessionManualAdContent: values[9],
      landingPagePlusQueryString: values[10],
      pageReferrer: values[11],
      date: values[12],
      sessions: metric(row, sessionsAt),
      keyEvents: metric(row, keyEventsAt),
    };
  }

  return {
    decode,
    feed(row, sink) {
      const value = joined ? row.dimensionValues[0]?.value : undefined;
      const decoded = value === undefined ? undefined : decodedValue(joined as number[], value);
      if (decoded === undefined) {
        // (other), a value with the delimiter inside it, plain columns: the row in full.
        sink.add(decode(row));
        return;
      }
      const date = (value as string).slice(0, DATE_LENGTH);
      decoded.combination ??= sink.combination(
        combinationValues(joined as number[], decoded.parts),
      );
      sink.addTo(
        decoded.combination,
        metric(row, sessionsAt),
        metric(row, keyEventsAt),
        DATE.test(date) ? date : undefined,
      );
    },
    get ambiguousRows() {
      return ambiguousRows;
    },
  };
}

/** The values of a joined column's parts after the date, by engine dimension. */
function combinationValues(slots: readonly number[], parts: readonly string[]): CombinationValues {
  const values: { [D in Dimension]?: string } = {};
  for (let p = 0; p < parts.length; p++) {
    const dimension = DIMENSIONS[slots[p + 1] as number] as Dimension;
    values[dimension] = parts[p];
  }
  return values;
}
