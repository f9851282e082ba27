import type { ReportRow } from "@utmost/contracts";
import { GoogleError } from "./errors.ts";

/**
 * A report page's rows, read without an object per row. A large scan reads millions of rows
 * (docs/performance.md): building a `{ dimensionValues: [{ value }], metricValues: [...] }` tree
 * for each cost more than everything the scan then did with it. `readReportRows` reads Google's
 * compact JSON in place instead, keeping where each value is in the response's text; anything it
 * does not recognise as that exact layout is left to `JSON.parse` and the contract's schema,
 * which then accept or refuse it as before (`ObjectReportRows`). A value's text is checked as
 * JSON when it is first read: the list of a combination not met before by `JSON.parse`, a date
 * or a metric that is no plain number for control characters; a value JSON would refuse throws
 * GOOGLE_BAD_RESPONSE, as the whole answer would have.
 */
export interface ReportRows {
  readonly length: number;
  /**
   * Text that is the same for two rows of this page whose dimension values are the same, column
   * `skip` (-1: none) left out. Only comparable with keys of the same kind of reader.
   */
  key(row: number, skip: number): string;
  /** Whose keys `key` makes: keys of different kinds never compare. */
  readonly keyKind: "text" | "values";
  /** The row's dimension values, new strings that keep nothing else alive. */
  dimensions(row: number): (string | undefined)[];
  /** One dimension value; undefined when the row has none there. */
  dimension(row: number, column: number): string | undefined;
  /** A metric value as `Number` reads its text; 0 when the row has none there. */
  metric(row: number, column: number): number;
  /** The rows as the contract's objects (for callers that want them; the scan does not). */
  toRows(): ReportRow[];
}

const KEY_SEPARATOR = "\u0000";

/** Rows that `JSON.parse` and the contract's schema already turned into objects. */
export class ObjectReportRows implements ReportRows {
  readonly keyKind = "values";
  private readonly rows: ReportRow[];

  constructor(rows: ReportRow[]) {
    this.rows = rows;
  }

  get length(): number {
    return this.rows.length;
  }

  key(row: number, skip: number): string {
    const values = (this.rows[row] as ReportRow).dimensionValues;
    let text = "";
    for (let i = 0; i < values.length; i++) {
      if (i === skip) continue;
      text += `${values[i]?.value ?? KEY_SEPARATOR}${KEY_SEPARATOR}`;
    }
    return text;
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
}

const ROW_START = '{"dimensionValues":[';
const METRICS_START = '],"metricValues":[';
const VALUE_START = '{"value":"';
/** The body of a JSON string with at least one escape, up to and including its closing quote. */
const ESCAPED_STRING_BODY = /(?:[^"\\]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
/** JSON allows these only between tokens, never in a string. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROL_CHARACTER = /[\u0000-\u001f]/;

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

/** Raw text of a value without escapes, refused where JSON would refuse it. */
function plain(value: string): string {
  if (CONTROL_CHARACTER.test(value)) throw badValue();
  return value;
}
const QUOTE = 34;
const COMMA = 44;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const BACKSLASH = 92;
const ZERO = 48;

/**
 * Rows kept as their places in the response's text. For each row, each dimension value and
 * then each metric value has a start and an end (the characters between its quotes); a start
 * below zero, `-(start + 1)`, marks a value with escapes.
 */
class TextReportRows implements ReportRows {
  readonly keyKind = "text";
  readonly length: number;
  private readonly text: string;
  private readonly dimensionCount: number;
  private readonly metricCount: number;
  private readonly bounds: Int32Array;
  private readonly stride: number;
  private lastDate = "";

  constructor(
    text: string,
    length: number,
    dimensionCount: number,
    metricCount: number,
    bounds: Int32Array,
  ) {
    this.text = text;
    this.length = length;
    this.dimensionCount = dimensionCount;
    this.metricCount = metricCount;
    this.bounds = bounds;
    this.stride = 2 * (dimensionCount + metricCount);
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

  /** The row's `dimensionValues` list as it is in the text, `[` to `]`. */
  private listStart(row: number): number {
    return this.start(row, 0) - VALUE_START.length - 1;
  }

  private listEnd(row: number): number {
    return this.end(row, this.dimensionCount - 1) + 3;
  }

  key(row: number, skip: number): string {
    const count = this.dimensionCount;
    if (count === 0) return "";
    if (skip < 0 || skip >= count) return this.text.slice(this.listStart(row), this.listEnd(row));
    // The skipped value's text stays out; its quotes and the rest of the list stay in.
    const head = skip === 0 ? "" : this.text.slice(this.listStart(row), this.start(row, skip));
    const tail = this.text.slice(this.end(row, skip), this.listEnd(row));
    return head === "" ? tail : head + tail;
  }

  dimensions(row: number): (string | undefined)[] {
    if (this.dimensionCount === 0) return [];
    // One parse of the row's list: the strings it makes are new, and escapes are read by JSON's
    // own rules. Done once per combination a scan meets, not per row.
    const list = parseValue(this.text.slice(this.listStart(row), this.listEnd(row)));
    // The contract's rule for a value list (ReportRowsSchema): objects with a string `value`.
    if (!Array.isArray(list) || list.length !== this.dimensionCount) throw badValue();
    return list.map((entry: unknown) => {
      const value = (entry as { value?: unknown } | null)?.value;
      if (typeof value !== "string") throw badValue();
      return value;
    });
  }

  dimension(row: number, column: number): string | undefined {
    if (column < 0 || column >= this.dimensionCount) return undefined;
    const start = this.start(row, column);
    const end = this.end(row, column);
    // Read without its row's list (the date): its framing is checked here (see readValues).
    if (!tokenAt(this.text, start - VALUE_START.length, VALUE_START)) throw badValue();
    if (this.escaped(row, column)) return parseValue(this.text.slice(start - 1, end + 1)) as string;
    // A report's rows mostly share a date: the same string again, not a copy per row.
    const last = this.lastDate;
    if (end - start === last.length && this.text.startsWith(last, start)) return last;
    const value = plain(this.text.slice(start, end));
    if (value.length <= 12) this.lastDate = value;
    return value.length > 12 ? detached(value) : value;
  }

  metric(row: number, column: number): number {
    if (column < 0 || column >= this.metricCount) return 0;
    const at = this.dimensionCount + column;
    const start = this.start(row, at);
    const end = this.end(row, at);
    const text = this.text;
    if (!this.escaped(row, at) && end > start && end - start <= 15) {
      let value = 0;
      let p = start;
      for (; p < end; p++) {
        const digit = text.charCodeAt(p) - ZERO;
        if (digit < 0 || digit > 9) break;
        value = value * 10 + digit;
      }
      if (p === end) return value;
    }
    return Number(this.metricText(row, at));
  }

  private metricText(row: number, at: number): string {
    const start = this.start(row, at);
    const end = this.end(row, at);
    return this.escaped(row, at)
      ? (parseValue(this.text.slice(start - 1, end + 1)) as string)
      : plain(this.text.slice(start, end));
  }

  toRows(): ReportRow[] {
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

/**
 * A copy of `value` that does not keep the text it was sliced from alive: a slice of a long
 * string points into it, and a value kept for the whole scan would keep a whole response.
 */
export function detached(value: string): string {
  return ` ${value}`.slice(1);
}

/** Whether `token` is in `text` at `at`: a plain loop, cheaper than `startsWith` for short ones. */
function tokenAt(text: string, at: number, token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    if (text.charCodeAt(at + i) !== token.charCodeAt(i)) return false;
  }
  return true;
}

/** Where the top-level `rows` list is in a compact JSON object, or undefined. */
function findRowsList(text: string): { start: number } | undefined {
  if (text.charCodeAt(0) !== OPEN_BRACE) return undefined;
  let p = 1;
  for (;;) {
    if (text.charCodeAt(p) !== QUOTE) return undefined;
    const keyEnd = text.indexOf('"', p + 1);
    if (keyEnd < 0) return undefined;
    const key = text.slice(p + 1, keyEnd);
    if (key.includes("\\") || text.charCodeAt(keyEnd + 1) !== 58 /* : */) return undefined;
    p = keyEnd + 2;
    if (key === "rows") return text.charCodeAt(p) === OPEN_BRACKET ? { start: p } : undefined;
    const next = skipValue(text, p);
    if (next < 0) return undefined;
    p = next;
    const c = text.charCodeAt(p);
    if (c === COMMA) p++;
    else return undefined; // `}`: no rows (an empty report), or not this layout
  }
}

/** The index after the compact JSON value at `p`, or -1. Strings, lists and objects only need
 * their extent here; `JSON.parse` reads them afterwards. */
function skipValue(text: string, p: number): number {
  let depth = 0;
  let i = p;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i + 1);
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

/** The index of the quote closing the string whose first character is at `p`, or -1. */
function stringEnd(text: string, p: number): number {
  let q = text.indexOf('"', p);
  while (q > 0) {
    let backslashes = 0;
    while (text.charCodeAt(q - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
  return -1;
}

export interface ReadReportRows {
  rows: ReportRows;
  /** The response's text with its rows list left empty, for `JSON.parse` and the schema. */
  rest: string;
}

/**
 * Reads the `rows` of a runReport response in Google's compact layout (`prettyPrint=false`):
 * `{"dimensionValues":[{"value":"…"},…],"metricValues":[{"value":"…"},…]}` for each row, the
 * same number of values in every row. Undefined when the text is anything else, valid JSON or
 * not: the caller then parses it whole, as any other answer. The values themselves are checked
 * as they are read (see above).
 */
export function readReportRows(text: string): ReadReportRows | undefined {
  const found = findRowsList(text);
  if (!found) return undefined;
  const listStart = found.start;
  let p = listStart + 1;
  let capacity = 1024;
  let bounds = new Int32Array(capacity);
  let used = 0;
  let length = 0;
  let dimensionCount = -1;
  let metricCount = -1;
  // The next backslash at or after the reading position: a string before it has no escapes.
  let backslash = text.indexOf("\\", p);
  if (backslash < 0) backslash = text.length;

  /**
   * Reads `{"value":"…"}` items up to `]`, recording their bounds; the count, or -1. With
   * `vouched`, only the first item's `{"value":"` is compared here: the rest of a dimension list
   * is part of its row's key, and a key not met before is read by `JSON.parse` (`dimensions`),
   * so a list whose text differs from one already read is checked there.
   */
  const readValues = (vouched: boolean): number => {
    let count = 0;
    if (text.charCodeAt(p) === CLOSE_BRACKET) return 0;
    for (;;) {
      if ((count === 0 || !vouched) && !tokenAt(text, p, VALUE_START)) return -1;
      const start = p + VALUE_START.length;
      let end = text.indexOf('"', start);
      if (end < 0) return -1;
      let escaped = false;
      if (backslash < end) {
        ESCAPED_STRING_BODY.lastIndex = start;
        if (!ESCAPED_STRING_BODY.test(text)) return -1;
        end = ESCAPED_STRING_BODY.lastIndex - 1;
        escaped = true;
        backslash = text.indexOf("\\", end);
        if (backslash < 0) backslash = text.length;
      }
      if (used + 2 > capacity) {
        capacity *= 2;
        const grown = new Int32Array(capacity);
        grown.set(bounds);
        bounds = grown;
      }
      bounds[used++] = escaped ? -start - 1 : start;
      bounds[used++] = end;
      count++;
      if (text.charCodeAt(end + 1) !== CLOSE_BRACE) return -1;
      const after = text.charCodeAt(end + 2);
      p = end + 3;
      if (after === CLOSE_BRACKET) return count;
      if (after !== COMMA) return -1;
    }
  };

  if (text.charCodeAt(p) !== CLOSE_BRACKET) {
    for (;;) {
      if (!tokenAt(text, p, ROW_START)) return undefined;
      p += ROW_START.length;
      const dimensions = readValues(true);
      if (dimensions < 0 || (dimensionCount >= 0 && dimensions !== dimensionCount)) {
        return undefined;
      }
      // readValues leaves p after the list's `]`, or at it when the list is empty.
      if (dimensions === 0) p++;
      p--;
      if (!tokenAt(text, p, METRICS_START)) return undefined;
      p += METRICS_START.length;
      const metrics = readValues(false);
      if (metrics < 0 || (metricCount >= 0 && metrics !== metricCount)) return undefined;
      if (metrics === 0) p++;
      dimensionCount = dimensions;
      metricCount = metrics;
      length++;
      if (text.charCodeAt(p) !== CLOSE_BRACE) return undefined;
      const after = text.charCodeAt(p + 1);
      p += 2;
      if (after === CLOSE_BRACKET) break;
      if (after !== COMMA) return undefined;
    }
  } else {
    p++;
  }
  // A row of no values has nowhere to keep its place; such a page goes the general way.
  if (length > 0 && dimensionCount === 0) return undefined;
  const rest = `${text.slice(0, listStart)}[]${text.slice(p)}`;
  return {
    rows: new TextReportRows(
      text,
      length,
      Math.max(0, dimensionCount),
      Math.max(0, metricCount),
      bounds,
    ),
    rest,
  };
}
