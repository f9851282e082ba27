import { sameBytes } from "../core/bytes.ts";
import { Growth, letGo } from "../core/group-table.ts";

/**
 * A set of byte strings, each with a number (by default the order it was added): a column's
 * values in the CSV reader (`ColumnDictionaries`), or the key fields of rows (`RowCache`), looked
 * up straight from the file's bytes with a hash the caller
 * computed (`hashBytes`). A field costs one probe of an open-addressing table of integers and
 * one comparison of bytes; no string is made for it. (A Map keyed by a string cut from each line
 * took about as long as reading the file: a string made and hashed per row, then compared
 * through pointers scattered over the heap.)
 *
 * The keys' bytes are kept one after the other in one buffer (an arena), compared four bytes at
 * a time with the file's: a key kept as a string was compared a character at a time, the most
 * of a lookup's time once the memory waits overlapped. The arena lives while the file is read
 * and goes with `release`.
 */
/** Integers a slot of the table takes. */
const SLOT = 4;

/**
 * Keys a table with texts keeps the bytes of, at most: past them, an ASCII key is compared with
 * its text (`KeyTable`'s `texts`) and its bytes are not copied. A column of that many distinct
 * values (landing pages carrying click ids) meets each value about once, so a key is compared
 * seldom, and copying every value's bytes into the arena, with the memory that took, was the
 * most of adding it.
 */
const BYTES_KEPT = 1 << 16;

/** Keys of a table with texts whose bytes are found by number (`holdsNumber`): the first ones. */
const NUMBERED = 1 << 12;

export class KeyTable {
  /**
   * Open addressing, four integers a slot: the key's hash, its number + 1 (0 for an empty slot),
   * where its bytes start in the arena (-1: the key is its text, kept by the caller), and how
   * many (-1: no bytes match). The hash beside the
   * number settles most probes with one read of memory, and a key found needs one more read, of
   * its bytes: nothing else of it is kept apart.
   */
  #slots = new Int32Array(SLOT << 12);
  #arena = Buffer.allocUnsafe(1 << 12);
  #view = new DataView(this.#arena.buffer, this.#arena.byteOffset, this.#arena.byteLength);
  #used = 0;
  #size = 0;
  /** How the slots grow (`grownSlots`). */
  readonly #growth = new Growth();
  /** Each key's text by its number, when the table has them: what a key without bytes is. */
  readonly #texts: readonly (string | undefined)[] | undefined;
  /** Where the bytes of each of the first NUMBERED keys are in the arena, and how many (-1: none). */
  #numbered = new Int32Array(0);

  /**
   * A table of keys numbered in order whose texts `texts` holds by number (a column's
   * dictionary, appended to by the caller), or, without `texts`, a table that keeps every key's
   * bytes (numbers may then be given).
   */
  constructor(texts?: readonly (string | undefined)[]) {
    this.#texts = texts;
  }

  /** Number of keys added. */
  get size(): number {
    return this.#size;
  }

  /**
   * About `keys` keys at most are to be in the table in all (a reader that knows about how many
   * rows are left): while nearly every key looked up is new, the table makes room for them in
   * fewer, larger steps (`grownSlots`).
   */
  expect(keys: number): void {
    this.#growth.expect(keys);
  }

  /**
   * The number of the key `bytes[start, end)` of hash `hash` (`view` a DataView over `bytes`),
   * or -1 when it was never added.
   */
  find(view: DataView, start: number, end: number, hash: number): number {
    const found = this.lookup(view, start, end, hash);
    return found >= 0 ? found : -1;
  }

  /**
   * `find`, which on a miss gives where the key would go instead of -1: the number of the key
   * `view[start, end)` of hash `hash`, or `~slot` (below 0) for the empty slot its probe ended
   * at, which `add` takes as its place while nothing else is added before it.
   */
  lookup(view: DataView, start: number, end: number, hash: number): number {
    const slots = this.#slots;
    if (slots.length === 0) throw new Error("the table was released");
    const mask = slots.length / SLOT - 1;
    let slot = hash & mask;
    for (;;) {
      const at = SLOT * slot;
      const stored = slots[at + 1] as number;
      if (stored === 0) return ~slot;
      if (slots[at] === hash && this.holds(slot, view, start, end)) {
        this.#growth.found++;
        return stored - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  /**
   * The first slot of hash `hash` when that slot holds the hash, else -1: most often the key's
   * slot, which `holds` then confirms (and `numberAt` reads). Reading each of many keys' slots
   * first, before comparing any, lets those reads of memory overlap
   * (`ownSlotNumbers`).
   */
  candidate(hash: number): number {
    const slots = this.#slots;
    const slot = hash & (slots.length / SLOT - 1);
    return slots[SLOT * slot] === hash ? slot : -1;
  }

  /**
   * For each of `count` keys, key `i` the bytes `view[starts[from + i], ends[from + i])` of hash
   * `hashes[i]`, its number when its hash's own slot holds it, else -1 (into `numbers[i]`): -1
   * says only that a full `find` must tell, as for a key whose start is -1 (not looked up). In
   * two passes over the keys: their slots, then their bytes, so that the reads of memory of many
   * keys are under way together (at high cardinality each lookup is a wait for memory, and the
   * waits overlap). A pass of its own for the keys' lengths and first bytes, to bring their
   * memory in before comparing them, cost more than it saved once the comparison took sixteen
   * bytes a step (the comparisons' reads overlap as well).
   */
  ownSlotNumbers(
    view: DataView,
    starts: Int32Array,
    ends: Int32Array,
    from: number,
    count: number,
    hashes: Int32Array,
    numbers: Int32Array,
  ): void {
    for (let i = 0; i < count; i++) {
      numbers[i] = (starts[from + i] as number) < 0 ? -1 : this.candidate(hashes[i] as number);
    }
    let found = 0;
    for (let i = 0; i < count; i++) {
      const slot = numbers[i] as number;
      if (slot < 0) continue;
      if (this.holds(slot, view, starts[from + i] as number, ends[from + i] as number)) {
        numbers[i] = this.numberAt(slot);
        found++;
      } else numbers[i] = -1;
    }
    this.#growth.found += found;
  }

  /**
   * Whether key number `number` is the bytes `view[start, end)`, for one of the first NUMBERED
   * keys of a table with texts (a key past them, or one no bytes are, is never).
   */
  holdsNumber(number: number, view: DataView, start: number, end: number): boolean {
    const numbered = this.#numbered;
    if (2 * number + 1 >= numbered.length) return false;
    const length = end - start;
    if (numbered[2 * number + 1] !== length) return false;
    return sameBytes(this.#view, numbered[2 * number] as number, view, start, length);
  }

  /** The number of the key in `slot`. */
  numberAt(slot: number): number {
    return (this.#slots[SLOT * slot + 1] as number) - 1;
  }

  /** Whether the key in `slot` is the bytes `view[start, end)`. */
  holds(slot: number, view: DataView, start: number, end: number): boolean {
    const at = SLOT * slot;
    const length = end - start;
    if (this.#slots[at + 3] !== length) return false;
    const from = this.#slots[at + 2] as number;
    if (from >= 0) return sameBytes(this.#view, from, view, start, length);
    // A key kept as its text, which is ASCII: a character is its byte.
    const text = this.#textOf(at);
    for (let i = 0; i < length; i++) {
      if (text.charCodeAt(i) !== view.getUint8(start + i)) return false;
    }
    return true;
  }

  /** The text of the key in the slot at `at`, one kept without its bytes. */
  #textOf(at: number): string {
    return (this.#texts as readonly (string | undefined)[])[
      (this.#slots[at + 1] as number) - 1
    ] as string;
  }

  /**
   * Adds the key `bytes[start, end)`, which `find` did not find, with hash `hash`, under
   * `number` (the next in order unless given); its number. `ascii` says the bytes are ASCII, so
   * that a table with texts may keep the key as its text (the caller's, by its number, already
   * there) rather than copy its bytes. `place` is where `lookup` found it would go (`~place` of
   * what it gave), -1 when not known.
   */
  add(
    bytes: Uint8Array,
    start: number,
    end: number,
    hash: number,
    number = this.#size,
    ascii = false,
    place = -1,
  ): number {
    const length = end - start;
    if (ascii && this.#texts && this.#size >= BYTES_KEPT) {
      if (this.#texts[number] === undefined) throw new Error(`no text for key ${number}`);
      this.#put(hash, number, -1, length, place);
      return number;
    }
    if (this.#used + length > this.#arena.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.#arena.length * 2, this.#used + length));
      this.#arena.copy(grown, 0, 0, this.#used);
      letGoBytes(this.#arena);
      this.#arena = grown;
      this.#view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength);
    }
    // Byte by byte: a key is short, and a subarray to copy from is an object a key.
    const arena = this.#arena;
    for (let at = start, to = this.#used; at < end; at++, to++) arena[to] = bytes[at] as number;
    this.#put(hash, number, this.#used, length, place);
    if (this.#texts && number < NUMBERED) this.#number(number, this.#used, length);
    this.#used += length;
    return number;
  }

  /** Keeps where key `number`'s bytes are (`holdsNumber`). */
  #number(number: number, start: number, length: number): void {
    if (2 * number + 1 >= this.#numbered.length) {
      const grown = new Int32Array(Math.max(64, 4 * (number + 1))).fill(-1);
      grown.set(this.#numbered);
      this.#numbered = grown;
    }
    this.#numbered[2 * number] = start;
    this.#numbered[2 * number + 1] = length;
  }

  /** Adds a key no bytes are (`find` never gives it), for a value found by other means. */
  addUnmatchable(): number {
    const number = this.#size;
    this.#put(0, number, 0, -1);
    return number;
  }

  #put(hash: number, number: number, start: number, length: number, at = -1): void {
    this.#size += 1;
    // At most half full, so a probe ends soon.
    if (this.#size > this.#slots.length / (2 * SLOT)) this.#rehash();
    else if (at >= 0) {
      // The empty slot a lookup just ended at: no second probe.
      const slots = this.#slots;
      slots[SLOT * at] = hash;
      slots[SLOT * at + 1] = number + 1;
      slots[SLOT * at + 2] = start;
      slots[SLOT * at + 3] = length;
      return;
    }
    place(this.#slots, hash, number + 1, start, length);
  }

  #rehash(): void {
    const old = this.#slots;
    const count = this.#growth.slotsAfter(old.length / SLOT, this.#size);
    const slots = new Int32Array(count * SLOT);
    for (let at = 0; at < old.length; at += SLOT) {
      const stored = old[at + 1] as number;
      if (stored !== 0) {
        place(slots, old[at] as number, stored, old[at + 2] as number, old[at + 3] as number);
      }
    }
    letGo(old);
    this.#slots = slots;
  }

  /** Lets the table's memory go at once: it finds nothing afterwards. */
  release(): void {
    letGo(this.#slots);
    this.#slots = new Int32Array(0);
    this.#numbered = new Int32Array(0);
    letGoBytes(this.#arena);
    this.#arena = Buffer.alloc(0);
    this.#view = new DataView(this.#arena.buffer, 0, 0);
  }
}

/** Puts a key's slot (`stored` its number + 1) in the first free slot from its hash's own. */
function place(slots: Int32Array, hash: number, stored: number, start: number, length: number) {
  const mask = slots.length / SLOT - 1;
  let slot = hash & mask;
  while (slots[SLOT * slot + 1] !== 0) slot = (slot + 1) & mask;
  const at = SLOT * slot;
  slots[at] = hash;
  slots[at + 1] = stored;
  slots[at + 2] = start;
  slots[at + 3] = length;
}

/** `letGo` for a buffer of the arena's own (never a slice of Node's shared pool). */
function letGoBytes(bytes: Buffer): void {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) letGo(bytes);
}
