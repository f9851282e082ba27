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
  /**
   * The dimensions whose ids the tuples keep, in order: those whose rows have had more than one
   * id. Every other dimension has had one id in every row (`#constant`), kept once for all
   * groups: a file's absent columns, and a column of one value, cost no room in a tuple and no
   * work in a lookup (at high cardinality half of the ids of a row).
   */
  #kept = new Int32Array(0);
  /** The dimensions not kept, each with its one id in `#constant`. */
  #fixed: Int32Array;
  /** Each dimension's one id while it has one (-1 before the first row, `KEPT` once kept). */
  readonly #constant: Int32Array;
  /** Id tuples of the groups, one id a kept dimension per group, in the order groups came. */
  #tuples: Int32Array;
  /** Groups the tuples have room for. */
  #capacity = 1024;
  /**
   * Open addressing, two integers a slot: the tuple's hash, then its group index + 1 (0 for an
   * empty slot). With the hash beside the index, a probe that meets another group's slot rarely
   * reads that group's tuple: one read of memory where there were two, most of a new group's cost
   * when the groups are many.
   */
  #slots: Int32Array;
  #size = 0;
  #released = false;
  /** How the slots grow (`grownSlots`). */
  readonly #growth = new Growth();
  /** `findMany`'s hashes and candidate groups of the rows it is given, reused call to call. */
  #hashes = new Int32Array(0);
  #candidates = new Int32Array(0);
  /**
   * The lead dimension (`#chooseLead`): a kept dimension of nearly as many values as there are
   * groups (landing pages with query strings), whose value ids index `#firstOfLead`; UNDECIDED
   * until the table has LEAD_AFTER groups, NO_LEAD when no dimension leads.
   */
  #lead = UNDECIDED;
  /** Where the lead dimension's id is in a tuple. */
  #leadPlace = -1;
  /**
   * By a lead value's id, the first group that has it + 1 (0: none yet). A group is found here
   * when it is the first of its lead value, and in the hash table (`#slots`) only otherwise: at
   * high cardinality nearly every row brings a lead value never met, so its group is new without
   * a probe of the hash table, and the hash table holds the few groups that share a lead value.
   */
  #firstOfLead = new Int32Array(0);
  /** Groups in the hash table: all of them without a lead. */
  #hashed = 0;

  constructor(width: number) {
    this.#width = width;
    this.#interned = Array.from({ length: width }, () => new Map());
    this.#values = Array.from({ length: width }, () => []);
    this.#ids = new Int32Array(width);
    this.#constant = new Int32Array(width).fill(-1);
    this.#fixed = Int32Array.from({ length: width }, (_, d) => d);
    this.#tuples = new Int32Array(0);
    this.#slots = new Int32Array(2 * 2048);
  }

  /** Number of distinct groups so far. */
  get size(): number {
    return this.#size;
  }

  /** The groups the table has room for before it grows again. */
  get room(): number {
    return this.#lead >= 0 ? this.#capacity : this.#slots.length >> 2;
  }

  /**
   * About `groups` groups at most are to come in all (a reader that knows about how many rows
   * are left): while nearly every row is a new group, the table makes room for them in fewer,
   * larger steps (`grownSlots`).
   */
  expect(groups: number): void {
    this.#growth.expect(groups);
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
    this.#keepDiffering(ids, 0);
    if (this.#lead === UNDECIDED && this.#size >= LEAD_AFTER) this.#chooseLead();
    if (this.#lead >= 0) return this.#findLed(ids, 0, this.#firstOf(ids[this.#lead] as number));
    return this.#findAt(ids, 0, hashRow(ids, 0, this.#kept) | 0);
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
    // Every row's ids of the dimensions not kept first: a row with another id there makes the
    // table keep that dimension from now on, before any row is hashed.
    for (let i = 0; i < count; i++) this.#keepDiffering(rows, i * width);
    if (this.#lead === UNDECIDED && this.#size >= LEAD_AFTER) this.#chooseLead();
    if (this.#lead >= 0) {
      this.#findManyLed(rows, count, groups);
      return;
    }
    const kept = this.#kept;
    const stride = kept.length;
    const hashes = this.#hashes;
    const candidates = this.#candidates;
    for (let i = 0; i < count; i++) hashes[i] = hashRow(rows, i * width, kept) | 0;
    const slots = this.#slots;
    const mask = (slots.length >> 1) - 1;
    for (let i = 0; i < count; i++) {
      const slot = (hashes[i] as number) & mask;
      candidates[i] = slots[2 * slot] === hashes[i] ? (slots[2 * slot + 1] as number) - 1 : -1;
    }
    let tuples = this.#tuples;
    // The candidates' first ids, a pass that brings their tuples in before they are compared.
    const first = stride > 0 ? (kept[0] as number) : 0;
    for (let i = 0; i < count; i++) {
      const candidate = candidates[i] as number;
      if (candidate >= 0 && stride > 0 && tuples[candidate * stride] !== rows[i * width + first]) {
        candidates[i] = -1;
      }
    }
    for (let i = 0; i < count; i++) {
      const candidate = candidates[i] as number;
      const at = i * width;
      if (candidate >= 0 && sameRow(tuples, candidate * stride, rows, at, kept)) {
        groups[i] = candidate;
        this.#growth.found++;
      } else {
        groups[i] = this.#findAt(rows, at, hashes[i] as number);
        tuples = this.#tuples;
      }
    }
  }

  /**
   * Makes the table keep each dimension whose id in the row `source[at, at + width)` is not the
   * one id it has had so far; the first row gives each dimension its id.
   */
  #keepDiffering(source: Int32Array, at: number): void {
    const fixed = this.#fixed;
    const constant = this.#constant;
    for (let k = 0; k < fixed.length; k++) {
      const d = fixed[k] as number;
      const id = source[at + d] as number;
      const one = constant[d] as number;
      if (one === id) continue;
      if (one < 0) constant[d] = id;
      else {
        this.#keep(d);
        // The list of dimensions not kept lost this one: go on from the same place.
        this.#keepDiffering(source, at);
        return;
      }
    }
  }

  /**
   * Keeps dimension `d` in every tuple from now on: each group's tuple is laid out again with
   * the dimension's one id so far, and the groups hashed again (at most once a dimension).
   */
  #keep(d: number): void {
    const oldKept = this.#kept;
    const oldStride = oldKept.length;
    const kept = Int32Array.from([...oldKept, d].sort((a, b) => a - b));
    const stride = kept.length;
    const place = kept.indexOf(d);
    const id = this.#constant[d] as number;
    const old = this.#tuples;
    const tuples = new Int32Array(this.#capacity * stride);
    for (let g = 0; g < this.#size; g++) {
      const from = g * oldStride;
      const to = g * stride;
      for (let k = 0; k < place; k++) tuples[to + k] = old[from + k] as number;
      tuples[to + place] = id;
      for (let k = place; k < oldStride; k++) tuples[to + k + 1] = old[from + k] as number;
    }
    letGo(old);
    this.#tuples = tuples;
    this.#kept = kept;
    this.#constant[d] = KEPT;
    this.#fixed = this.#fixed.filter((dimension) => dimension !== d);
    if (this.#lead >= 0) this.#leadPlace = kept.indexOf(this.#lead);
    this.#rehashAll(new Int32Array(this.#slots.length));
  }

  /** The group of the ids `source[at, at + width)` of hash `hash`, made the first time. */
  #findAt(source: Int32Array, at: number, hash: number): number {
    const kept = this.#kept;
    const stride = kept.length;
    const slots = this.#slots;
    const tuples = this.#tuples;
    const mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    for (;;) {
      const stored = slots[2 * slot + 1] as number;
      if (stored === 0) break;
      if (slots[2 * slot] === hash && sameRow(tuples, (stored - 1) * stride, source, at, kept)) {
        this.#growth.found++;
        return stored - 1;
      }
      slot = (slot + 1) & mask;
    }
    const index = this.#newGroup(source, at);
    slots[2 * slot] = hash;
    slots[2 * slot + 1] = index + 1;
    this.#hashed++;
    if (this.#hashed > slots.length >> 2) this.#rehash();
    return index;
  }

  /** A new group of the ids `source[at, at + width)`, its tuple kept; its index. */
  #newGroup(source: Int32Array, at: number): number {
    const kept = this.#kept;
    const stride = kept.length;
    const index = this.#size;
    if (index === this.#capacity) {
      // Room for as many groups as the slots have (they grew first); with a lead, the groups
      // grow as the slots would (`Growth`): the hash table holds few of them.
      this.#capacity =
        this.#lead >= 0
          ? Math.max(this.#capacity * 2, this.#growth.slotsAfter(2 * this.#capacity, index) >> 1)
          : Math.max(this.#capacity * 2, this.room);
      // No tuples while no dimension is kept (a single group); `#keep` makes them.
      if (stride > 0) this.#tuples = enlarged(this.#tuples, this.#capacity * stride);
    }
    const into = this.#tuples;
    for (let k = 0; k < stride; k++) {
      into[index * stride + k] = source[at + (kept[k] as number)] as number;
    }
    this.#size = index + 1;
    return index;
  }

  /** The first group of the lead value of id `id`, -1 for none yet. */
  #firstOf(id: number): number {
    const firsts = this.#firstOfLead;
    return id < firsts.length ? (firsts[id] as number) - 1 : -1;
  }

  /**
   * The group of the ids `source[at, at + width)` with a lead, `first` the first group of its
   * lead value (-1 for none): that group, another found in the hash table, or a new one.
   */
  #findLed(source: Int32Array, at: number, first: number): number {
    const lead = source[at + this.#lead] as number;
    if (first < 0) {
      const index = this.#newGroup(source, at);
      let firsts = this.#firstOfLead;
      if (lead >= firsts.length) {
        firsts = enlarged(firsts, Math.max(2 * firsts.length, lead + 1, this.#capacity));
        this.#firstOfLead = firsts;
      }
      firsts[lead] = index + 1;
      return index;
    }
    if (sameRow(this.#tuples, first * this.#kept.length, source, at, this.#kept)) {
      this.#growth.found++;
      return first;
    }
    return this.#findAt(source, at, hashRow(source, at, this.#kept) | 0);
  }

  /**
   * `findMany` with a lead: each row's first group of its lead value read in one pass (the reads
   * of memory overlap), then each row found in order, so new groups are numbered as they come.
   */
  #findManyLed(rows: Int32Array, count: number, groups: Int32Array): void {
    const width = this.#width;
    const lead = this.#lead;
    const candidates = this.#candidates;
    for (let i = 0; i < count; i++) candidates[i] = this.#firstOf(rows[i * width + lead] as number);
    for (let i = 0; i < count; i++) {
      const at = i * width;
      let first = candidates[i] as number;
      // A lead value first met earlier in the batch has its group now.
      if (first < 0) first = this.#firstOf(rows[at + lead] as number);
      groups[i] = this.#findLed(rows, at, first);
    }
  }

  /**
   * Chooses the lead dimension, once the table has LEAD_AFTER groups: the kept dimension of the
   * most values among them, when those are at least half as many as the groups (each group then nearly
   * always the first of its lead value); the table is laid out again with it.
   */
  #chooseLead(): void {
    this.#lead = NO_LEAD;
    const kept = this.#kept;
    const stride = kept.length;
    // Ids are numbered from 0 as values come: the most a dimension's groups have is about how
    // many values it has.
    const highest = new Int32Array(stride).fill(-1);
    for (let at = 0; at < this.#size * stride; at++) {
      const k = at % stride;
      if ((this.#tuples[at] as number) > (highest[k] as number))
        highest[k] = this.#tuples[at] as number;
    }
    let place = -1;
    let most = 0;
    for (let k = 0; k < stride; k++) {
      if ((highest[k] as number) + 1 > most) {
        place = k;
        most = (highest[k] as number) + 1;
      }
    }
    if (place < 0 || 2 * most < this.#size) return;
    this.#lead = kept[place] as number;
    this.#leadPlace = place;
    this.#firstOfLead = new Int32Array(Math.max(this.#capacity, 2 * most));
    this.#rehashAll(new Int32Array(this.#slots.length));
  }

  /**
   * Puts every group in `slots` (empty) that the hash table is to hold, and makes them the
   * table's: every group without a lead; with one, the groups that are not the first of their
   * lead value (each first marked in `#firstOfLead` here, the groups read in order).
   */
  #rehashAll(slots: Int32Array): void {
    const stride = this.#kept.length;
    const tuples = this.#tuples;
    const places = Int32Array.from({ length: stride }, (_, k) => k);
    const led = this.#lead >= 0;
    const firsts = this.#firstOfLead;
    if (led) firsts.fill(0);
    let hashed = 0;
    for (let g = 0; g < this.#size; g++) {
      if (led) {
        const lead = tuples[g * stride + this.#leadPlace] as number;
        if (firsts[lead] === 0) {
          firsts[lead] = g + 1;
          continue;
        }
      }
      place2(slots, hashRow(tuples, g * stride, places) | 0, g + 1);
      hashed++;
    }
    letGo(this.#slots);
    this.#slots = slots;
    this.#hashed = hashed;
  }

  /**
   * The groups' value ids and each dimension's values, for reading columns once no more rows
   * come (`GroupKeys`). The table can look up nothing afterwards (its lookup structures, most of
   * its memory, are let go).
   */
  release(): GroupKeys {
    const stride = this.#kept.length;
    const keys: GroupKeys = {
      width: this.#width,
      kept: this.#kept,
      constant: this.#constant,
      ids: this.#tuples.subarray(0, this.#size * stride),
      values: this.#values,
    };
    letGo(this.#slots);
    this.#slots = new Int32Array(0);
    letGo(this.#firstOfLead);
    this.#firstOfLead = new Int32Array(0);
    for (const map of this.#interned) map.clear();
    this.#released = true;
    return keys;
  }

  #rehash(): void {
    const old = this.#slots;
    // With a lead the hash table holds the few groups that share a lead value: it doubles.
    const count =
      this.#lead >= 0 ? old.length : this.#growth.slotsAfter(old.length >> 1, this.#hashed);
    const slots = new Int32Array(2 * count);
    for (let at = 0; at < old.length; at += 2) {
      const stored = old[at + 1] as number;
      if (stored !== 0) place2(slots, old[at] as number, stored);
    }
    letGo(old);
    this.#slots = slots;
  }
}

/** `#constant`'s mark of a dimension the tuples keep. */
const KEPT = -2;
/** `#lead` before it is chosen, and once no dimension leads. */
const UNDECIDED = -1;
const NO_LEAD = -2;
/** Groups a table has before it chooses a lead dimension (its hash table stays in cache till then). */
const LEAD_AFTER = 1 << 12;

/** Puts a group's slot (`stored` its index + 1) in the first free slot from its hash's own. */
function place2(slots: Int32Array, hash: number, stored: number): void {
  const mask = (slots.length >> 1) - 1;
  let slot = hash & mask;
  while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
  slots[2 * slot] = hash;
  slots[2 * slot + 1] = stored;
}

/**
 * How many slots a hash table of `slots` slots grows to once it holds `keys` keys (half its
 * slots): twice as many; or, while nearly every lookup since it last grew added a key (`added`
 * added, `found` found: at least three added for one found) and more keys are expected
 * (`expected` at most, from a source that knows about how many rows are left), room for those at
 * half full, up to eight times as many at once. A table that fills as fast as rows come (a column
 * of landing pages with click ids, the groups of such rows) is laid out again about three times
 * instead of ten, each time into new memory (page faults, most of a layout's cost); a table whose
 * keys repeat grows as before, and never more than eight times the room it had.
 */
export function grownSlots(
  slots: number,
  keys: number,
  added: number,
  found: number,
  expected: number,
): number {
  let next = slots * 2;
  if (added >= 3 * found && expected > keys) {
    while (next < slots * 8 && next < 2 * expected) next *= 2;
  }
  return next;
}

/**
 * What a hash table needs to grow as `grownSlots` says: the lookups that found their key since
 * it last grew (the table counts them in `found`), the keys it had then, and the most keys it
 * expects (`expect`).
 */
export class Growth {
  found = 0;
  #keysAtGrowth = 0;
  #expected = 0;

  /** About `keys` keys at most are to be in the table in all. */
  expect(keys: number): void {
    this.#expected = Math.max(this.#expected, keys);
  }

  /** The slots a table of `slots` slots holding `keys` keys grows to now; the counts start anew. */
  slotsAfter(slots: number, keys: number): number {
    const next = grownSlots(slots, keys, keys - this.#keysAtGrowth, this.found, this.#expected);
    this.found = 0;
    this.#keysAtGrowth = keys;
    return next;
  }
}

/**
 * A typed array of `length` items (more than `array` has) holding `array`'s items first, `array`
 * let go.
 */
export function enlarged(array: Int32Array, length: number): Int32Array<ArrayBuffer>;
export function enlarged(array: Float64Array, length: number): Float64Array<ArrayBuffer>;
export function enlarged(
  array: Int32Array | Float64Array,
  length: number,
): Int32Array | Float64Array {
  const grown = array instanceof Int32Array ? new Int32Array(length) : new Float64Array(length);
  grown.set(array);
  letGo(array);
  return grown;
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

/** Whether the tuple at `tuples[base, ...)` is the kept dimensions' ids of the row at `at`. */
function sameRow(
  tuples: Int32Array,
  base: number,
  source: Int32Array,
  at: number,
  kept: Int32Array,
): boolean {
  for (let k = 0; k < kept.length; k++) {
    if (tuples[base + k] !== source[at + (kept[k] as number)]) return false;
  }
  return true;
}

/**
 * A typed array of twice the length holding `array`'s items first, `array` let go: how the
 * growing tables and lists of ids and sums make room.
 */
export function doubled(array: Int32Array): Int32Array<ArrayBuffer>;
export function doubled(array: Float64Array): Float64Array<ArrayBuffer>;
export function doubled(array: Int32Array | Float64Array): Int32Array | Float64Array {
  return array instanceof Int32Array
    ? enlarged(array, array.length * 2)
    : enlarged(array, array.length * 2);
}

/**
 * FNV-1a over the ids of the kept dimensions of the row at `start` (`values[start + kept[k]]`),
 * with a final avalanche so low bits pick slots well.
 */
function hashRow(values: Int32Array, start: number, kept: Int32Array): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < kept.length; k++) {
    hash = Math.imul(hash ^ (values[start + (kept[k] as number)] as number), 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** What a released `GroupTable` leaves: each group's value ids, and each dimension's values. */
export interface GroupKeys {
  readonly width: number;
  /** The dimensions whose ids `ids` holds, in order. */
  readonly kept: Int32Array;
  /** Each dimension's one id in every group, for a dimension not kept (`KEPT` for one kept). */
  readonly constant: Int32Array;
  /**
   * `kept.length` value ids per group, in the order groups were first seen: group `g`'s id of
   * `kept[k]` is `ids[g * kept.length + k]`.
   */
  readonly ids: Int32Array;
  /** Each dimension's values by id, in the order they were first seen. */
  readonly values: readonly (readonly (string | undefined)[])[];
}
