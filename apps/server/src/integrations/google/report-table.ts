import type { ReportRow } from "@utmost/contracts";
import { GoogleError } from "./errors.ts";
import { HASH_PRIME, HASH_SEED, type RowKeys } from "./row-keys.ts";

/**
 * A report page's rows, read without an object per row. A large scan reads millions of rows
 * (docs/performance.md): building a `{ dimensionValues: [{ value }], metricValues: [...] }` tree
 * for each cost more than everything the scan then did with it. `readReportRows` reads Google's
 * compact JSON in place instead, from the response's bytes, keeping where each value is; anything
 * it does not recognise as that exact layout is left to `JSON.parse` and the contract's schema,
 * which then accept or refuse it as before (`ObjectReportRows`). Every value's framing and
 * escapes are checked by JSON's rules and a raw control character refused as the bytes are
 * scanned; a value with escapes is read by `JSON.parse`. A value JSON would refuse throws
 * GOOGLE_BAD_RESPONSE, as the whole answer would have.
 */
export interface ReportRows {
  readonly length: number;
  /**
   * The entry in `keys` of the row's dimension values, column `skip` (-1: none) left out, or -1
   * when they are not there. A key is the values as compact JSON writes them, escapes and all,
   * the skipped one empty: two rows with the same key have the same values, whoever read them.
   */
  find(keys: RowKeys, row: number, skip: number): number;
  /** Adds the row's key, which `find` did not find, to `keys`; its entry. */
  add(keys: RowKeys, row: number, skip: number): number;
  /** The row's dimension values, new strings that keep nothing else alive. */
  dimensions(row: number): (string | undefined)[];
  /** One dimension value; undefined when the row has none there. */
  dimension(row: number, column: number): string | undefined;
  /** A metric value as `Number` reads its text; 0 when the row has none there. */
  metric(row: number, column: number): number;
  /** The rows as the contract's objects (for callers that want them; the scan does not). */
  toRows(): ReportRow[];
  /**
   * Lets the page's memory go now rather than when the collector next looks: a scan reads
   * hundreds of pages of several MB, and their bytes waiting outside the heap made the collector
   * mark the whole heap again and again (docs/performance.md). The rows are unusable afterwards.
   */
  release(): void;
}

/** Rows that `JSON.parse` and the contract's schema already turned into objects. */
export class ObjectReportRows implements ReportRows {
  private readonly rows: ReportRow[];

  constructor(rows: ReportRow[]) {
    this.rows = rows;
  }

  get length(): number {
    return this.rows.length;
  }

  /**
   * The row alone as a page of Google's compact layout, the skipped value left empty, read by
   * the byte reader: its key is then the one that reader gives the same values.
   */
  private page(row: number, skip: number): ReportRows {
    const values = (this.rows[row] as ReportRow).dimensionValues;
    const dimensionValues = values.map((value, at) => ({ value: at === skip ? "" : value.value }));
    const text = JSON.stringify({ rows: [{ dimensionValues, metricValues: [] }] });
    const read = readReportRows(Buffer.from(text));
    if (!read) throw badValue();
    return read.rows;
  }

  find(keys: RowKeys, row: number, skip: number): number {
    return this.page(row, skip).find(keys, 0, skip);
  }

  add(keys: RowKeys, row: number, skip: number): number {
    return this.page(row, skip).add(keys, 0, skip);
  }

  dimensions(row: number): (string | undefined)[] {
    return (this.rows[row] as ReportRow).dimensionValues.map((value) => value.value);
  }

  dimension(row: number, column: number): string | undefined {
    return (this.rows[row] as ReportRow).dimensionValues[column]?.value;
  }

  metric(row: number, column: number): number {
    return Number((this.rows[row] as ReportRow).metricValues[column]?.value ?? "0");
  }

  toRows(): ReportRow[] {
    return this.rows;
  }

  release(): void {
    // Objects: the collector's, as any others.
  }
}

/** Spreads a key's hash into its low bits, which pick its slot. */
function finalHash(hash: number): number {
  return hash ^ (hash >>> 16);
}

const ROW_START = token('{"dimensionValues":[');
const METRICS_START = token('],"metricValues":[');
const VALUE_START = token('{"value":"');
const QUOTE = 34;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const BACKSLASH = 92;
const ZERO = 48;
const SPACE = 32;
/** `\u` escapes spell a character's code in four hexadecimal digits. */
const U = 117;

// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is what it finds.
const ASCII = /^[\u0000-\u007f]*$/;

/** A stretch of ASCII the layout has at a place, compared four bytes at a time. */
interface Token {
  readonly length: number;
  readonly bytes: Uint8Array;
  /** The first `length >> 2 << 2` bytes as little-endian words. */
  readonly words: Int32Array;
}

function token(text: string): Token {
  const bytes = new TextEncoder().encode(text);
  const view = new DataView(bytes.buffer);
  const words = Int32Array.from({ length: bytes.length >> 2 }, (_, i) =>
    view.getInt32(4 * i, true),
  );
  return { length: bytes.length, bytes, words };
}

/** Whether `token` is at `at` in the bytes `view` holds. */
function tokenAt(view: DataView, at: number, token: Token): boolean {
  if (at < 0 || at + token.length > view.byteLength) return false;
  const words = token.words;
  for (let i = 0; i < words.length; i++) {
    if (view.getInt32(at + 4 * i, true) !== words[i]) return false;
  }
  for (let i = words.length * 4; i < token.length; i++) {
    if (view.getUint8(at + i) !== token.bytes[i]) return false;
  }
  return true;
}

/** Whether the byte after a backslash makes an escape JSON allows with no more to it. */
const SHORT_ESCAPE = new Uint8Array(128);
for (const c of '"\\/bfnrt') SHORT_ESCAPE[c.charCodeAt(0)] = 1;
const HEX_DIGIT = new Uint8Array(128);
for (const c of "0123456789abcdefABCDEF") HEX_DIGIT[c.charCodeAt(0)] = 1;

function badValue(): GoogleError {
  return new GoogleError(
    "GOOGLE_BAD_RESPONSE",
    "Unexpected report from Google (a row is not JSON)",
  );
}

/** A JSON text that Google sent, parsed; JSON's refusal is a bad answer. */
function parseValue(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    throw badValue();
  }
}

/**
 * Rows kept as their places in the response's bytes. For each row, each dimension value and
 * then each metric value has a start and an end (the bytes between its quotes); a start below
 * zero, `-(start + 1)`, marks a value with escapes. Each dimension value also has its hash.
 */
class ByteReportRows implements ReportRows {
  readonly length: number;
  private readonly bytes: Buffer;
  private readonly view: DataView;
  private readonly dimensionCount: number;
  private readonly metricCount: number;
  private readonly bounds: Int32Array;
  private readonly hashes: Int32Array;
  private readonly stride: number;
  private lastDate = "";
  private released = false;

  constructor(
    bytes: Buffer,
    length: number,
    dimensionCount: number,
    metricCount: number,
    bounds: Int32Array,
    hashes: Int32Array,
  ) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.length = length;
    this.dimensionCount = dimensionCount;
    this.metricCount = metricCount;
    this.bounds = bounds;
    this.hashes = hashes;
    this.stride = 2 * (dimensionCount + metricCount);
    this.parts = new Int32Array(2 * dimensionCount);
  }

  private start(row: number, column: number): number {
    const start = this.bounds[row * this.stride + 2 * column] as number;
    return start < 0 ? -start - 1 : start;
  }

  private escaped(row: number, column: number): boolean {
    return (this.bounds[row * this.stride + 2 * column] as number) < 0;
  }

  private end(row: number, column: number): number {
    return this.bounds[row * this.stride + 2 * column + 1] as number;
  }

  private hash(row: number, skip: number): number {
    const hashes = this.hashes;
    const first = row * this.dimensionCount;
    let hash = HASH_SEED;
    for (let i = 0; i < this.dimensionCount; i++) {
      if (i !== skip) hash = Math.imul(hash ^ (hashes[first + i] as number), HASH_PRIME);
    }
    return finalHash(hash);
  }

  /** Where a row's key is (`keyParts`), kept here so that no array is made per row. */
  private readonly parts: Int32Array;

  /** The row's values as `[start, end)` pairs, the skipped one empty (`RowKeys`). */
  private keyParts(row: number, skip: number): Int32Array {
    const parts = this.parts;
    for (let column = 0; column < this.dimensionCount; column++) {
      const skipped = column === skip;
      parts[2 * column] = skipped ? 0 : this.start(row, column);
      parts[2 * column + 1] = skipped ? 0 : this.end(row, column);
    }
    return parts;
  }

  find(keys: RowKeys, row: number, skip: number): number {
    this.usable();
    const hash = this.hash(row, skip);
    return keys.find(this.view, this.keyParts(row, skip), this.dimensionCount, hash);
  }

  add(keys: RowKeys, row: number, skip: number): number {
    this.usable();
    const hash = this.hash(row, skip);
    return keys.add(this.bytes, this.keyParts(row, skip), this.dimensionCount, hash);
  }

  dimensions(row: number): (string | undefined)[] {
    this.usable();
    const values: string[] = [];
    for (let column = 0; column < this.dimensionCount; column++) {
      const start = this.start(row, column);
      const end = this.end(row, column);
      values.push(
        this.escaped(row, column)
          ? this.unescaped(start, end)
          : this.bytes.toString("utf8", start, end),
      );
    }
    return values;
  }

  dimension(row: number, column: number): string | undefined {
    this.usable();
    if (column < 0 || column >= this.dimensionCount) return undefined;
    const start = this.start(row, column);
    const end = this.end(row, column);
    if (this.escaped(row, column)) return this.unescaped(start, end);
    // A report's rows mostly share a date: the same string again, not a new one per row.
    const last = this.lastDate;
    if (end - start === last.length && sameAscii(this.bytes, start, last)) return last;
    const value = this.bytes.toString("utf8", start, end);
    if (value.length <= 12 && ASCII.test(value)) this.lastDate = value;
    return value;
  }

  metric(row: number, column: number): number {
    this.usable();
    if (column < 0 || column >= this.metricCount) return 0;
    const at = this.dimensionCount + column;
    const start = this.start(row, at);
    const end = this.end(row, at);
    const bytes = this.bytes;
    if (!this.escaped(row, at) && end > start && end - start <= 15) {
      let value = 0;
      let p = start;
      for (; p < end; p++) {
        const digit = (bytes[p] as number) - ZERO;
        if (digit < 0 || digit > 9) break;
        value = value * 10 + digit;
      }
      if (p === end) return value;
    }
    return Number(this.metricText(row, at));
  }

  /** A value with escapes, read by JSON's rules (its quotes are around it in the bytes). */
  private unescaped(start: number, end: number): string {
    return parseValue(this.bytes.toString("utf8", start - 1, end + 1)) as string;
  }

  private metricText(row: number, at: number): string {
    const start = this.start(row, at);
    const end = this.end(row, at);
    return this.escaped(row, at)
      ? this.unescaped(start, end)
      : this.bytes.toString("utf8", start, end);
  }

  private usable(): void {
    if (this.released) throw new Error("The report page was released");
  }

  release(): void {
    // Detached, each buffer's memory is freed at once (`transfer(0)` leaves an empty one). The
    // bytes only when the rows have their buffer to themselves: a small Buffer is a slice of a
    // shared pool.
    const bytes = this.bytes;
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
      (bytes.buffer as ArrayBuffer).transfer(0);
    }
    (this.bounds.buffer as ArrayBuffer).transfer(0);
    (this.hashes.buffer as ArrayBuffer).transfer(0);
    this.released = true;
  }

  toRows(): ReportRow[] {
    this.usable();
    const rows: ReportRow[] = [];
    for (let row = 0; row < this.length; row++) {
      const dimensionValues = this.dimensions(row).map((value) => ({ value: value ?? "" }));
      const metricValues: { value: string }[] = [];
      for (let column = 0; column < this.metricCount; column++) {
        metricValues.push({ value: this.metricText(row, this.dimensionCount + column) });
      }
      rows.push({ dimensionValues, metricValues });
    }
    return rows;
  }
}

/** Whether `bytes` at `at` are the characters of `text`, which holds ASCII only. */
function sameAscii(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (bytes[at + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

/** Where the top-level `rows` list is in a compact JSON object, or undefined. */
function findRowsList(bytes: Buffer): { start: number } | undefined {
  if (bytes[0] !== OPEN_BRACE) return undefined;
  let p = 1;
  for (;;) {
    if (bytes[p] !== QUOTE) return undefined;
    const keyEnd = bytes.indexOf(QUOTE, p + 1);
    if (keyEnd < 0) return undefined;
    const key = bytes.toString("latin1", p + 1, keyEnd);
    if (key.includes("\\") || bytes[keyEnd + 1] !== COLON) return undefined;
    p = keyEnd + 2;
    if (key === "rows") return bytes[p] === OPEN_BRACKET ? { start: p } : undefined;
    const next = skipValue(bytes, p);
    if (next < 0) return undefined;
    p = next;
    if (bytes[p] === COMMA) p++;
    else return undefined; // `}`: no rows (an empty report), or not this layout
  }
}

/** The index after the compact JSON value at `p`, or -1. Strings, lists and objects only need
 * their extent here; `JSON.parse` reads them afterwards. */
function skipValue(bytes: Buffer, p: number): number {
  let depth = 0;
  let i = p;
  while (i < bytes.length) {
    const c = bytes[i] as number;
    if (c === QUOTE) {
      i = stringEnd(bytes, i + 1);
      if (i < 0) return -1;
      i++;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      i++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth < 0) return -1;
      i++;
    } else if (depth === 0 && c === COMMA) {
      return i;
    } else {
      i++;
    }
    if (depth === 0 && (c === QUOTE || c === CLOSE_BRACE || c === CLOSE_BRACKET)) return i;
  }
  return -1;
}

/** The index of the quote closing the string whose first byte is at `p`, or -1. */
function stringEnd(bytes: Buffer, p: number): number {
  let q = bytes.indexOf(QUOTE, p);
  while (q > 0) {
    let backslashes = 0;
    while (bytes[q - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return q;
    q = bytes.indexOf(QUOTE, q + 1);
  }
  return -1;
}

export interface ReadReportRows {
  rows: ReportRows;
  /** The response's text with its rows list left empty, for `JSON.parse` and the schema. */
  rest: string;
}

/** A growable list of 32-bit integers. */
class Ints {
  values = new Int32Array(1024);
  length = 0;

  reserve(count: number): void {
    if (this.length + count <= this.values.length) return;
    const grown = new Int32Array(Math.max(this.values.length * 2, this.length + count));
    grown.set(this.values);
    // Freed now, not when the collector next looks (see `release`).
    this.values.buffer.transfer(0);
    this.values = grown;
  }
}

/**
 * Reads the `rows` of a runReport response in Google's compact layout (`prettyPrint=false`):
 * `{"dimensionValues":[{"value":"…"},…],"metricValues":[{"value":"…"},…]}` for each row, the
 * same number of values in every row. Undefined when the bytes are anything else, valid JSON or
 * not: the caller then parses them whole, as any other answer. Each value is scanned byte by
 * byte once: its end found, its escapes checked by JSON's rules, a control character (which JSON
 * never allows in a string) refused, and a dimension value hashed, so a row is looked up by its
 * values (`find`) without a string made for it.
 */
export function readReportRows(body: Uint8Array): ReadReportRows | undefined {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const size = bytes.length;
  const found = findRowsList(bytes);
  if (!found) return undefined;
  const listStart = found.start;
  let p = listStart + 1;
  const bounds = new Ints();
  const hashes = new Ints();
  let length = 0;
  let dimensionCount = -1;
  let metricCount = -1;

  /**
   * Reads `{"value":"…"}` items up to `]`, recording their bounds (and, with `hashing`, their
   * hashes); the count, or -1.
   */
  const readValues = (hashing: boolean): number => {
    let count = 0;
    if (bytes[p] === CLOSE_BRACKET) return 0;
    for (;;) {
      if (!tokenAt(view, p, VALUE_START)) return -1;
      const start = p + VALUE_START.length;
      let q = start;
      let hash = HASH_SEED;
      let escaped = false;
      for (;;) {
        // Four bytes at a time while none is a quote, a backslash or a control character.
        while (q + 4 <= size) {
          const word = view.getInt32(q, true);
          const quote = word ^ 0x22222222;
          const backslash = word ^ 0x5c5c5c5c;
          const special =
            ((quote - 0x01010101) & ~quote) |
            ((backslash - 0x01010101) & ~backslash) |
            ((word - 0x20202020) & ~word);
          if ((special & 0x80808080) !== 0) break;
          hash = Math.imul(hash ^ word, HASH_PRIME);
          q += 4;
        }
        if (q >= size) return -1;
        const c = bytes[q] as number;
        if (c === QUOTE) break;
        if (c < SPACE) return -1;
        hash = Math.imul(hash ^ c, HASH_PRIME);
        q++;
        if (c === BACKSLASH) {
          escaped = true;
          const next = bytes[q] as number;
          if (next === U) {
            for (let i = 1; i <= 4; i++) {
              if (HEX_DIGIT[bytes[q + i] as number] !== 1) return -1;
            }
          } else if (SHORT_ESCAPE[next] !== 1) {
            return -1;
          }
          // The escape's own bytes are hashed as any other; none of them is a quote.
          const after = next === U ? q + 5 : q + 1;
          for (; q < after; q++) hash = Math.imul(hash ^ (bytes[q] as number), HASH_PRIME);
        }
      }
      bounds.reserve(2);
      bounds.values[bounds.length++] = escaped ? -start - 1 : start;
      bounds.values[bounds.length++] = q;
      if (hashing) {
        hashes.reserve(1);
        hashes.values[hashes.length++] = hash;
      }
      count++;
      if (bytes[q + 1] !== CLOSE_BRACE) return -1;
      const after = bytes[q + 2];
      p = q + 3;
      if (after === CLOSE_BRACKET) return count;
      if (after !== COMMA) return -1;
    }
  };

  if (bytes[p] !== CLOSE_BRACKET) {
    for (;;) {
      if (!tokenAt(view, p, ROW_START)) return undefined;
      p += ROW_START.length;
      const dimensions = readValues(true);
      if (dimensions < 0 || (dimensionCount >= 0 && dimensions !== dimensionCount)) {
        return undefined;
      }
      // readValues leaves p after the list's `]`, or at it when the list is empty.
      if (dimensions === 0) p++;
      p--;
      if (!tokenAt(view, p, METRICS_START)) return undefined;
      p += METRICS_START.length;
      const metrics = readValues(false);
      if (metrics < 0 || (metricCount >= 0 && metrics !== metricCount)) return undefined;
      if (metrics === 0) p++;
      dimensionCount = dimensions;
      metricCount = metrics;
      length++;
      if (bytes[p] !== CLOSE_BRACE) return undefined;
      const after = bytes[p + 1];
      p += 2;
      if (after === CLOSE_BRACKET) break;
      if (after !== COMMA) return undefined;
    }
  } else {
    p++;
  }
  // A row of no values has nowhere to keep its place; such a page goes the general way.
  if (length > 0 && dimensionCount === 0) return undefined;
  const rest = `${bytes.toString("utf8", 0, listStart)}[]${bytes.toString("utf8", p)}`;
  return {
    rows: new ByteReportRows(
      bytes,
      length,
      Math.max(0, dimensionCount),
      Math.max(0, metricCount),
      bounds.values,
      hashes.values,
    ),
    rest,
  };
}
