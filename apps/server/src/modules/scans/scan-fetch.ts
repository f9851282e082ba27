import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { AuditRow } from "@utmost/engine";
import { type GoogleDataClient, isGoogleError } from "../../integrations/google/index.ts";
import {
  CHUNKING_THRESHOLD_SESSIONS,
  createRowDecoder,
  type DayWindow,
  DEFAULT_CHUNK_SIZE_DAYS,
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
  onRow(row: AuditRow): void;
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
  /** Days read, newest first; fewer than the range's on a partial scan. */
  daysFetched: number;
  /** Days whose report still folded rows into `(other)` at the smallest chunk. */
  daysWithOtherRow: number;
  ambiguousRows: number;
}

/** Rows handed to the engine between yields, so one 250,000-row page does not stall the server. */
const ROWS_PER_SLICE = 20_000;

export async function fetchScanRows(input: FetchInput): Promise<FetchSummary> {
  const { data, propertyId, range, signal } = input;
  const totalDays = windowDays(range);
  let chunkSize = input.rememberedChunkSizeDays;
  let rowsFetched = 0;
  let daysFetched = 0;
  let daysWithOtherRow = 0;
  let ambiguousRows = 0;
  let quotaLimitHit = false;
  let quotaWindow: string | undefined;

  const progress = (windowShare: number) =>
    input.onProgress({
      fraction: Math.min(1, (daysFetched + windowShare) / totalDays),
      rowsFetched,
      isChunkedScan: chunkSize !== null,
      chunkSizeDays: chunkSize,
    });

  const settleChunkSize = async (days: number) => {
    chunkSize = days;
    await input.onChunkSize(days);
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

    // Newest days first: a scan cut short by the quota keeps the most recent traffic.
    let cursor = range.endDay;
    while (cursor >= range.startDay) {
      if (data.lowQuota(propertyId)) {
        quotaLimitHit = true;
        break;
      }
      const size = chunkSize ?? totalDays;
      const window = { startDay: Math.max(range.startDay, cursor - size + 1), endDay: cursor };
      const days = windowDays(window);
      const outcome = await fetchWindow(window);
      if (outcome === "split") {
        // GA4 folded rows into (other) (ga4-protocol.md §3.9): read the same days again in
        // smaller chunks, and remember the smaller size for later scans.
        await settleChunkSize(Math.max(1, Math.min(DEFAULT_CHUNK_SIZE_DAYS, Math.floor(days / 2))));
        continue;
      }
      if (outcome === "quota") {
        quotaLimitHit = true;
        break;
      }
      daysFetched += days;
      cursor = window.startDay - 1;
      progress(0);
    }
  } catch (error) {
    // Google answers RESOURCE_EXHAUSTED for every request once any quota window is spent (§3.8).
    if (!isGoogleError(error, "GOOGLE_QUOTA_EXHAUSTED")) throw error;
    quotaLimitHit = true;
    quotaWindow = error.quotaWindow;
  }

  return {
    rowsFetched,
    isChunkedScan: chunkSize !== null,
    chunkSizeDays: chunkSize,
    isComplete: !quotaLimitHit && daysFetched === totalDays,
    quotaLimitHit,
    quotaWindow,
    daysFetched,
    daysWithOtherRow,
    ambiguousRows,
  };

  /** Pages through one window's report into the engine. */
  async function fetchWindow(window: DayWindow): Promise<"done" | "split" | "quota"> {
    const days = windowDays(window);
    signal.throwIfAborted();
    for await (const page of data.runReportPages(propertyId, scanReportQuery(window))) {
      signal.throwIfAborted();
      if (page.offset === 0 && page.metadata?.dataLossFromOtherRow) {
        if (days > 1) return "split";
        daysWithOtherRow += 1;
      }
      const decoder = createRowDecoder(page.dimensionHeaders, page.metricHeaders);
      const rows = page.rows;
      for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
        const end = Math.min(rows.length, start + ROWS_PER_SLICE);
        for (let i = start; i < end; i++) input.onRow(decoder.decode(rows[i] as (typeof rows)[0]));
        rowsFetched += end - start;
        await yieldToEventLoop();
        signal.throwIfAborted();
      }
      ambiguousRows += decoder.ambiguousRows;
      const read = page.offset + rows.length;
      progress(page.rowCount > 0 ? (Math.min(read, page.rowCount) / page.rowCount) * days : days);
      if (read < page.rowCount && data.lowQuota(propertyId)) return "quota";
    }
    return "done";
  }
}
