/** FNV-1a: each value is hashed as the reader scans it, and a row's hash made of its values'. */
export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

/** Keys are copied into blocks of this size; a longer key gets a block of its own. */
const BLOCK_SIZE = 1 << 22;

/**
 * Report rows met before, by the bytes of their values as Google's answer has them: a scan's
 * combinations, numbered in the order they were added. A row is looked up straight from the
 * response's bytes with the hash its reader computed while scanning them (`readReportRows`): one
 * probe of an open-addressing table of integers and one comparison of bytes, four at a time, with
 * no string made for it. A key may leave a stretch of the row out (its date): `find` compares
 * `bytes[start, cut)` then `bytes[resume, end)`.
 *
 * Keys are kept as bytes in blocks of 4 MiB outside the JavaScript heap, so the collector never
 * walks them and a table of 400,000 keys grows without copying what it holds.
 */
export class RowKeys {
  /** Open addressing: entry + 1 per slot, 0 for an empty slot. */
  #slots = new Int32Array(1 << 12);
  #hashes = new Int32Array(1 << 11);
  /** Each entry's block, offset in it and length. */
  #blocks = new Int32Array(1 << 11);
  #offsets = new Int32Array(1 << 11);
  #lengths = new Int32Array(1 << 11);
  readonly #views: DataView[] = [];
  readonly #buffers: Buffer[] = [];
  /** Bytes used of the last block. */
  #used = BLOCK_SIZE;
  #size = 0;

  /** Number of keys added. */
  get size(): number {
    return this.#size;
  }

  /** The entry of the key `bytes[start, cut) + bytes[resume, end)`, or -1 when not added. */
  find(
    view: DataView,
    start: number,
    cut: number,
    resume: number,
    end: number,
    hash: number,
  ): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    const head = cut - start;
    const length = head + end - resume;
    let slot = hash & mask;
    for (;;) {
      const stored = slots[slot] as number;
      if (stored === 0) return -1;
      const entry = stored - 1;
      if (this.#hashes[entry] === hash && this.#lengths[entry] === length) {
        const block = this.#views[this.#blocks[entry] as number] as DataView;
        const offset = this.#offsets[entry] as number;
        if (
          sameBytes(block, offset, view, start, head) &&
          sameBytes(block, offset + head, view, resume, end - resume)
        ) {
          return entry;
        }
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Adds a key `find` did not find (the same arguments); returns its entry. */
  add(
    bytes: Buffer,
    start: number,
    cut: number,
    resume: number,
    end: number,
    hash: number,
  ): number {
    const length = cut - start + end - resume;
    const entry = this.#size;
    if (entry === this.#hashes.length) this.#grow();
    if (this.#used + length > BLOCK_SIZE) {
      const buffer = Buffer.allocUnsafe(Math.max(BLOCK_SIZE, length));
      this.#buffers.push(buffer);
      this.#views.push(new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength));
      this.#used = 0;
    }
    const block = this.#buffers.length - 1;
    const buffer = this.#buffers[block] as Buffer;
    const offset = this.#used;
    const head = bytes.copy(buffer, offset, start, cut);
    bytes.copy(buffer, offset + head, resume, end);
    // A key longer than a block fills its own: the next key starts a new one.
    this.#used = offset + length;
    this.#hashes[entry] = hash;
    this.#blocks[entry] = block;
    this.#offsets[entry] = offset;
    this.#lengths[entry] = length;
    this.#size = entry + 1;
    // At most half full, so a probe ends soon.
    if (this.#size * 2 > this.#slots.length) this.#rehash();
    else this.#place(entry, hash);
    return entry;
  }

  #grow(): void {
    const grown = (from: Int32Array) => {
      const to = new Int32Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.#hashes = grown(this.#hashes);
    this.#blocks = grown(this.#blocks);
    this.#offsets = grown(this.#offsets);
    this.#lengths = grown(this.#lengths);
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
}

/** Whether `length` bytes at `a` in `left` are those at `b` in `right`, four at a time. */
function sameBytes(left: DataView, a: number, right: DataView, b: number, length: number): boolean {
  let i = 0;
  for (; i + 4 <= length; i += 4) {
    if (left.getInt32(a + i) !== right.getInt32(b + i)) return false;
  }
  for (; i < length; i++) {
    if (left.getUint8(a + i) !== right.getUint8(b + i)) return false;
  }
  return true;
}
