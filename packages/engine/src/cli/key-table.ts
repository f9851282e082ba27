import { letGo } from "../core/group-table.ts";

/**
 * A set of byte strings, each numbered in the order it was added: a column's values in the CSV
 * reader (`ColumnDictionaries`), looked up straight from the file's bytes with a hash the caller
 * computed (`hashBytes`). A field costs one probe of an
 * open-addressing table of integers and one comparison of bytes; no string is made for it. (A
 * Map keyed by a string cut from each line took about as long as reading the file: a string made
 * and hashed per row, then compared through pointers scattered over the heap.)
 *
 * Each key is kept as its bytes decoded as Latin-1, one character per byte: for the usual ASCII
 * value that is the very string the dictionary keeps as the value, so the key costs no memory
 * of its own.
 */
export class KeyTable {
  /**
   * Open addressing, two integers a slot: the key's hash, then its entry + 1 (0 for an empty
   * slot). The hash beside the entry settles most probes with one read of memory: a probe that
   * meets another key's slot rarely reaches that key.
   */
  #slots = new Int32Array(2 << 12);
  readonly #keys: string[] = [];

  /** Number of keys added. */
  get size(): number {
    return this.#keys.length;
  }

  /** The entry of the key `bytes[start, end)` of hash `hash`, or -1 when it was never added. */
  find(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const slots = this.#slots;
    if (slots.length === 0) throw new Error("the table was released");
    const mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    for (;;) {
      const stored = slots[2 * slot + 1] as number;
      if (stored === 0) return -1;
      if (slots[2 * slot] === hash && this.holds(stored - 1, bytes, start, end)) return stored - 1;
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

  /** The length in bytes of key `entry`. */
  keyLength(entry: number): number {
    return (this.#keys[entry] as string).length;
  }

  /** Whether key `entry` is the bytes `bytes[start, end)`. */
  holds(entry: number, bytes: Uint8Array, start: number, end: number): boolean {
    const key = this.#keys[entry] as string;
    const length = end - start;
    if (key.length !== length) return false;
    let at = 0;
    while (at < length && key.charCodeAt(at) === bytes[start + at]) at++;
    return at === length;
  }

  /**
   * Adds a key `find` did not find, as its bytes decoded as Latin-1 (`latin1Key`), with hash
   * `hash`; returns its entry.
   */
  add(latin1Key: string, hash: number): number {
    const entry = this.#keys.length;
    this.#keys.push(latin1Key);
    // At most half full, so a probe ends soon.
    if (this.#keys.length > this.#slots.length >> 2) this.#rehash();
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

  /** Lets the table's slots go at once: it finds nothing afterwards. */
  release(): void {
    letGo(this.#slots);
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
