/**
 * The distinct combinations of a stream of rows, found in constant memory per combination.
 *
 * Each dimension's values are interned to small integers (one small Map per dimension, which
 * stays in cache), and a combination is the tuple of its ids, kept in one flat Int32Array and
 * found through an open-addressing hash table. A row then costs one short Map lookup per
 * dimension and a few integer operations, instead of one Map per level of a trie, whose
 * scattered nodes made every row a chain of cache misses.
 */
export class GroupTable {
  readonly #width: number;
  readonly #interned: Map<string | undefined, number>[];
  /** Each dimension's values by id: the one copy of a value every group that has it keeps. */
  #values: (string | undefined)[][];
  /** Whether the ids come numbered from the caller's dictionaries (`useDictionaries`). */
  #encoded = false;
  /** The id tuple of the row being looked up. */
  readonly #ids: Int32Array;
  /** Id tuples of the groups, `width` ids per group, in the order groups were first seen. */
  #tuples: Int32Array;
  /**
   * Open addressing, two integers a slot: the tuple's hash, then its group index + 1 (0 for an
   * empty slot). With the hash beside the index, a probe that meets another group's slot rarely
   * reads that group's tuple: one read of memory where there were two, most of a new group's cost
   * when the groups are many.
   */
  #slots: Int32Array;
  #size = 0;
  #released = false;
  /** `findMany`'s hashes and candidate groups of the rows it is given, reused call to call. */
  #hashes = new Int32Array(0);
  #candidates = new Int32Array(0);

  constructor(width: number) {
    this.#width = width;
    this.#interned = Array.from({ length: width }, () => new Map());
    this.#values = Array.from({ length: width }, () => []);
    this.#ids = new Int32Array(width);
    this.#tuples = new Int32Array(width * 1024);
    this.#slots = new Int32Array(2 * 2048);
  }

  /** Number of distinct groups so far. */
  get size(): number {
    return this.#size;
  }

  /**
   * Takes each dimension's ids from the caller, who numbers values itself (a reader that keeps
   * each column's distinct values, as a columnar engine does): `dictionaries[d]` holds dimension
   * `d`'s values by id, appended to as new values come, and rows are looked up with `setId`. The
   * table hashes no string then. Only before the first row.
   */
  useDictionaries(dictionaries: (string | undefined)[][]): void {
    if (this.#size > 0 || this.#values.some((values) => values.length > 0)) {
      throw new Error("the table already has rows");
    }
    if (dictionaries.length !== this.#width) throw new Error("one dictionary per dimension");
    this.#values = dictionaries;
    this.#encoded = true;
  }

  /** Whether the table looks rows up by the caller's ids (`useDictionaries`). */
  get encoded(): boolean {
    return this.#encoded;
  }

  /** Sets the id, in its dictionary, of dimension `index`'s value of the row being looked up. */
  setId(index: number, id: number): void {
    this.#ids[index] = id;
  }

  /** Sets the value of dimension `index` for the row being looked up. */
  set(index: number, value: string | undefined): void {
    if (this.#encoded) throw new Error("the table takes ids from its dictionaries");
    const map = this.#interned[index] as Map<string | undefined, number>;
    let id = map.get(value);
    if (id === undefined) {
      id = map.size;
      map.set(value, id);
      (this.#values[index] as (string | undefined)[]).push(value);
    }
    this.#ids[index] = id;
  }

  /**
   * The group index of the row whose values were just `set`: an existing group's, or a new
   * group's, which is the `size` before the call.
   */
  find(): number {
    if (this.#released) throw new Error("the table was released");
    const ids = this.#ids;
    return this.#findAt(ids, 0, hashTuple(ids, 0, this.#width) | 0);
  }

  /**
   * `find` for `count` rows at once (with `useDictionaries`): row `i`'s ids are
   * `rows[i * width, (i + 1) * width)`, and its group goes to `groups[i]`; new groups are numbered
   * in the rows' order, as one `find` a row would number them. Looked up in passes over the rows,
   * each short, the rows' hash-table slots and then their groups' tuples are read while the
   * reads of the rows before are still under way: the lookups, each a wait for memory when the
   * groups are many, overlap instead of coming one after the other.
   */
  findMany(rows: Int32Array, count: number, groups: Int32Array): void {
    if (this.#released) throw new Error("the table was released");
    const width = this.#width;
    if (this.#hashes.length < count) {
      this.#hashes = new Int32Array(count);
      this.#candidates = new Int32Array(count);
    }
    const hashes = this.#hashes;
    const candidates = this.#candidates;
    for (let i = 0; i < count; i++) hashes[i] = hashTuple(rows, i * width, width) | 0;
    // The group in each row's own slot, when that slot's hash is the row's: most often its group.
    const slots = this.#slots;
    const mask = (slots.length >> 1) - 1;
    for (let i = 0; i < count; i++) {
      const slot = (hashes[i] as number) & mask;
      candidates[i] = slots[2 * slot] === hashes[i] ? (slots[2 * slot + 1] as number) - 1 : -1;
    }
    let tuples = this.#tuples;
    // A pass of its own for each candidate's first id: it reads the tuples' memory, all the
    // reads under way together, before the tuples are compared whole.
    for (let i = 0; i < count; i++) {
      const candidate = candidates[i] as number;
      if (candidate >= 0 && tuples[candidate * width] !== rows[i * width]) candidates[i] = -1;
    }
    // In the rows' order, so new groups are numbered as they come.
    for (let i = 0; i < count; i++) {
      const candidate = candidates[i] as number;
      const at = i * width;
      if (candidate >= 0 && sameTuple(tuples, candidate * width, rows, at, width)) {
        groups[i] = candidate;
      } else {
        groups[i] = this.#findAt(rows, at, hashes[i] as number);
        tuples = this.#tuples;
      }
    }
  }

  /** The group of the ids `source[at, at + width)` of hash `hash`, made the first time. */
  #findAt(source: Int32Array, at: number, hash: number): number {
    const width = this.#width;
    const slots = this.#slots;
    const tuples = this.#tuples;
    const mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    for (;;) {
      const stored = slots[2 * slot + 1] as number;
      if (stored === 0) break;
      if (slots[2 * slot] === hash && sameTuple(tuples, (stored - 1) * width, source, at, width)) {
        return stored - 1;
      }
      slot = (slot + 1) & mask;
    }
    const index = this.#size;
    if ((index + 1) * width > tuples.length) this.#tuples = doubled(tuples);
    const into = this.#tuples;
    for (let d = 0; d < width; d++) into[index * width + d] = source[at + d] as number;
    slots[2 * slot] = hash;
    slots[2 * slot + 1] = index + 1;
    this.#size = index + 1;
    // Keep the table at most half full so probes stay short.
    if (this.#size > slots.length >> 2) this.#rehash();
    return index;
  }

  /**
   * The groups' value ids and each dimension's values, for reading columns once no more rows
   * come: group `g`'s value of dimension `d` is `values[d][ids[g * width + d]]`. The table can
   * look up nothing afterwards (its lookup structures, most of its memory, are let go).
   */
  release(): GroupKeys {
    const keys: GroupKeys = {
      width: this.#width,
      ids: this.#tuples.subarray(0, this.#size * this.#width),
      values: this.#values,
    };
    letGo(this.#slots);
    this.#slots = new Int32Array(0);
    for (const map of this.#interned) map.clear();
    this.#released = true;
    return keys;
  }

  #rehash(): void {
    const old = this.#slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let at = 0; at < old.length; at += 2) {
      const stored = old[at + 1] as number;
      if (stored === 0) continue;
      const hash = old[at] as number;
      let slot = hash & mask;
      while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = hash;
      slots[2 * slot + 1] = stored;
    }
    letGo(old);
    this.#slots = slots;
  }
}

/**
 * Gives a typed array's memory back at once (its buffer detached; the array reads as empty). A
 * large buffer let go of otherwise stays in memory until a full collection finds it, which in
 * an audit can come only after the checks have built what they need on top of it.
 */
export function letGo(array: Int32Array | Float64Array | Uint8Array): void {
  const buffer = array.buffer;
  if (buffer instanceof ArrayBuffer && !buffer.detached && typeof buffer.transfer === "function") {
    buffer.transfer(0);
  }
}

/**
 * `array`'s first `length` items in a buffer of just that size, `array` let go: a grown array's
 * spare room given back. The buffer is transferred (its memory reallocated, not copied, where
 * the system allows), so a shorter array costs no second one as long.
 */
export function shrunk(array: Int32Array, length: number): Int32Array<ArrayBuffer>;
export function shrunk(array: Float64Array, length: number): Float64Array<ArrayBuffer>;
export function shrunk(
  array: Int32Array | Float64Array,
  length: number,
): Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer> {
  const buffer = array.buffer;
  if (
    array.byteOffset === 0 &&
    buffer instanceof ArrayBuffer &&
    !buffer.detached &&
    typeof buffer.transfer === "function" &&
    length <= array.length
  ) {
    const moved = buffer.transfer(length * array.BYTES_PER_ELEMENT);
    return array instanceof Int32Array ? new Int32Array(moved) : new Float64Array(moved);
  }
  return array instanceof Int32Array
    ? (array.slice(0, length) as Int32Array<ArrayBuffer>)
    : (array.slice(0, length) as Float64Array<ArrayBuffer>);
}

/** Whether the tuple at `tuples[base, base + width)` is the ids `source[at, at + width)`. */
function sameTuple(
  tuples: Int32Array,
  base: number,
  source: Int32Array,
  at: number,
  width: number,
): boolean {
  for (let d = 0; d < width; d++) if (tuples[base + d] !== source[at + d]) return false;
  return true;
}

/**
 * A typed array of twice the length holding `array`'s items first, `array` let go: how the
 * growing tables and lists of ids and sums make room.
 */
export function doubled(array: Int32Array): Int32Array<ArrayBuffer>;
export function doubled(array: Float64Array): Float64Array<ArrayBuffer>;
export function doubled(array: Int32Array | Float64Array): Int32Array | Float64Array {
  const grown =
    array instanceof Int32Array
      ? new Int32Array(array.length * 2)
      : new Float64Array(array.length * 2);
  grown.set(array);
  letGo(array);
  return grown;
}

/** FNV-1a over 32-bit ids, with a final avalanche so low bits pick slots well. */
function hashTuple(values: Int32Array, start: number, width: number): number {
  let hash = 0x811c9dc5;
  for (let d = 0; d < width; d++)
    hash = Math.imul(hash ^ (values[start + d] as number), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** What a released `GroupTable` leaves: each group's value ids, and each dimension's values. */
export interface GroupKeys {
  readonly width: number;
  /** `width` value ids per group, in the order groups were first seen. */
  readonly ids: Int32Array;
  /** Each dimension's values by id, in the order they were first seen. */
  readonly values: readonly (readonly (string | undefined)[])[];
}
