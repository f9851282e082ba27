import type { ValueShapes } from "../core/audit-data.ts";
import { hashBytes, viewOf } from "./column-dictionaries.ts";
import { KeyTable } from "./key-table.ts";

/** Values numbered before the table judges whether shapes repeat enough to be worth finding. */
const WARM = 1 << 14;

/**
 * Writes the shape of the bytes `bytes[start, end)` into `out` from 0 (`VALUE_SHAPE` in
 * rules/urls.ts: each run of ASCII digits written as one "0", unless the byte before it is "%",
 * then as it is); returns its length, at most `end - start`. Digits and "%" are single bytes in
 * UTF-8 and never part of a longer character, so two values have the same shape in bytes
 * exactly when their texts have the same shape.
 */
export function shapeBytes(bytes: Uint8Array, start: number, end: number, out: Uint8Array): number {
  let length = 0;
  let at = start;
  while (at < end) {
    const code = bytes[at] as number;
    if (code < 0x30 || code > 0x39) {
      out[length++] = code;
      at++;
      continue;
    }
    const kept = at > start && bytes[at - 1] === 0x25;
    if (kept) out[length++] = code;
    else out[length++] = 0x30;
    for (at++; at < end; at++) {
      const next = bytes[at] as number;
      if (next < 0x30 || next > 0x39) break;
      if (kept) out[length++] = next;
    }
  }
  return length;
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

  /** Numbers the shape of the next value, whose bytes are `bytes[start, end)`. */
  add(bytes: Uint8Array, start: number, end: number): void {
    if (!this.#on) {
      this.#push(-1);
      return;
    }
    if (end - start > this.#scratch.length) {
      this.#scratch = Buffer.allocUnsafe(2 * (end - start));
      this.#view = viewOf(this.#scratch);
    }
    const length = shapeBytes(bytes, start, end, this.#scratch);
    const hash = hashBytes(this.#view, 0, length);
    let shape = this.#table.find(this.#view, 0, length, hash);
    if (shape < 0) shape = this.#table.add(this.#scratch, 0, length, hash);
    this.#shapes = this.#table.size;
    this.#push(shape);
    if (this.#values === WARM && 2 * this.#shapes > this.#values) this.release();
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
