import { hashBytes } from "./column-dictionaries.ts";
import { KeyTable } from "./key-table.ts";

/** Rows over which the cache's hits are counted before it is judged again. */
const WINDOW = 1 << 14;
/** Rows looked up before the cache is judged: in the first rows of a file most are new anyway. */
const WARM = 3 * WINDOW;
/** The most entries kept: rows met after that are still found, not remembered. */
const MOST = 1 << 20;

/**
 * The groups of rows whose key fields' bytes were met before, in one file: a GA4 export repeats
 * each combination of values on many days, and a row whose bytes from its first key field to its
 * last are the bytes of an earlier row is that row's combination. Found with one hash and one
 * comparison of those bytes, the row skips the lookup of each of its values and of their tuple.
 *
 * A file with nearly a combination a row (landing pages with query strings) finds little here
 * and pays a hash a row: once the cache is warm (its first rows are mostly new in any file), a
 * window of rows that finds fewer than one in four turns it off for the rest of the file and
 * lets its memory go.
 */
export class RowCache {
  /** The rows' key bytes, each kept under its group's number. */
  #table = new KeyTable();
  /** The last `findMany`'s hashes, by row. */
  #hashes = new Int32Array(0);
  #on = true;
  #rows = 0;
  #windowRows = 0;
  #windowHits = 0;

  /** Whether rows are still looked up here. */
  get on(): boolean {
    return this.#on;
  }

  /** Entries remembered (none once off). */
  get size(): number {
    return this.#on ? this.#table.size : 0;
  }

  /**
   * The group of each of `count` rows, row `i`'s key bytes `view[starts[i], ends[i])`, into
   * `groups[i]`: -1 for a row not met before (or whose start is -1: not to be looked up). In
   * passes (`KeyTable.ownSlotNumbers`), so the reads of memory overlap. Returns the
   * number found.
   */
  findMany(
    view: DataView,
    starts: Int32Array,
    ends: Int32Array,
    count: number,
    groups: Int32Array,
  ): number {
    if (!this.#on) throw new Error("the row cache is off");
    const table = this.#table;
    if (this.#hashes.length < count) {
      this.#hashes = new Int32Array(count);
    }
    const hashes = this.#hashes;
    for (let i = 0; i < count; i++) {
      const start = starts[i] as number;
      hashes[i] = start < 0 ? 0 : hashBytes(view, start, ends[i] as number);
    }
    table.ownSlotNumbers(view, starts, ends, 0, count, hashes, groups);
    let found = 0;
    for (let i = 0; i < count; i++) {
      const start = starts[i] as number;
      if (start < 0) continue;
      // Not in its own slot (another hash is there, or another key of its hash): probe on.
      if ((groups[i] as number) < 0) {
        groups[i] = table.find(view, start, ends[i] as number, hashes[i] as number);
      }
      if ((groups[i] as number) >= 0) found++;
    }
    this.#judge(count, found);
    return found;
  }

  /**
   * Remembers row `i` of the last `findMany` (its key bytes `bytes[start, end)`, `view` over
   * `bytes`) as of group `group`, unless a row of the same bytes is remembered already.
   */
  remember(
    i: number,
    bytes: Uint8Array,
    view: DataView,
    start: number,
    end: number,
    group: number,
  ) {
    const table = this.#table;
    if (!this.#on || table.size >= MOST) return;
    const hash = this.#hashes[i] as number;
    if (table.find(view, start, end, hash) >= 0) return;
    table.add(bytes, start, end, hash, group);
  }

  /** Lets the cache's memory go: it finds nothing afterwards. */
  release(): void {
    this.#on = false;
    this.#table.release();
  }

  /** Counts a batch's hits, and turns the cache off once a warm cache finds too few. */
  #judge(rows: number, hits: number): void {
    this.#rows += rows;
    this.#windowRows += rows;
    this.#windowHits += hits;
    if (this.#windowRows < WINDOW) return;
    if (this.#rows >= WARM && this.#windowHits * 4 < this.#windowRows) this.release();
    this.#windowRows = 0;
    this.#windowHits = 0;
  }
}
