import type { View } from "@utmost/engine";
import type { DayWindow } from "./scan-plan.ts";

/**
 * A scan's finished date windows, kept so that an attempt after a killed worker or a lost
 * database resumes from the last finished window instead of fetching everything again (ADR 013).
 * Windows finish newest first, one after the other, so the finished ones always cover the range's
 * newest days.
 */

/** What Google said about a window's reports' sampling (ga4-protocol.md, ResponseMetaData). */
export interface SamplingTotals {
  /** Sums over every sampled report's `samplingMetadatas`. */
  samplesReadCount: number;
  samplingSpaceSize: number;
}

/**
 * One view's rows of a window, compactly: a combination of values is written once, in the
 * window where the scan first met it, and every row names its combination by number. A
 * combination a later window meets again is written there by number only, so windows are read
 * back newest first, as they were fetched (scan-fetch.ts).
 */
export interface ViewRecord {
  /** `[id, ...values]`, the values in `VIEW_DIMENSIONS[view]` order without `date` (null: none). */
  combinations: (number | string | null)[][];
  /** Four numbers a row: combination id, date as YYYYMMDD (0: none), sessions, key events. */
  rows: Float64Array;
}

/**
 * A view's record as a window's reports are read: its rows appended to a Float64Array that
 * doubles. A window holds a few hundred thousand of these numbers; in a JavaScript array they were
 * a sixth of everything a scan allocated, and arrays the collector walked.
 */
export class ViewRecorder {
  readonly combinations: ViewRecord["combinations"] = [];
  #rows = new Float64Array(4096);
  #length = 0;

  /** Writes one row: its combination's number, date, sessions and key events. */
  addRow(id: number, date: number, sessions: number, keyEvents: number): void {
    if (this.#length + 4 > this.#rows.length) {
      const grown = new Float64Array(this.#rows.length * 2);
      grown.set(this.#rows);
      this.#rows.buffer.transfer(0);
      this.#rows = grown;
    }
    const rows = this.#rows;
    const at = this.#length;
    rows[at] = id;
    rows[at + 1] = date;
    rows[at + 2] = sessions;
    rows[at + 3] = keyEvents;
    this.#length = at + 4;
  }

  /** What was written, as a checkpoint keeps it. */
  record(): ViewRecord {
    return { combinations: this.combinations, rows: this.#rows.slice(0, this.#length) };
  }
}

export interface WindowCheckpoint {
  window: DayWindow;
  /** Report rows read for the window, over every view. */
  rowsFetched: number;
  /** Requests the window took. */
  apiCalls: number;
  /** Days of the window whose report still folded rows into `(other)`. */
  daysWithOtherRow: number;
  /** The window's rows, by the engine view they feed. */
  views: Partial<Record<View, ViewRecord>>;
  /** Null when no report of the window was sampled. */
  sampling: SamplingTotals | null;
  thresholded: boolean;
}

export interface CheckpointStore {
  /** The scan's finished windows from earlier attempts, newest first; [] when none. */
  load(): Promise<WindowCheckpoint[]>;
  /** Records a finished window; saving the same window again replaces it. */
  save(checkpoint: WindowCheckpoint): Promise<void>;
}
