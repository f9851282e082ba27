import type { AuditRow, View } from "@utmost/engine";
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

export interface WindowCheckpoint {
  window: DayWindow;
  /** Report rows read for the window, over every view. */
  rowsFetched: number;
  /** Requests the window took. */
  apiCalls: number;
  /** Days of the window whose report still folded rows into `(other)`. */
  daysWithOtherRow: number;
  /** The window's decoded rows, by the engine view they feed. */
  views: Partial<Record<View, AuditRow[]>>;
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
