import type { ValueShapes } from "../core/audit-data.ts";
import { viewOf } from "./column-dictionaries.ts";
import { KeyTable } from "./key-table.ts";

/** Values numbered before the table judges whether shapes repeat enough to be worth finding. */
const WARM = 1 << 14;

/**
 * Writes the shape of the bytes `view[start, end)` into `out` from 0 (`factsByShape` in
 * rules/urls.ts: each run of ASCII digits written as one "0", unless the byte before it is "%",
 * then as it is); returns its length, at most `end - start`. Digits and "%" are single bytes in
 * UTF-8 and never part of a longer character, so two values have the same shape in bytes
 * exactly when their texts have the same shape.
 */
export function shapeBytes(view: DataView, start: number, end: number, out: DataView): number {
  let length = 0;
  let at = start;
  let hash = 0;
  let high = 0;
  while (at < end) {
    // Four bytes at a time while none is a digit (most of a URL): a byte is a digit when it is
    // under 10 once "0" is taken from it, which the word tells for its four bytes at once (a
    // byte of 0x80 or more never reads as under 10; a digit may make a byte after it seem one,
    // which only sends that word byte by byte).
    while (at + 4 <= end) {
      const word = view.getInt32(at, true);
      const offset = word ^ 0x30303030;
      if (((offset - 0x0a0a0a0a) & ~offset & 0x80808080) !== 0) break;
      out.setInt32(length, word, true);
      hash = step(hash, word);
      high |= word;
      length += 4;
      at += 4;
    }
    if (at >= end) break;
    const code = view.getUint8(at);
    if (code < 0x30 || code > 0x39) {
      out.setUint8(length++, code);
      hash = step(hash, code);
      high |= code;
      at++;
      continue;
    }
    const kept = at > start && view.getUint8(at - 1) === 0x25;
    out.setUint8(length++, kept ? code : 0x30);
    hash = step(hash, kept ? code : 0x30);
    for (at++; at < end; at++) {
      const next = view.getUint8(at);
      if (next < 0x30 || next > 0x39) break;
      if (kept) {
        out.setUint8(length++, next);
        hash = step(hash, next);
      }
    }
  }
  hash ^= length;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  shapeHash = hash ^ (hash >>> 16);
  shapeAscii = (high & 0x80808080) === 0;
  return length;
}

/**
 * The hash of the shape `shapeBytes` wrote last, taken as it wrote it (a word or a byte at a
 * time, as the value's bytes led it: values of one shape are most often written alike, and a
 * shape hashed two ways is only found twice, never mistaken), and whether the value's bytes
 * were all ASCII: module variables, no object a value.
 */
let shapeHash = 0;
let shapeAscii = true;

/** One step of the shape's hash (MurmurHash3's 32-bit mix of a word into the hash). */
function step(hash: number, word: number): number {
  let mixed = Math.imul(word, 0xcc9e2d51);
  mixed = Math.imul((mixed << 15) | (mixed >>> 17), 0x1b873593);
  const next = hash ^ mixed;
  return (Math.imul((next << 13) | (next >>> 19), 5) + 0xe6546b64) | 0;
}

/**
 * The shapes of a column's values (`VALUE_SHAPE`), found from their bytes as the reader numbers
 * them: value `v`'s shape is `ids[v]`, shapes numbered in the order they first come, -1 for a
 * value of a shape of its own (one given without bytes). Landing pages that differ only in their
 * numbers (item 21952, ref=31) share a shape, and the facts the checks read of every landing page
 * are then found once a shape (`factsByShape`) instead of once a value.
 *
 * A column whose values rarely share a shape gains nothing from them: once WARM values are in,
 * a table with more than one shape for two values stops looking (each later value -1) and lets
 * its memory go.
 */
export class ShapeTable implements ValueShapes {
  #table = new KeyTable();
  #scratch = Buffer.allocUnsafe(1024);
  #view = viewOf(this.#scratch);
  #ids = new Int32Array(1024);
  #values = 0;
  #shapes = 0;
  #on = true;

  /** Each value's shape, by the value's number. */
  get ids(): Int32Array {
    return this.#ids.subarray(0, this.#values);
  }

  /** Shapes found: every shape id is below it. */
  get count(): number {
    return this.#shapes;
  }

  /** Whether values are still given their shapes (else each gets -1). */
  get on(): boolean {
    return this.#on;
  }

  /**
   * Numbers the shape of the next value, whose bytes are `view[start, end)`; says whether they
   * are all ASCII, as reading them for the shape tells (1 yes, 0 no), -1 when not read (the
   * table no longer looks).
   */
  add(view: DataView, start: number, end: number): number {
    if (!this.#on) {
      this.#push(-1);
      return -1;
    }
    if (end - start > this.#scratch.length) {
      this.#scratch = Buffer.allocUnsafe(2 * (end - start));
      this.#view = viewOf(this.#scratch);
    }
    const length = shapeBytes(view, start, end, this.#view);
    const hash = shapeHash;
    const ascii = shapeAscii ? 1 : 0;
    let shape = this.#table.lookup(this.#view, 0, length, hash);
    if (shape < 0)
      shape = this.#table.add(this.#scratch, 0, length, hash, undefined, false, ~shape);
    this.#shapes = this.#table.size;
    this.#push(shape);
    if (this.#values === WARM && 2 * this.#shapes > this.#values) this.release();
    return ascii;
  }

  /** Numbers the next value as a shape of its own (a value known without bytes). */
  addNone(): void {
    this.#push(-1);
  }

  /** Lets the lookup table's memory go: the shapes found stay, later values get none. */
  release(): void {
    if (!this.#on) return;
    this.#on = false;
    this.#table.release();
  }

  #push(shape: number): void {
    if (this.#values === this.#ids.length) {
      const grown = new Int32Array(2 * this.#ids.length);
      grown.set(this.#ids);
      this.#ids = grown;
    }
    this.#ids[this.#values++] = shape;
  }
}
