const BLOCK_SIZE = 1 << 20;

/**
 * A set of byte strings, each numbered in the order it was added: the CSV reader's keys, looked
 * up straight from the file's bytes with a hash the caller computed (the reader hashes each field
 * as it scans it). A row costs one probe of an open-addressing table of integers and one
 * comparison of bytes; no string is made for it.
 * (A Map keyed by a string cut from each line took about as long as reading the file: a string
 * made and hashed per row, then compared through pointers scattered over the heap.) Keys are
 * copied into large blocks, freed with the table.
 */
export class KeyTable {
  /** Open addressing: entry + 1 per slot, 0 for an empty slot. */
  #slots = new Int32Array(1 << 12);
  #hashes = new Int32Array(1 << 11);
  /** Where each entry's bytes are: its block, its offset in it, its length. */
  #blockOf = new Int32Array(1 << 11);
  #offsetOf = new Int32Array(1 << 11);
  #lengthOf = new Int32Array(1 << 11);
  readonly #blocks: Uint8Array[] = [];
  #block = new Uint8Array(0);
  #used = 0;
  #size = 0;

  /** Number of keys added. */
  get size(): number {
    return this.#size;
  }

  /** The entry of the key `bytes[start, end)` of hash `hash`, or -1 when it was never added. */
  find(bytes: Buffer, start: number, end: number, hash: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    const length = end - start;
    let slot = hash & mask;
    for (;;) {
      const stored = slots[slot] as number;
      if (stored === 0) return -1;
      const entry = stored - 1;
      if (this.#hashes[entry] === hash && this.#lengthOf[entry] === length) {
        const block = this.#blocks[this.#blockOf[entry] as number] as Uint8Array;
        const offset = this.#offsetOf[entry] as number;
        if (bytes.compare(block, offset, offset + length, start, end) === 0) return entry;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Adds the key `bytes[start, end)` of hash `hash`, which `find` did not find; its entry. */
  add(bytes: Buffer, start: number, end: number, hash: number): number {
    const entry = this.#size;
    if (entry === this.#hashes.length) this.#growEntries();
    const length = end - start;
    if (this.#blocks.length === 0 || this.#used + length > this.#block.length) {
      this.#block = new Uint8Array(Math.max(BLOCK_SIZE, length));
      this.#blocks.push(this.#block);
      this.#used = 0;
    }
    bytes.copy(this.#block, this.#used, start, end);
    this.#hashes[entry] = hash;
    this.#blockOf[entry] = this.#blocks.length - 1;
    this.#offsetOf[entry] = this.#used;
    this.#lengthOf[entry] = length;
    this.#used += length;
    this.#size = entry + 1;
    // At most half full, so a probe ends soon.
    if (this.#size * 2 > this.#slots.length) this.#rehash();
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
    for (let entry = 0; entry < this.#size; entry++) {
      this.#place(entry, this.#hashes[entry] as number);
    }
  }

  #growEntries(): void {
    const size = this.#hashes.length * 2;
    this.#hashes = grown(this.#hashes, size);
    this.#blockOf = grown(this.#blockOf, size);
    this.#offsetOf = grown(this.#offsetOf, size);
    this.#lengthOf = grown(this.#lengthOf, size);
  }
}

function grown(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(size);
  larger.set(array);
  return larger;
}
