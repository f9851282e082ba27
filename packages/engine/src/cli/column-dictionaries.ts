import type { CombinationValues, EncodedRows } from "../core/auditor.ts";
import { KEY_DIMENSIONS } from "../core/auditor.ts";
import { KeyTable } from "./key-table.ts";

/** FNV-1a over a value's UTF-8 bytes: the CSV reader hashes each field so as it scans it. */
export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

/**
 * A key no bytes equal (a character above 0xff is no Latin-1 byte): the place of a value that
 * is found by other means (the absent value, a string that is no well-formed UTF-16).
 */
const UNMATCHABLE = "\u0100";

/**
 * Each key dimension's distinct values, numbered in the order they first came, as a columnar
 * engine keeps a column's dictionary: a row is then the tuple of its values' numbers, and the
 * auditor groups rows by those (`Auditor.encoded`) without looking up a string. Values are found
 * straight from the file's bytes (a `KeyTable` per dimension, with the hash the reader computed
 * as it scanned the field), so a value costs one decoding, the first time it comes.
 *
 * One per view, shared by every file of it: the numbers stay the same from file to file.
 */
export class ColumnDictionaries {
  /** Each of KEY_DIMENSIONS' values by number, in that order: what `Auditor.encoded` takes. */
  readonly values: (string | undefined)[][] = KEY_DIMENSIONS.map(() => []);
  /** The numbers of each dimension's values by their bytes: entry n is value n. */
  readonly #tables: KeyTable[] = KEY_DIMENSIONS.map(() => new KeyTable());
  /** The number of each dimension's absent value (undefined), -1 until one is met. */
  readonly #absent = new Int32Array(KEY_DIMENSIONS.length).fill(-1);
  /** Rows given as objects (a JSON report): each dimension's numbers by string, made on demand. */
  #byString: Map<string, number>[] | undefined;
  #ids = new Int32Array(KEY_DIMENSIONS.length);
  #bytes = Buffer.alloc(256);

  /**
   * The number of dimension `d`'s value whose UTF-8 bytes are `bytes[start, end)`, of FNV-1a hash
   * `hash` (HASH_SEED, HASH_PRIME): found, or added the first time.
   */
  idOf(d: number, bytes: Buffer, start: number, end: number, hash: number): number {
    const table = this.#tables[d] as KeyTable;
    const mixed = hash ^ (hash >>> 16);
    const found = table.find(bytes, start, end, mixed);
    if (found >= 0) return found;
    let ascii = 0;
    for (let at = start; at < end; at++) ascii |= bytes[at] as number;
    const latin1 = bytes.toString("latin1", start, end);
    // An ASCII value's Latin-1 decoding is its text: the key is the value, kept once.
    const value = ascii < 0x80 ? latin1 : bytes.toString("utf8", start, end);
    (this.values[d] as (string | undefined)[]).push(value);
    return table.add(latin1, mixed);
  }

  /** Lets the lookup tables' memory go at once: the values stay, nothing is found afterwards. */
  release(): void {
    for (const table of this.#tables) table.release();
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
      if (length > this.#bytes.length) this.#bytes = Buffer.alloc(length * 2);
      const bytes = this.#bytes;
      bytes.write(value, 0, "utf8");
      let hash = HASH_SEED;
      for (let at = 0; at < length; at++)
        hash = Math.imul(hash ^ (bytes[at] as number), HASH_PRIME);
      id = this.idOf(d, bytes, 0, length, hash);
    }
    known.set(value, id);
    return id;
  }

  /** Adds `value` under a key no bytes find. */
  #place(d: number, value: string | undefined): number {
    (this.values[d] as (string | undefined)[]).push(value);
    return (this.#tables[d] as KeyTable).add(UNMATCHABLE, 0);
  }
}

/** Where a reader puts rows: a view's dictionaries and what adds a row by its numbers. */
export interface EncodedSink {
  readonly dictionaries: ColumnDictionaries;
  readonly add: EncodedRows;
}
