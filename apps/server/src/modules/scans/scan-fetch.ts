import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { ResponseMetadata } from "@utmost/contracts";
import type { Combination, View } from "@utmost/engine";
import {
  type GoogleDataClient,
  isGoogleError,
  type ReportPage,
} from "../../integrations/google/index.ts";
import {
  type CheckpointStore,
  type SamplingTotals,
  type ViewRecord,
  ViewRecorder,
  type WindowCheckpoint,
} from "./scan-checkpoint.ts";
import {
  CHUNKING_THRESHOLD_SESSIONS,
  createRowDecoder,
  type DayWindow,
  DEFAULT_CHUNK_SIZE_DAYS,
  DecodeCache,
  type RowSink,
  recordedDimensions,
  SCAN_VIEWS,
  totalSessionsQuery,
  viewReportQuery,
  windowDays,
} from "./scan-plan.ts";

/**
 * Reads a property's rows for a scan: decides between one window over the whole range and date
 * chunks, reads each window as one report per engine view (scan-plan.ts), pages through each,
 * checkpoints each finished window, resumes from an earlier attempt's checkpoints, and stops
 * early, keeping what it has, when the property's quota runs low (ADR 013).
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
  /** Where the rows go: the scan's auditor, given every view of SCAN_VIEWS. */
  sink: RowSink;
  /** Where finished windows are kept, and found again by a later attempt. */
  checkpoints?: CheckpointStore;
  onProgress(progress: FetchProgress): void;
  /** The chunk size this scan settled on, to be remembered on the property. */
  onChunkSize(days: number): Promise<void>;
}

export interface FetchSummary {
  /** Report rows read, the resumed windows' included. */
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
  /** Google's sampling over every sampled report, or null when none was sampled. */
  sampling: SamplingTotals | null;
  /** Whether Google said some report was subject to thresholding. */
  thresholded: boolean;
  /** Days taken from an earlier attempt's checkpoints instead of fetched again. */
  resumedDays: number;
  /** Requests the resumed windows took in the earlier attempt. */
  resumedApiCalls: number;
}

/** Rows handed to the engine between yields, so one 250,000-row page does not stall the server. */
const ROWS_PER_SLICE = 20_000;
/**
 * Windows requested ahead of the one being read: Google computes the next reports while this
 * process parses the current ones (GA4 allows 10 concurrent requests per property, §3.8; a
 * window is three).
 */
const WINDOWS_AHEAD = 1;

/** One view's report of a window, its first page already requested. */
interface PendingReport {
  view: View;
  pages: AsyncGenerator<ReportPage, void, undefined>;
  first: Promise<IteratorResult<ReportPage, void>>;
}

/** A window's reports. */
interface Pending {
  window: DayWindow;
  reports: PendingReport[];
}

type WindowOutcome = "done" | "split" | "quota";

export async function fetchScanRows(input: FetchInput): Promise<FetchSummary> {
  const { data, propertyId, range, signal } = input;
  const totalDays = windowDays(range);
  let chunkSize = input.rememberedChunkSizeDays;
  let rowsFetched = 0;
  let daysFetched = 0;
  let daysWithOtherRow = 0;
  let quotaLimitHit = false;
  let quotaWindow: string | undefined;
  let sampling: SamplingTotals | null = null;
  let thresholded = false;
  let resumedDays = 0;
  let resumedApiCalls = 0;
  /** The newest day not yet requested: windows go newest first, so a cut-short scan keeps the
   * most recent traffic. */
  let cursor = range.endDay;
  const ahead: Pending[] = [];
  const caches = new Map<View, DecodeCache>(SCAN_VIEWS.map((view) => [view, new DecodeCache()]));
  /**
   * The checkpoints being written, one after the other, while the next window is read: writing
   * one is the database's work (and gzip's, on another thread), not this loop's. A failed write
   * fails the scan at the next window's end, or at the fetch's.
   */
  let saving: Promise<void> = Promise.resolve();

  const progress = (windowShare: number) =>
    input.onProgress({
      fraction: Math.min(1, (daysFetched + windowShare) / totalDays),
      rowsFetched,
      isChunkedScan: chunkSize !== null,
      chunkSizeDays: chunkSize,
    });

  /** Requests a window's reports, or nothing when the range is done or quota is low. */
  const request = (): Pending | undefined => {
    if (cursor < range.startDay) return undefined;
    if (data.lowQuota(propertyId)) {
      quotaLimitHit = true;
      return undefined;
    }
    const size = chunkSize ?? totalDays;
    const window = { startDay: Math.max(range.startDay, cursor - size + 1), endDay: cursor };
    cursor = window.startDay - 1;
    const reports = SCAN_VIEWS.map((view): PendingReport => {
      const pages = data.runReportPages(propertyId, viewReportQuery(view, window));
      const first = pages.next();
      // Read (or dropped) later; a failure must not surface as an unhandled rejection meanwhile.
      first.catch(() => {});
      return { view, pages, first };
    });
    return { window, reports };
  };

  /** Forgets the windows requested ahead; the next one starts again at `from`. */
  const dropAhead = (from: number) => {
    for (const pending of ahead.splice(0)) closeReports(pending.reports);
    cursor = from;
  };

  try {
    await resume();

    if (chunkSize === null && cursor >= range.startDay) {
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
      // Only once a window came back whole is the chunk size known to hold.
      while (settled && ahead.length < WINDOWS_AHEAD) {
        const next = request();
        if (!next) break;
        ahead.push(next);
      }
      const outcome = await readWindow(current);
      if (outcome === "split") {
        dropAhead(current.window.endDay);
        // GA4 folded rows into (other) (ga4-protocol.md §3.9): the same days again in smaller
        // chunks, and the smaller size remembered for later scans.
        const days = windowDays(current.window);
        await settleChunkSize(Math.max(1, Math.min(DEFAULT_CHUNK_SIZE_DAYS, Math.floor(days / 2))));
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
    await saving;
  } catch (error) {
    // A checkpoint still being written is finished first, so that the next attempt finds it.
    await saving.catch(() => {});
    // Google answers RESOURCE_EXHAUSTED for every request once any quota window is spent (§3.8).
    if (!isGoogleError(error, "GOOGLE_QUOTA_EXHAUSTED")) throw error;
    quotaLimitHit = true;
    quotaWindow = error.quotaWindow;
  } finally {
    dropAhead(cursor);
  }
  await saving;

  return {
    rowsFetched,
    isChunkedScan: chunkSize !== null,
    chunkSizeDays: chunkSize,
    isComplete: !quotaLimitHit && daysFetched === totalDays,
    quotaLimitHit,
    quotaWindow,
    daysFetched,
    daysWithOtherRow,
    sampling,
    thresholded,
    resumedDays,
    resumedApiCalls,
  };

  async function settleChunkSize(days: number): Promise<void> {
    chunkSize = days;
    await input.onChunkSize(days);
  }

  /**
   * Feeds an earlier attempt's finished windows to the engine: the ones that continue the range
   * from its newest day, one after the other. A checkpoint of another range (the attempt ran on
   * another day) is not used.
   */
  async function resume(): Promise<void> {
    if (!input.checkpoints) return;
    const saved = await input.checkpoints.load();
    const byEnd = new Map(saved.map((checkpoint) => [checkpoint.window.endDay, checkpoint]));
    /** Every view's combinations by their numbers, over the windows read back so far. */
    const known = new Map<View, Map<number, Combination>>(
      SCAN_VIEWS.map((view) => [view, new Map()]),
    );
    for (;;) {
      const checkpoint = byEnd.get(cursor);
      if (!checkpoint || checkpoint.window.startDay < range.startDay) break;
      // A window naming a combination no window before it wrote is not read back: fetched again.
      if (!SCAN_VIEWS.every((view) => replayable(checkpoint.views[view], known.get(view)))) break;
      signal.throwIfAborted();
      for (const view of SCAN_VIEWS) {
        const record = checkpoint.views[view];
        if (record) replay(view, record, known.get(view) as Map<number, Combination>);
      }
      const days = windowDays(checkpoint.window);
      cursor = checkpoint.window.startDay - 1;
      daysFetched += days;
      resumedDays += days;
      rowsFetched += checkpoint.rowsFetched;
      resumedApiCalls += checkpoint.apiCalls;
      daysWithOtherRow += checkpoint.daysWithOtherRow;
      sampling = mergeSampling(sampling, checkpoint.sampling);
      thresholded ||= checkpoint.thresholded;
      await yieldToEventLoop();
    }
    for (const [view, combinations] of known) {
      const cache = caches.get(view) as DecodeCache;
      for (const id of combinations.keys()) cache.nextId = Math.max(cache.nextId, id + 1);
    }
    if (resumedDays > 0) {
      // The chunk size the earlier attempt settled on holds for the rest of the range.
      chunkSize ??= input.rememberedChunkSizeDays;
      progress(0);
    }
  }

  /** A checkpointed view's rows added to the engine, its new combinations made known. */
  function replay(view: View, record: ViewRecord, known: Map<number, Combination>): void {
    const dimensions = recordedDimensions(view);
    for (const [id, ...values] of record.combinations) {
      const combination: Record<string, string> = {};
      for (let i = 0; i < dimensions.length; i++) {
        const value = values[i];
        if (typeof value === "string") combination[dimensions[i] as string] = value;
      }
      known.set(id as number, input.sink.combination(combination, view));
    }
    const rows = record.rows;
    for (let i = 0; i < rows.length; i += 4) {
      const date = rows[i + 1] as number;
      input.sink.addTo(
        known.get(rows[i] as number) as Combination,
        rows[i + 2] as number,
        rows[i + 3] as number,
        date > 0 ? String(date) : undefined,
      );
    }
  }

  /** Pages through one window's reports into the engine, and checkpoints it. */
  async function readWindow(pending: Pending): Promise<WindowOutcome> {
    const { window, reports } = pending;
    const days = windowDays(window);
    // Every view's first page before any row reaches the engine: a report that folded rows into
    // (other) means the whole window again in smaller chunks, and rows already added would count
    // twice.
    const firsts: IteratorResult<ReportPage, void>[] = [];
    for (const report of reports) firsts.push(await report.first);
    signal.throwIfAborted();
    if (
      days > 1 &&
      firsts.some((result) => !result.done && result.value.metadata?.dataLossFromOtherRow)
    ) {
      closeReports(pending.reports);
      return "split";
    }
    const keep = input.checkpoints !== undefined;
    const recorders = new Map<View, ViewRecorder>();
    let windowRows = 0;
    let windowCalls = 0;
    let windowSampling: SamplingTotals | null = null;
    let windowThresholded = false;
    let otherRow = false;
    let outcome: WindowOutcome = "done";

    for (let r = 0; r < reports.length; r++) {
      const report = reports[r] as PendingReport;
      const record = keep ? new ViewRecorder() : undefined;
      if (record) recorders.set(report.view, record);
      let result = firsts[r] as IteratorResult<ReportPage, void>;
      const share = (r + 1) / reports.length;
      for (;;) {
        if (result.done) break;
        const page = result.value;
        windowCalls += 1;
        if (page.offset === 0) {
          const metadata = page.metadata;
          if (metadata?.dataLossFromOtherRow) otherRow = true;
          windowSampling = sumSampling(windowSampling, metadata);
          windowThresholded ||= metadata?.subjectToThresholding === true;
        }
        const decoder = createRowDecoder(
          report.view,
          page.dimensionHeaders,
          page.metricHeaders,
          caches.get(report.view),
        );
        const pageRows = page.table;
        const read = page.offset + pageRows.length;
        // The next page is requested before this one is read, as windows are.
        const more = read < page.rowCount && !data.lowQuota(propertyId);
        let next: Promise<IteratorResult<ReportPage, void>> | undefined;
        if (more) {
          next = report.pages.next();
          next.catch(() => {});
        }
        for (let start = 0; start < pageRows.length; start += ROWS_PER_SLICE) {
          const end = Math.min(pageRows.length, start + ROWS_PER_SLICE);
          decoder.feedRows(pageRows, start, end, input.sink, record);
          rowsFetched += end - start;
          windowRows += end - start;
          await yieldToEventLoop();
          signal.throwIfAborted();
        }
        pageRows.release();
        const pageShare = page.rowCount > 0 ? Math.min(read, page.rowCount) / page.rowCount : 1;
        progress(((r + pageShare) / reports.length) * days);
        if (!next) {
          if (read < page.rowCount) {
            await report.pages.return();
            outcome = "quota";
          }
          break;
        }
        result = await next;
        signal.throwIfAborted();
      }
      if (outcome === "quota") {
        closeReports(reports.slice(r + 1));
        break;
      }
      progress(share * days);
    }

    if (otherRow) daysWithOtherRow += days;
    sampling = mergeSampling(sampling, windowSampling);
    thresholded ||= windowThresholded;
    if (outcome === "done" && input.checkpoints) {
      const checkpoint: WindowCheckpoint = {
        window,
        rowsFetched: windowRows,
        apiCalls: windowCalls,
        daysWithOtherRow: otherRow ? days : 0,
        views: Object.fromEntries(
          [...recorders].map(([view, recorder]) => [view, recorder.record()]),
        ),
        sampling: windowSampling,
        thresholded: windowThresholded,
      };
      const checkpoints = input.checkpoints;
      // Windows are written in order, and at most one waits: the one before is written first.
      await saving;
      saving = checkpoints.save(checkpoint);
      // Awaited later; until then a failure must not surface as an unhandled rejection.
      saving.catch(() => {});
    }
    return outcome;
  }
}

function sumSampling(
  totals: SamplingTotals | null,
  metadata: ResponseMetadata | undefined,
): SamplingTotals | null {
  let out = totals;
  for (const entry of metadata?.samplingMetadatas ?? []) {
    out = mergeSampling(out, {
      samplesReadCount: Number(entry.samplesReadCount ?? 0),
      samplingSpaceSize: Number(entry.samplingSpaceSize ?? 0),
    });
  }
  return out;
}

/** Stops reports whose first page was requested, once it is in (or failed). */
function closeReports(reports: readonly PendingReport[]): void {
  for (const report of reports) {
    report.first.then(
      () => report.pages.return(),
      () => {},
    );
  }
}

function mergeSampling(a: SamplingTotals | null, b: SamplingTotals | null): SamplingTotals | null {
  if (!a) return b;
  if (!b) return a;
  return {
    samplesReadCount: a.samplesReadCount + b.samplesReadCount,
    samplingSpaceSize: a.samplingSpaceSize + b.samplingSpaceSize,
  };
}

/** Whether every row of a checkpointed view names a combination known by then or written in it. */
function replayable(record: ViewRecord | undefined, known: Map<number, Combination> | undefined) {
  if (!record) return true;
  const ids = new Set<number>(known?.keys());
  for (const [id] of record.combinations) {
    if (typeof id !== "number") return false;
    ids.add(id);
  }
  for (let i = 0; i < record.rows.length; i += 4)
    if (!ids.has(record.rows[i] as number)) return false;
  return record.rows.length % 4 === 0;
}
