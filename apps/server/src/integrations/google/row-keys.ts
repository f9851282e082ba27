import { sameBytes } from "@utmost/engine";

/** FNV-1a: each value is hashed as the reader scans it, and a row's hash made of its values'. */
export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

/** Keys are copied into blocks of this size (4 MiB); a longer key gets a block of its own. */
const BLOCK_BITS = 22;
const BLOCK_SIZE = 1 << BLOCK_BITS;

/**
 * Report rows met before, by the bytes of their values as Google's answer has them: a scan's
 * combinations, numbered in the order they were added. A row is looked up straight from the
 * response's bytes with the hash its reader computed while scanning them (`readReportRows`): one
 * probe of an open-addressing table of integers and one comparison of bytes, four at a time, with
 * no string made for it. A key is made of parts (a row's values as the page writes them, its date
 * left empty), kept joined by a quote.
 *
 * Keys are kept as bytes in blocks of 4 MiB outside the JavaScript heap, so the collector never
 * walks them and a table of 400,000 keys grows without copying what it holds.
 */
export class RowKeys {
  /**
   * Open addressing, four integers a slot: the key's hash, its entry + 1 (0 for an empty slot),
   * its length and where its bytes are (block * BLOCK_SIZE + offset). A probe reads one slot and
   * then the key's bytes: a table this size is mostly out of the processor's caches, and each
   * further array read per row was a further miss.
   */
  #slots = new Int32Array(4 << 12);
  /** Each entry's slot, to move the slots when the table doubles. */
  #slotOf = new Int32Array(1 << 11);
  readonly #views: DataView[] = [];
  readonly #buffers: Buffer[] = [];
  /** Bytes used of the last block. */
  #used = BLOCK_SIZE;
  #size = 0;

  /** Number of keys added. */
  get size(): number {
    return this.#size;
  }

  /**
   * The entry of the key made of `count` parts of the bytes `view` holds, part `i` from
   * `parts[2i]` to `parts[2i + 1]` (an empty part: equal bounds), or -1 when it was never added.
   */
  find(view: DataView, parts: Int32Array, count: number, hash: number): number {
    const length = keyLength(parts, count);
    const slots = this.#slots;
    const mask = (slots.length >> 2) - 1;
    let slot = hash & mask;
    for (;;) {
      const at = slot << 2;
      const stored = slots[at + 1] as number;
      if (stored === 0) return -1;
      if (slots[at] === hash && slots[at + 2] === length) {
        const place = slots[at + 3] as number;
        const block = this.#views[place >>> BLOCK_BITS] as DataView;
        // 0 in a block of one long key.
        if (sameParts(block, place & (BLOCK_SIZE - 1), view, parts, count)) return stored - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Adds a key `find` did not find (the same parts, of `bytes`); returns its entry. */
  add(bytes: Buffer, parts: Int32Array, count: number, hash: number): number {
    const length = keyLength(parts, count);
    if (this.#used + length > BLOCK_SIZE) {
      const buffer = Buffer.allocUnsafe(Math.max(BLOCK_SIZE, length));
      this.#buffers.push(buffer);
      this.#views.push(new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength));
      this.#used = 0;
    }
    const block = this.#buffers.length - 1;
    const buffer = this.#buffers[block] as Buffer;
    const offset = this.#used;
    let to = offset;
    for (let part = 0; part < count; part++) {
      if (part > 0) buffer[to++] = SEPARATOR;
      to += bytes.copy(buffer, to, parts[2 * part] as number, parts[2 * part + 1] as number);
    }
    // A key longer than a block fills its own: the next key starts a new one.
    this.#used = offset + length;
    const entry = this.#size++;
    if (entry === this.#slotOf.length) {
      const grown = new Int32Array(entry * 2);
      grown.set(this.#slotOf);
      this.#slotOf.buffer.transfer(0);
      this.#slotOf = grown;
    }
    // At most half full, so a probe ends soon.
    if (this.#size * 2 > this.#slots.length >> 2) this.#rehash();
    const slots = this.#slots;
    const slot = this.#place(slots, hash);
    const at = slot << 2;
    slots[at] = hash;
    slots[at + 1] = entry + 1;
    slots[at + 2] = length;
    slots[at + 3] = block * BLOCK_SIZE + offset;
    this.#slotOf[entry] = slot;
    return entry;
  }

  /** The first empty slot for `hash`. */
  #place(slots: Int32Array, hash: number): number {
    const mask = (slots.length >> 2) - 1;
    let slot = hash & mask;
    while (slots[(slot << 2) + 1] !== 0) slot = (slot + 1) & mask;
    return slot;
  }

  #rehash(): void {
    const old = this.#slots;
    const slots = new Int32Array(old.length * 2);
    for (let entry = 0; entry < this.#size - 1; entry++) {
      const from = (this.#slotOf[entry] as number) << 2;
      const slot = this.#place(slots, old[from] as number);
      const to = slot << 2;
      for (let i = 0; i < 4; i++) slots[to + i] = old[from + i] as number;
      this.#slotOf[entry] = slot;
    }
    // The old table's memory goes at once: the collector frees memory outside the heap only
    // when it marks the whole heap, which such memory waiting to be freed makes it do more often.
    old.buffer.transfer(0);
    this.#slots = slots;
  }
}

/**
 * Between a key's parts when it is kept: a quote, which no value of compact JSON holds unescaped,
 * so that parts of other lengths never make the same key.
 */
const SEPARATOR = 34;

function keyLength(parts: Int32Array, count: number): number {
  let length = count > 0 ? count - 1 : 0;
  for (let part = 0; part < count; part++) {
    length += (parts[2 * part + 1] as number) - (parts[2 * part] as number);
  }
  return length;
}

/** Whether the key kept at `at` in `block` is the key of `parts` in `view`. */
function sameParts(
  block: DataView,
  at: number,
  view: DataView,
  parts: Int32Array,
  count: number,
): boolean {
  let to = at;
  for (let part = 0; part < count; part++) {
    if (part > 0 && block.getUint8(to++) !== SEPARATOR) return false;
    const start = parts[2 * part] as number;
    const length = (parts[2 * part + 1] as number) - start;
    if (!sameBytes(block, to, view, start, length)) return false;
    to += length;
  }
  return true;
}
