import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  type GoogleDataClient,
  isGoogleError,
  type ReportPage,
} from "../../integrations/google/index.ts";
import {
  CHUNKING_THRESHOLD_SESSIONS,
  createRowDecoder,
  type DayWindow,
  DEFAULT_CHUNK_SIZE_DAYS,
  type DecodeCache,
  JOINED_PLAN,
  PLAIN_PLAN,
  type RowSink,
  type ScanPlan,
  scanReportQuery,
  totalSessionsQuery,
  windowDays,
} from "./scan-plan.ts";

/**
 * Reads a property's rows for a scan: decides between one request over the whole range and date
 * chunks, pages through each report, and stops early, keeping what it has, when the property's
 * quota runs low (DESIGN.md, "The audit, end to end").
 */

export interface FetchProgress {
  /** Share of the range read, 0-1. */
  fraction: number;
  rowsFetched: number;
  isChunkedScan: boolean;
  chunkSizeDays: number | null;
}

export interface FetchInput {
  data: GoogleDataClient;
  propertyId: string;
  range: DayWindow;
  /** Chunk size a previous scan settled on (spec §4), or null to measure the property first. */
  rememberedChunkSizeDays: number | null;
  signal: AbortSignal;
  /** Where the rows go: the scan's auditor. */
  sink: RowSink;
  onProgress(progress: FetchProgress): void;
  /** The chunk size this scan settled on, to be remembered on the property. */
  onChunkSize(days: number): Promise<void>;
}

export interface FetchSummary {
  rowsFetched: number;
  isChunkedScan: boolean;
  chunkSizeDays: number | null;
  /** False when the scan stopped before reading the whole range. */
  isComplete: boolean;
  quotaLimitHit: boolean;
  /** Which quota window ran out, when Google refused a request for it. */
  quotaWindow: string | undefined;
  /** The plan the rows came from: "plain" when Google refused the joined column. */
  plan: ScanPlan["name"];
  /** Days read, newest first; fewer than the range's on a partial scan. */
  daysFetched: number;
  /** Days whose report still folded rows into `(other)` at the smallest chunk. */
  daysWithOtherRow: number;
  ambiguousRows: number;
}

/** Rows handed to the engine between yields, so one 250,000-row page does not stall the server. */
const ROWS_PER_SLICE = 20_000;
/**
 * Windows requested ahead of the one being read: Google computes the next report while this
 * process parses the current one (GA4 allows 10 concurrent requests per property, §3.8).
 */
const WINDOWS_AHEAD = 2;

/** A window's report, its first page already requested. */
interface Pending {
  window: DayWindow;
  pages: AsyncGenerator<ReportPage, void, undefined>;
  first: Promise<IteratorResult<ReportPage, void>>;
}

type WindowOutcome = "done" | "split" | "quota" | "refused";

export async function fetchScanRows(input: FetchInput): Promise<FetchSummary> {
  const { data, propertyId, range, signal } = input;
  const totalDays = windowDays(range);
  let plan = JOINED_PLAN;
  let chunkSize = input.rememberedChunkSizeDays;
  let rowsFetched = 0;
  let daysFetched = 0;
  let daysWithOtherRow = 0;
  let ambiguousRows = 0;
  let quotaLimitHit = false;
  let quotaWindow: string | undefined;
  /** The newest day not yet requested: windows go newest first, so a cut-short scan keeps the
   * most recent traffic. */
  let cursor = range.endDay;
  const ahead: Pending[] = [];
  const decodeCache: DecodeCache = new Map();

  const progress = (windowShare: number) =>
    input.onProgress({
      fraction: Math.min(1, (daysFetched + windowShare) / totalDays),
      rowsFetched,
      isChunkedScan: chunkSize !== null,
      chunkSizeDays: chunkSize,
    });

  /** Requests the next window's first page, or nothing when the range is done or quota is low. */
  const request = (): Pending | undefined => {
    if (cursor < range.startDay) return undefined;
    if (data.lowQuota(propertyId)) {
      quotaLimitHit = true;
      return undefined;
    }
    const size = chunkSize ?? totalDays;
    const window = { startDay: Math.max(range.startDay, cursor - size + 1), endDay: cursor };
    cursor = window.startDay - 1;
    const pages = data.runReportPages(propertyId, scanReportQuery(window, plan));
    const first = pages.next();
    // Read (or dropped) later; a failure must not surface as an unhandled rejection meanwhile.
    first.catch(() => {});
    return { window, pages, first };
  };

  /** Forgets the windows requested ahead; the next one starts again at `from`. */
  const dropAhead = (from: number) => {
    for (const pending of ahead.splice(0)) {
      pending.first.then(
        () => pending.pages.return(),
        () => {},
      );
    }
    cursor = from;
  };

  try {
    if (chunkSize === null) {
      signal.throwIfAborted();
      const totals = await data.runReport(propertyId, {
        ...totalSessionsQuery(range),
        returnPropertyQuota: true,
      });
      const sessions = Number(totals.rows[0]?.metricValues[0]?.value ?? "0");
      if (sessions > CHUNKING_THRESHOLD_SESSIONS) await settleChunkSize(DEFAULT_CHUNK_SIZE_DAYS);
    }

    let settled = false;
    for (;;) {
      signal.throwIfAborted();
      const current = ahead.shift() ?? request();
      if (!current) break;
      // Only once a window came back whole is the plan and chunk size known to hold.
      while (settled && ahead.length < WINDOWS_AHEAD) {
        const next = request();
        if (!next) break;
        ahead.push(next);
      }
      const outcome = await readWindow(current);
      if (outcome === "split" || outcome === "refused") {
        dropAhead(current.window.endDay);
        if (outcome === "refused") {
          plan = PLAIN_PLAN;
        } else {
          // GA4 folded rows into (other) (ga4-protocol.md §3.9): the same days again in smaller
          // chunks, and the smaller size remembered for later scans.
          const days = windowDays(current.window);
          await settleChunkSize(
            Math.max(1, Math.min(DEFAULT_CHUNK_SIZE_DAYS, Math.floor(days / 2))),
          );
        }
        continue;
      }
      if (outcome === "quota") {
        quotaLimitHit = true;
        break;
      }
      settled = true;
      daysFetched += windowDays(current.window);
      progress(0);
    }
  } catch (error) {
    // Google answers RESOURCE_EXHAUSTED for every request once any quota window is spent (§3.8).
    if (!isGoogleError(error, "GOOGLE_QUOTA_EXHAUSTED")) throw error;
    quotaLimitHit = true;
    quotaWindow = error.quotaWindow;
  } finally {
    dropAhead(cursor);
  }

  return {
    rowsFetched,
    isChunkedScan: chunkSize !== null,
    chunkSizeDays: chunkSize,
    isComplete: !quotaLimitHit && daysFetched === totalDays,
    quotaLimitHit,
    quotaWindow,
    plan: plan.name,
    daysFetched,
    daysWithOtherRow,
    ambiguousRows,
  };

  async function settleChunkSize(days: number): Promise<void> {
    chunkSize = days;
    await input.onChunkSize(days);
  }

  /** Pages through one window's report into the engine. */
  async function readWindow({ window, pages, first }: Pending): Promise<WindowOutcome> {
    const days = windowDays(window);
    let next = first;
    for (;;) {
      let result: IteratorResult<ReportPage, void>;
      try {
        result = await next;
      } catch (error) {
        // Google refused the joined column before any row of it was read: try the plain plan.
        if (
          plan === JOINED_PLAN &&
          rowsFetched === 0 &&
          isGoogleError(error, "GOOGLE_INVALID_REQUEST")
        ) {
          return "refused";
        }
        throw error;
      }
      if (result.done) return "done";
      const page = result.value;
      signal.throwIfAborted();
      if (page.offset === 0 && page.metadata?.dataLossFromOtherRow) {
        if (days > 1) {
          await pages.return();
          return "split";
        }
        daysWithOtherRow += 1;
      }
      const decoder = createRowDecoder(page.dimensionHeaders, page.metricHeaders, decodeCache);
      const rows = page.rows;
      const read = page.offset + rows.length;
      // The next page is requested before this one is read, as windows are.
      const more = read < page.rowCount && !data.lowQuota(propertyId);
      if (more) {
        next = pages.next();
        next.catch(() => {});
      }
      for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
        const end = Math.min(rows.length, start + ROWS_PER_SLICE);
        for (let i = start; i < end; i++) decoder.feed(rows[i] as (typeof rows)[0], input.sink);
        rowsFetched += end - start;
        await yieldToEventLoop();
        signal.throwIfAborted();
      }
      ambiguousRows += decoder.ambiguousRows;
      progress(page.rowCount > 0 ? (Math.min(read, page.rowCount) / page.rowCount) * days : days);
      if (!more) {
        if (read < page.rowCount) {
          await pages.return();
          return "quota";
        }
        return "done";
      }
    }
  }
}
