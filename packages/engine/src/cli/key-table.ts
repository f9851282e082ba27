import { sameBytes } from "../core/bytes.ts";
import { doubled, letGo } from "../core/group-table.ts";

/**
 * A set of byte strings, each numbered in the order it was added: a column's values in the CSV
 * reader (`ColumnDictionaries`), looked up straight from the file's bytes with a hash the caller
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
export class KeyTable {
  /**
   * Open addressing, two integers a slot: the key's hash, then its entry + 1 (0 for an empty
   * slot). The hash beside the entry settles most probes with one read of memory: a probe that
   * meets another key's slot rarely reaches that key.
   */
  #slots = new Int32Array(2 << 12);
  #arena = Buffer.allocUnsafe(1 << 12);
  #view = new DataView(this.#arena.buffer, this.#arena.byteOffset, this.#arena.byteLength);
  #used = 0;
  /** Each entry's key: where its bytes start in the arena, and how many (-1: no bytes match). */
  #starts = new Int32Array(1 << 10);
  #lengths = new Int32Array(1 << 10);
  #size = 0;

  /** Number of keys added. */
  get size(): number {
    return this.#size;
  }

  /**
   * The entry of the key `bytes[start, end)` of hash `hash` (`view` a DataView over `bytes`), or
   * -1 when it was never added.
   */
  find(view: DataView, start: number, end: number, hash: number): number {
    const slots = this.#slots;
    if (slots.length === 0) throw new Error("the table was released");
    const mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    for (;;) {
      const stored = slots[2 * slot + 1] as number;
      if (stored === 0) return -1;
      if (slots[2 * slot] === hash && this.holds(stored - 1, view, start, end)) return stored - 1;
      slot = (slot + 1) & mask;
    }
  }

  /**
   * The entry in the first slot of hash `hash` when that slot holds the hash, else -1: most often
   * the key's entry, which `holds` then confirms. Reading each of many keys' slots first, before
   * comparing any, lets those reads of memory overlap (`ColumnDictionaries.idsOfMany`).
   */
  candidate(hash: number): number {
    const slots = this.#slots;
    const slot = hash & ((slots.length >> 1) - 1);
    return slots[2 * slot] === hash ? (slots[2 * slot + 1] as number) - 1 : -1;
  }

  /**
   * Whether key `entry` may be the bytes `view[start, end)`: its length and its first byte agree.
   * Cheap, and it brings the key's memory in before `holds` reads it whole.
   */
  mayHold(entry: number, view: DataView, start: number, end: number): boolean {
    const length = this.#lengths[entry] as number;
    if (length !== end - start) return false;
    return (
      length === 0 || this.#view.getUint8(this.#starts[entry] as number) === view.getUint8(start)
    );
  }

  /** Whether key `entry` is the bytes `view[start, end)`. */
  holds(entry: number, view: DataView, start: number, end: number): boolean {
    const length = end - start;
    if (this.#lengths[entry] !== length) return false;
    return sameBytes(this.#view, this.#starts[entry] as number, view, start, length);
  }

  /** Adds the key `bytes[start, end)`, which `find` did not find, with hash `hash`; its entry. */
  add(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const length = end - start;
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
    const entry = this.#entry(this.#used, length, hash);
    this.#used += length;
    return entry;
  }

  /** Adds a key no bytes are (`find` never gives it), for a value found by other means. */
  addUnmatchable(): number {
    return this.#entry(0, -1, 0);
  }

  #entry(start: number, length: number, hash: number): number {
    const entry = this.#size;
    if (entry === this.#starts.length) {
      this.#starts = doubled(this.#starts);
      this.#lengths = doubled(this.#lengths);
    }
    this.#starts[entry] = start;
    this.#lengths[entry] = length;
    this.#size = entry + 1;
    // At most half full, so a probe ends soon.
    if (this.#size > this.#slots.length >> 2) this.#rehash();
    place(this.#slots, hash, entry + 1);
    return entry;
  }

  #rehash(): void {
    const old = this.#slots;
    const slots = new Int32Array(old.length * 2);
    for (let at = 0; at < old.length; at += 2) {
      const stored = old[at + 1] as number;
      if (stored !== 0) place(slots, old[at] as number, stored);
    }
    letGo(old);
    this.#slots = slots;
  }

  /** Lets the table's memory go at once: it finds nothing afterwards. */
  release(): void {
    letGo(this.#slots);
    letGo(this.#starts);
    letGo(this.#lengths);
    letGoBytes(this.#arena);
    this.#arena = Buffer.alloc(0);
    this.#view = new DataView(this.#arena.buffer, 0, 0);
  }
}

/** Puts `stored` with its hash in the first free slot from the hash's own. */
function place(slots: Int32Array, hash: number, stored: number): void {
  const mask = (slots.length >> 1) - 1;
  let slot = hash & mask;
  while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
  slots[2 * slot] = hash;
  slots[2 * slot + 1] = stored;
}

/** `letGo` for a buffer of the arena's own (never a slice of Node's shared pool). */
function letGoBytes(bytes: Buffer): void {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) letGo(bytes);
}
