import type { DimensionHeader, MetricHeader, ReportRow } from "@utmost/contracts";
import { type AuditRow, DIMENSIONS, type Dimension } from "@utmost/engine";
import { GoogleError, type ReportQuery } from "../../integrations/google/index.ts";

/**
 * What a scan asks GA4 for (DESIGN.md, "The audit, end to end"; ADR 008).
 *
 * The engine reads 13 dimensions and a report takes at most 9, while rows of two reports with
 * different dimensions cannot be fed to one audit: the engine sums the sessions of every row it
 * gets, so a second report would count each session again, and its rows would lack the first
 * report's dimensions (a landing-page row without the manual source reads as untagged). So the
 * scan asks for ONE report and packs the 13 dimensions into 9 columns with GA4's `concatenate`
 * dimension expression: seven plain columns and two joined ones. A joined value is split back by
 * position; each leading part is a value that cannot contain the delimiter (a YYYYMMDD date, a
 * default channel group from Google's fixed list, a URL, whose non-ASCII characters are
 * percent-encoded), so only the last part may hold it, and the split is exact. The one exception
 * is utm_term before utm_content, both free text: a row where they hold the delimiter character
 * itself is counted as ambiguous (see `RowDecoder.ambiguousRows`).
 */

/** The last 90 days (DESIGN.md), ending 2 days before today, which GA4 still revises. */
export const SCAN_RANGE_DAYS = 90;
export const SETTLING_DAYS = 2;
/** Spec §9: properties with more sessions than this in the range are fetched in date chunks. */
export const CHUNKING_THRESHOLD_SESSIONS = 100_000;
/** Spec §4: chunks of `chunk_size_days`, 2 when unspecified. */
export const DEFAULT_CHUNK_SIZE_DAYS = 2;

/** U+241F SYMBOL FOR UNIT SEPARATOR: printable, never typed into a campaign by hand. */
export const JOIN_DELIMITER = "\u241f";

interface ScanColumn {
  /** The column's name in the request and the response header. */
  name: string;
  /** Engine dimensions, in the order they are joined. */
  dimensions: readonly Dimension[];
  /** Whether a part before the last is free text that may contain the delimiter. */
  ambiguousWhenSplitFails: boolean;
}

const plain = (dimension: Dimension): ScanColumn => ({
  name: dimension,
  dimensions: [dimension],
  ambiguousWhenSplitFails: false,
});

export const SCAN_COLUMNS: readonly ScanColumn[] = [
  plain("sessionSource"),
  plain("sessionMedium"),
  plain("sessionCampaignName"),
  plain("sessionManualSource"),
  plain("sessionManualMedium"),
  plain("sessionManualCampaignName"),
  plain("landingPagePlusQueryString"),
  {
    name: "utmostDateChannelCampaignId",
    dimensions: ["date", "sessionDefaultChannelGroup", "sessionManualCampaignId"],
    ambiguousWhenSplitFails: false,
  },
  {
    name: "utmostReferrerTermContent",
    dimensions: ["pageReferrer", "sessionManualTerm", "sessionManualAdContent"],
    ambiguousWhenSplitFails: true,
  },
];

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

/** The scan's one report over a window: 9 columns, sessions and key events. */
export function scanReportQuery(window: DayWindow): ReportQuery {
  return {
    dimensions: SCAN_COLUMNS.map((column) =>
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
const COLUMN_BY_NAME = new Map<string, ScanColumn>([
  ...DIMENSIONS.map((dimension) => [dimension, plain(dimension)] as const),
  ...SCAN_COLUMNS.map((column) => [column.name, column] as const),
]);
const DATE = /^\d{8}$/;
/** GA4's row past a report's row limit reads `(other)` in every column (ga4-protocol.md §3.9). */
const OTHER = "(other)";

export interface RowDecoder {
  decode(row: ReportRow): AuditRow;
  /** Rows whose utm_term held the delimiter, so utm_term and utm_content could not be told apart. */
  readonly ambiguousRows: number;
}

/**
 * Turns rows of a report into the engine's rows, by the response's headers: dimension values by
 * header name (joined columns split back), metric strings to numbers.
 */
export function createRowDecoder(
  dimensionHeaders: readonly DimensionHeader[],
  metricHeaders: readonly MetricHeader[],
): RowDecoder {
  const columns = dimensionHeaders.map((header) => {
    const column = COLUMN_BY_NAME.get(header.name);
    if (!column) {
      throw new GoogleError("GOOGLE_BAD_RESPONSE", `Unexpected report column ${header.name}`);
    }
    return {
      ...column,
      slots: column.dimensions.map((dimension) => DIMENSION_SLOT.get(dimension) ?? -1),
    };
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

  return {
    decode(row) {
      values.fill(undefined);
      let ambiguous = false;
      for (let c = 0; c < columns.length; c++) {
        const column = columns[c] as (typeof columns)[number];
        const value = row.dimensionValues[c]?.value;
        if (value === undefined) continue;
        const slots = column.slots;
        if (slots.length === 1) {
          values[slots[0] as number] = value;
          continue;
        }
        const parts = value.split(JOIN_DELIMITER);
        if (parts.length === 1 && value === OTHER) {
          for (const slot of slots) values[slot] = OTHER;
          continue;
        }
        if (parts.length !== slots.length) ambiguous ||= column.ambiguousWhenSplitFails;
        for (let p = 0; p < slots.length; p++) {
          values[slots[p] as number] =
            p === slots.length - 1 ? parts.slice(p).join(JOIN_DELIMITER) : parts[p];
        }
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
    },
    get ambiguousRows() {
      return ambiguousRows;
    },
  };
}
