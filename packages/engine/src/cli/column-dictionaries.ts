import type { ValueShapes } from "../core/audit-data.ts";
import type { CombinationValues, EncodedRows } from "../core/auditor.ts";
import { KEY_DIMENSIONS } from "../core/auditor.ts";
import { KeyTable } from "./key-table.ts";
import { ShapeTable } from "./shape-table.ts";

/** The dimension whose values' shapes are found as they are numbered (`ShapeTable`). */
const SHAPED = KEY_DIMENSIONS.indexOf("landingPagePlusQueryString");

/**
 * The hash of the bytes `view[start, end)`, read four at a time (MurmurHash3's 32-bit mix): a
 * value's bytes hash the same wherever they lie. A byte-at-a-time hash (FNV-1a) is one chain of
 * multiplications as long as the value; this is a quarter of that, each word mixed on its own.
 */
export function hashBytes(view: DataView, start: number, end: number): number {
  let hash = end - start;
  let at = start;
  for (; at + 4 <= end; at += 4) {
    hash ^= mixWord(view.getInt32(at, true));
    hash = (hash << 13) | (hash >>> 19);
    hash = (Math.imul(hash, 5) + 0xe6546b64) | 0;
  }
  let tail = 0;
  for (let shift = 0; at < end; at++, shift += 8) tail |= view.getUint8(at) << shift;
  hash ^= mixWord(tail);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

/** Whether the bytes `view[start, end)` are all ASCII, read four at a time. */
export function isAscii(view: DataView, start: number, end: number): boolean {
  let high = 0;
  let at = start;
  for (; at + 4 <= end; at += 4) high |= view.getInt32(at);
  for (; at < end; at++) high |= view.getUint8(at);
  return (high & 0x80808080) === 0;
}

function mixWord(word: number): number {
  const mixed = Math.imul(word, 0xcc9e2d51);
  return Math.imul((mixed << 15) | (mixed >>> 17), 0x1b873593);
}

/** A DataView over all of `bytes`, to hash them with `hashBytes`. */
export function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Below this many values, a dictionary's lookups take one pass (`idsOfMany`). */
const FEW_KEYS = 4096;

/** Slots of a dictionary's quick lookup (`quickSlot`). */
const QUICK_SLOTS = 1 << 12;

/**
 * Where a value of the bytes `view[start, end)` is looked for first in a small dictionary: a
 * slot read from its length and at most three of its words (its first, middle and last four
 * bytes), not from every byte as its hash is (`hashBytes`). Values of one slot are told apart by
 * their bytes (`KeyTable.holdsNumber`), so a slot shared costs a full lookup, never a wrong one.
 */
function quickSlot(view: DataView, start: number, end: number): number {
  const length = end - start;
  let key = length;
  if (length >= 4) {
    key = Math.imul(key ^ view.getInt32(start, true), 0x9e3779b1) ^ view.getInt32(end - 4, true);
    if (length > 8) {
      key = Math.imul(key, 0x85ebca6b) ^ view.getInt32(start + ((length - 4) >> 1), true);
    }
  } else {
    for (let at = start; at < end; at++) key = Math.imul(key, 31) + view.getUint8(at);
  }
  key = Math.imul(key ^ (key >>> 16), 0x7feb352d);
  return (key ^ (key >>> 15)) & (QUICK_SLOTS - 1);
}

/**
 * Each key dimension's distinct values, numbered in the order they first came, as a columnar
 * engine keeps a column's dictionary: a row is then the tuple of its values' numbers, and the
 * auditor groups rows by those (`Auditor.encoded`) without looking up a string. Values are found
 * straight from the file's bytes (a `KeyTable` per dimension), so a value costs one decoding,
 * the first time it comes.
 *
 * One per view, shared by every file of it: the numbers stay the same from file to file.
 */
export class ColumnDictionaries {
  /** Each of KEY_DIMENSIONS' values by number, in that order: what `Auditor.encoded` takes. */
  readonly values: (string | undefined)[][] = KEY_DIMENSIONS.map(() => []);
  /** The numbers of each dimension's values by their bytes: number n is value n. */
  readonly #tables: KeyTable[] = this.values.map((values) => new KeyTable(values));
  /** The shapes of the landing pages, by their numbers (`ShapeTable`). */
  readonly #shapes = new ShapeTable();
  /** The number of each dimension's absent value (undefined), -1 until one is met. */
  readonly #absent = new Int32Array(KEY_DIMENSIONS.length).fill(-1);
  /** Rows given as objects (a JSON report): each dimension's numbers by string, made on demand. */
  #byString: Map<string, number>[] | undefined;
  #ids = new Int32Array(KEY_DIMENSIONS.length);
  /** `idsOfMany`'s hashes and numbers found in their own slots, reused call to call. */
  #hashes = new Int32Array(0);
  #found = new Int32Array(0);
  /** Each dimension's quick lookup while its dictionary is small: a value's number + 1 by slot. */
  readonly #quick: Int32Array[] = this.values.map(() => new Int32Array(QUICK_SLOTS));
  #bytes = Buffer.alloc(256);
  #view = viewOf(this.#bytes);

  /**
   * The number of dimension `d`'s value whose UTF-8 bytes are `bytes[start, end)` (`view` a
   * DataView over `bytes`, `viewOf`): found, or added the first time.
   */
  idOf(d: number, bytes: Buffer, view: DataView, start: number, end: number): number {
    return this.#idOfHashed(d, bytes, view, start, end, hashBytes(view, start, end));
  }

  /**
   * `idOf` for `count` values of dimension `d` at once: value `i` is
   * `bytes[starts[from + i], ends[from + i])`, and its number goes to `ids[i * width + d]`; a
   * value whose start is -1 is skipped (its number is there already). New values are numbered in
   * order, as one `idOf` a value would number them. In passes over the values, each short, the
   * table's slots and then the keys are read while the reads before are still under way: at
   * high cardinality each lookup is a wait for memory, and the waits overlap.
   */
  idsOfMany(
    d: number,
    bytes: Buffer,
    view: DataView,
    starts: Int32Array,
    ends: Int32Array,
    from: number,
    count: number,
    ids: Int32Array,
    width: number,
  ): void {
    const table = this.#tables[d] as KeyTable;
    if (this.#hashes.length < count) {
      this.#hashes = new Int32Array(count);
      this.#found = new Int32Array(count);
    }
    if (table.size < FEW_KEYS) {
      // A small table stays in the cache: one pass, no waits to overlap. Each value is looked
      // for in its quick slot first, and the full lookup (its hash, then the table) only when
      // the slot holds another.
      const quick = this.#quick[d] as Int32Array;
      for (let i = 0; i < count; i++) {
        const start = starts[from + i] as number;
        if (start < 0) continue;
        const end = ends[from + i] as number;
        const slot = quickSlot(view, start, end);
        let id = (quick[slot] as number) - 1;
        if (id < 0 || !table.holdsNumber(id, view, start, end)) {
          id = this.idOf(d, bytes, view, start, end);
          quick[slot] = id + 1;
        }
        ids[i * width + d] = id;
      }
      return;
    }
    const hashes = this.#hashes;
    const found = this.#found;
    for (let i = 0; i < count; i++) {
      const start = starts[from + i] as number;
      if (start >= 0) hashes[i] = hashBytes(view, start, ends[from + i] as number);
    }
    table.ownSlotNumbers(view, starts, ends, from, count, hashes, found);
    // In the values' order, so new values are numbered as they come.
    for (let i = 0; i < count; i++) {
      const start = starts[from + i] as number;
      if (start < 0) continue;
      const number = found[i] as number;
      ids[i * width + d] =
        number >= 0
          ? number
          : this.#idOfHashed(d, bytes, view, start, ends[from + i] as number, hashes[i] as number);
    }
  }

  /** `idOf` with the value's hash (`hashBytes`) computed already. */
  #idOfHashed(
    d: number,
    bytes: Buffer,
    view: DataView,
    start: number,
    end: number,
    hash: number,
  ): number {
    const table = this.#tables[d] as KeyTable;
    const found = table.lookup(view, start, end, hash);
    if (found >= 0) return found;
    // The landing pages' shape read first: the same reading tells whether the value is ASCII.
    const shaped = d === SHAPED ? this.#shapes.add(view, start, end) : -1;
    // An ASCII value's Latin-1 decoding is its text, and the faster to make.
    const ascii = shaped >= 0 ? shaped === 1 : isAscii(view, start, end);
    const value = bytes.toString(ascii ? "latin1" : "utf8", start, end);
    (this.values[d] as (string | undefined)[]).push(value);
    return table.add(bytes, start, end, hash, undefined, ascii, ~found);
  }

  /**
   * The shapes of dimension `d`'s values by their numbers, when they are found for it (the
   * landing pages): what `Auditor.encoded` reads when the audit finishes.
   */
  shapes(d: number): ValueShapes | undefined {
    return d === SHAPED ? this.#shapes : undefined;
  }

  /**
   * About `rows` more rows are to come: each dimension may get as many new values at most
   * (`KeyTable.expect`).
   */
  expect(rows: number): void {
    for (const table of this.#tables) table.expect(table.size + rows);
  }

  /** Lets the lookup tables' memory go at once: the values stay, nothing is found afterwards. */
  release(): void {
    for (const table of this.#tables) table.release();
    this.#shapes.release();
  }

  /** The number of dimension `d`'s absent value (a column the file lacks). */
  absentId(d: number): number {
    let id = this.#absent[d] as number;
    if (id < 0) {
      id = this.#place(d, undefined);
      this.#absent[d] = id;
    }
    return id;
  }

  /**
   * The numbers of a row given as an object (the JSON reports), in KEY_DIMENSIONS' order, in an
   * array the next call reuses.
   */
  idsOf(row: CombinationValues): Int32Array {
    const ids = this.#ids;
    for (let d = 0; d < KEY_DIMENSIONS.length; d++) {
      const value = row[KEY_DIMENSIONS[d] as (typeof KEY_DIMENSIONS)[number]];
      ids[d] = value === undefined ? this.absentId(d) : this.#idOfString(d, value);
    }
    return ids;
  }

  #idOfString(d: number, value: string): number {
    this.#byString ??= KEY_DIMENSIONS.map(() => new Map());
    const known = this.#byString[d] as Map<string, number>;
    let id = known.get(value);
    if (id !== undefined) return id;
    if (!value.isWellFormed()) {
      // Its UTF-8 bytes would be another string's (U+FFFD in place of a lone surrogate).
      id = this.#place(d, value);
    } else {
      const length = Buffer.byteLength(value, "utf8");
      if (length > this.#bytes.length) {
        this.#bytes = Buffer.alloc(length * 2);
        this.#view = viewOf(this.#bytes);
      }
      this.#bytes.write(value, 0, "utf8");
      id = this.idOf(d, this.#bytes, this.#view, 0, length);
    }
    known.set(value, id);
    return id;
  }

  /** Adds `value` under a key no bytes find. */
  #place(d: number, value: string | undefined): number {
    (this.values[d] as (string | undefined)[]).push(value);
    if (d === SHAPED) this.#shapes.addNone();
    return (this.#tables[d] as KeyTable).addUnmatchable();
  }
}

/** Where a reader puts rows: a view's dictionaries and what adds rows by their numbers. */
export interface EncodedSink {
  readonly dictionaries: ColumnDictionaries;
  readonly rows: EncodedRows;
}
