/**
 * A set of byte strings, each numbered in the order it was added: the CSV reader's keys, looked
 * up straight from the file's bytes with a hash the caller computed (the reader hashes each field
 * as it scans it). A row costs one probe of an open-addressing table of integers and one
 * comparison of bytes; no string is made for it. (A Map keyed by a string cut from each line took
 * about as long as reading the file: a string made and hashed per row, then compared through
 * pointers scattered over the heap.)
 *
 * Each key is kept as its bytes decoded as Latin-1, one character per byte: for the usual ASCII
 * key that is the very string the reader cuts the combination's values from, so the key costs no
 * memory of its own beyond the values it gave.
 */
export class KeyTable {
  /** Open addressing: entry + 1 per slot, 0 for an empty slot. */
  #slots = new Int32Array(1 << 12);
  #hashes = new Int32Array(1 << 11);
  readonly #keys: string[] = [];

  /** Number of keys added. */
  get size(): number {
    return this.#keys.length;
  }

  /** The entry of the key `bytes[start, end)` of hash `hash`, or -1 when it was never added. */
  find(bytes: Uint8Array, start: number, end: number, hash: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    const length = end - start;
    let slot = hash & mask;
    for (;;) {
      const stored = slots[slot] as number;
      if (stored === 0) return -1;
      const entry = stored - 1;
      if (this.#hashes[entry] === hash) {
        const key = this.#keys[entry] as string;
        if (key.length === length) {
          let at = 0;
          while (at < length && key.charCodeAt(at) === bytes[start + at]) at++;
          if (at === length) return entry;
        }
      }
      slot = (slot + 1) & mask;
    }
  }

  /**
   * Adds a key `find` did not find, as its bytes decoded as Latin-1 (`latin1Key`), with hash
   * `hash`; returns its entry.
   */
  add(latin1Key: string, hash: number): number {
    const entry = this.#keys.length;
    if (entry === this.#hashes.length) {
      const hashes = new Int32Array(entry * 2);
      hashes.set(this.#hashes);
      this.#hashes = hashes;
    }
    this.#hashes[entry] = hash;
    this.#keys.push(latin1Key);
    // At most half full, so a probe ends soon.
    if (this.#keys.length * 2 > this.#slots.length) this.#rehash();
    else this.#place(entry, hash);
    return entry;
  }

  #place(entry: number, hash: number): void {
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }

  #rehash(): void {
    this.#slots = new Int32Array(this.#slots.length * 2);
    for (let entry = 0; entry < this.#keys.length; entry++) {
      this.#place(entry, this.#hashes[entry] as number);
    }
  }
}
