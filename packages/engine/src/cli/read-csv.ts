import { type FileHandle, open } from "node:fs/promises";
import type { Auditor, Combination, CombinationValues, KEY_DIMENSIONS } from "../core/auditor.ts";
import { DIMENSIONS, type Dimension, type View } from "../core/types.ts";
import { InputError } from "./input-error.ts";
import { KeyTable } from "./key-table.ts";

const KNOWN_DIMENSIONS: ReadonlySet<string> = new Set(DIMENSIONS);

type Column = { kind: "dimension"; name: Dimension } | { kind: "sessions" } | { kind: "keyEvents" };

/** What the reader feeds: an auditor, or anything that takes its rows the same way. */
export type CsvSink = Pick<Auditor, "combination" | "addTo">;

export interface CsvReadOptions {
  /** Bytes read from the file at a time (tests make it small to cross chunk boundaries). */
  chunkSize?: number;
}

const CHUNK_SIZE = 1 << 20;
const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const ZERO = 0x30;
/** A field of this many digits or fewer is read exactly by the fast paths of numbers and dates. */
const FAST_DIGITS = 14;

/** FNV-1a: each field is hashed as it is scanned, and a key's hash made of its fields'. */
const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;

/** A field as written: bare, in quotes, or in quotes with doubled quotes inside. */
const PLAIN = 0;
const QUOTED = 1;
const ESCAPED = 2;

/**
 * Reads a CSV whose header names GA4 API fields (any subset of the dimensions, `sessions`
 * required, `keyEvents` optional) into `sink`, checking every row: memory grows with the
 * distinct combinations, not the rows.
 *
 * Rows are keyed by the bytes of their dimension fields as written (with the usual layout, the
 * date first and the metrics last, one stretch of the line): only a key met for the first time is
 * decoded and unquoted into values and looked up with `combination`; every row is then added to
 * its combination with `addTo`. Runs of dimension columns split by the date or a metric are
 * joined by "," into the key, which stays a CSV record of the dimension fields alone.
 */
export async function readCsv(
  file: string,
  sink: CsvSink,
  view?: View,
  options: CsvReadOptions = {},
): Promise<void> {
  const csv = await CsvBytes.open(file, options.chunkSize ?? CHUNK_SIZE);
  try {
    const columns = await header(csv);
    if (!columns) throw emptyFile(file);
    const layout = new Layout(columns);
    const width = columns.length;
    const { runs, dimensions } = layout;
    const oneRun = runs.length === 2;
    const dimensionAt = Int32Array.from(dimensions, (dimension) => dimension.index);
    const sessionsAt = layout.sessions;
    const keyEventsAt = layout.keyEvents;
    const dateAt = layout.date;
    const keys = new KeyTable();
    const combinations: Combination[] = [];
    const dates = new Map<number, string>();
    const joined = new JoinedKey();
    for (;;) {
      while (csv.scan()) {
        if (csv.count !== width) throw ragged(csv, columns);
        const starts = csv.starts;
        const ends = csv.ends;
        const hashes = csv.hashes;
        let hash = HASH_SEED;
        for (let at = 0; at < dimensionAt.length; at++) {
          hash = Math.imul(hash ^ (hashes[dimensionAt[at] as number] as number), HASH_PRIME);
        }
        hash ^= hash >>> 16;
        let source = csv.bytes;
        let start = 0;
        let end = 0;
        if (oneRun) {
          start = starts[runs[0] as number] as number;
          end = ends[runs[1] as number] as number;
        } else if (runs.length > 0) {
          end = joined.join(csv, runs);
          source = joined.bytes;
        }
        let entry = keys.find(source, start, end, hash);
        if (entry < 0) {
          const key = source.toString("latin1", start, end);
          entry = keys.add(key, hash);
          combinations.push(sink.combination(valuesOf(csv, layout, oneRun ? key : ""), view));
        }
        const sessions = metric(csv, sessionsAt, "sessions");
        const keyEvents = keyEventsAt < 0 ? undefined : metric(csv, keyEventsAt, "keyEvents");
        const date = dateAt < 0 ? undefined : dateOf(csv, dateAt, dates);
        sink.addTo(combinations[entry] as Combination, sessions, keyEvents, date);
      }
      if (!(await csv.fill())) break;
    }
  } finally {
    await csv.close();
  }
}

/** The dimension columns of a CSV, from its header alone (the rest of the file is not read). */
export async function readCsvDimensions(
  file: string,
  options: CsvReadOptions = {},
): Promise<Dimension[]> {
  const csv = await CsvBytes.open(file, options.chunkSize ?? CHUNK_SIZE);
  try {
    const columns = await header(csv);
    if (!columns) throw emptyFile(file);
    return columns.flatMap((column) => (column.kind === "dimension" ? [column.name] : []));
  } finally {
    await csv.close();
  }
}

/** The columns of the first record, or null when the file has none. */
async function header(csv: CsvBytes): Promise<Column[] | null> {
  for (;;) {
    if (csv.scan()) {
      const names: string[] = [];
      for (let index = 0; index < csv.count; index++) names.push(csv.value(index));
      return readHeader(csv.file, names);
    }
    if (!(await csv.fill())) return null;
  }
}

/** Where each kind of column is, by field index. */
class Layout {
  /** Runs of adjacent dimension columns (the date apart): first and last field of each, flat. */
  readonly runs: number[] = [];
  /** Field index and name of each dimension column but the date, in the order of the fields. */
  readonly dimensions: { index: number; name: Dimension }[] = [];
  /** The field of each dimension that keys the aggregation, -1 for one the file lacks. */
  readonly fieldOf: FieldOf = {
    sessionSource: -1,
    sessionMedium: -1,
    sessionCampaignName: -1,
    sessionDefaultChannelGroup: -1,
    sessionManualSource: -1,
    sessionManualMedium: -1,
    sessionManualCampaignName: -1,
    sessionManualCampaignId: -1,
    sessionManualTerm: -1,
    sessionManualAdContent: -1,
    landingPagePlusQueryString: -1,
    pageReferrer: -1,
  };
  readonly sessions: number;
  readonly keyEvents: number;
  readonly date: number;

  constructor(columns: readonly Column[]) {
    let sessions = -1;
    let keyEvents = -1;
    let date = -1;
    columns.forEach((column, index) => {
      if (column.kind === "sessions") sessions = index;
      else if (column.kind === "keyEvents") keyEvents = index;
      else if (column.name === "date") date = index;
      else {
        this.dimensions.push({ index, name: column.name });
        this.fieldOf[column.name] = index;
        const last = this.runs.length - 1;
        if (last > 0 && this.runs[last] === index - 1) this.runs[last] = index;
        else this.runs.push(index, index);
      }
    });
    this.sessions = sessions;
    this.keyEvents = keyEvents;
    this.date = date;
  }
}

/** The key of a row whose dimension columns are in several runs: the runs joined by ",". */
class JoinedKey {
  bytes = Buffer.alloc(256);

  /** Joins the runs of the record just scanned into `bytes`; returns the key's length. */
  join(csv: CsvBytes, runs: readonly number[]): number {
    let length = runs.length / 2 - 1;
    for (let run = 0; run < runs.length; run += 2) {
      length +=
        (csv.ends[runs[run + 1] as number] as number) - (csv.starts[runs[run] as number] as number);
    }
    if (length > this.bytes.length) {
      this.bytes = Buffer.alloc(Math.max(length, this.bytes.length * 2));
    }
    let at = 0;
    for (let run = 0; run < runs.length; run += 2) {
      if (run > 0) this.bytes[at++] = COMMA;
      at += csv.bytes.copy(
        this.bytes,
        at,
        csv.starts[runs[run] as number] as number,
        csv.ends[runs[run + 1] as number] as number,
      );
    }
    return at;
  }
}

type FieldOf = Record<(typeof KEY_DIMENSIONS)[number], number>;

/**
 * The values of the record just scanned. `run` is its dimension fields as one run decoded as
 * Latin-1 (or "" when they are in several runs): when it is ASCII, that is their text, and each
 * value is cut from it; otherwise each field is decoded from UTF-8 alone. The object has every
 * property the auditor reads, in one shape, so building and reading it stays fast.
 */
function valuesOf(csv: CsvBytes, layout: Layout, run: string): CombinationValues {
  const { fieldOf, dimensions } = layout;
  const text = run !== "" && isAscii(run) ? run : "";
  const first = dimensions.length === 0 ? 0 : (dimensions[0] as { index: number }).index;
  const runStart = csv.starts[first] as number;
  return {
    sessionSource: valueAt(csv, fieldOf.sessionSource, text, runStart),
    sessionMedium: valueAt(csv, fieldOf.sessionMedium, text, runStart),
    sessionCampaignName: valueAt(csv, fieldOf.sessionCampaignName, text, runStart),
    sessionDefaultChannelGroup: valueAt(csv, fieldOf.sessionDefaultChannelGroup, text, runStart),
    sessionManualSource: valueAt(csv, fieldOf.sessionManualSource, text, runStart),
    sessionManualMedium: valueAt(csv, fieldOf.sessionManualMedium, text, runStart),
    sessionManualCampaignName: valueAt(csv, fieldOf.sessionManualCampaignName, text, runStart),
    sessionManualCampaignId: valueAt(csv, fieldOf.sessionManualCampaignId, text, runStart),
    sessionManualTerm: valueAt(csv, fieldOf.sessionManualTerm, text, runStart),
    sessionManualAdContent: valueAt(csv, fieldOf.sessionManualAdContent, text, runStart),
    landingPagePlusQueryString: valueAt(csv, fieldOf.landingPagePlusQueryString, text, runStart),
    pageReferrer: valueAt(csv, fieldOf.pageReferrer, text, runStart),
  };
}

/**
 * Field `field`'s value (undefined for -1): cut from `text`, the run starting at `runStart`
 * decoded, or decoded alone when `text` is "".
 */
function valueAt(csv: CsvBytes, field: number, text: string, runStart: number): string | undefined {
  if (field < 0) return undefined;
  if (text === "") return csv.value(field);
  return unquoted(
    text,
    (csv.starts[field] as number) - runStart,
    (csv.ends[field] as number) - runStart,
    csv.quoted[field] as number,
  );
}

function isAscii(text: string): boolean {
  let any = 0;
  for (let at = 0; at < text.length; at++) any |= text.charCodeAt(at);
  return any < 0x80;
}

/** The text of a field from `start` to `end` in `text`, its quotes taken off. */
function unquoted(text: string, start: number, end: number, quoted: number): string {
  if (quoted === PLAIN) return text.slice(start, end);
  const inner = text.slice(start + 1, end - 1);
  return quoted === ESCAPED ? inner.replaceAll('""', '"') : inner;
}

/** A bare field of digits alone (up to FAST_DIGITS), as a number; -1 for any other field. */
function digits(csv: CsvBytes, index: number): number {
  const start = csv.starts[index] as number;
  const end = csv.ends[index] as number;
  if (csv.quoted[index] !== PLAIN || end === start || end - start > FAST_DIGITS) return -1;
  const bytes = csv.bytes;
  let number = 0;
  for (let at = start; at < end; at++) {
    const digit = (bytes[at] as number) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}

/** A field's number: the sessions or key events of a row, checked. */
function metric(csv: CsvBytes, index: number, name: string): number {
  const fast = digits(csv, index);
  if (fast >= 0) return fast;
  const value = csv.value(index);
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number) || number < 0) {
    throw new InputError(
      csv.file,
      csv.recordLine,
      index + 1,
      `${name} must be a number of 0 or more, got "${value}"`,
    );
  }
  return number;
}

/** The date field: a date written as digits (20261101) is decoded once and then reused. */
function dateOf(csv: CsvBytes, index: number, dates: Map<number, string>): string {
  const number = digits(csv, index);
  if (number < 0) return csv.value(index);
  // The length tells "0101" from "101".
  const code = number * 16 + ((csv.ends[index] as number) - (csv.starts[index] as number));
  let date = dates.get(code);
  if (date === undefined) {
    date = csv.value(index);
    dates.set(code, date);
  }
  return date;
}

function emptyFile(file: string): InputError {
  return new InputError(file, 1, 1, "the file is empty: expected a header row");
}

function ragged(csv: CsvBytes, columns: readonly Column[]): InputError {
  const width = columns.length;
  const names = columns.map((column) => (column.kind === "dimension" ? column.name : column.kind));
  if (csv.count > width) {
    return new InputError(
      csv.file,
      csv.recordLine,
      width + 1,
      `the row has ${csv.count} fields, the header ${width} (${names.join(", ")}); ` +
        "a value with a comma is enclosed in quotes",
    );
  }
  return new InputError(
    csv.file,
    csv.recordLine,
    csv.count,
    `the row has ${csv.count} field${csv.count === 1 ? "" : "s"}, the header ${width}: ` +
      `${names.slice(csv.count).join(", ")} missing`,
  );
}

function readHeader(file: string, header: string[]): Column[] {
  const columns: Column[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of header.entries()) {
    const name = raw.trim();
    if (seen.has(name)) throw new InputError(file, 1, index + 1, `column "${name}" appears twice`);
    seen.add(name);
    if (name === "sessions") columns.push({ kind: "sessions" });
    else if (name === "keyEvents") columns.push({ kind: "keyEvents" });
    else if (KNOWN_DIMENSIONS.has(name))
      columns.push({ kind: "dimension", name: name as Dimension });
    else {
      throw new InputError(
        file,
        1,
        index + 1,
        `unknown column "${name}": expected GA4 API names (${DIMENSIONS.join(", ")}, sessions, keyEvents)`,
      );
    }
  }
  if (!seen.has("sessions"))
    throw new InputError(file, 1, 1, 'the header has no "sessions" column');
  return columns;
}

/**
 * A CSV file as bytes (RFC 4180: commas, fields in double quotes with "" for a quote and line
 * breaks inside, CRLF or LF, a UTF-8 BOM; empty lines skipped), read a chunk at a time and
 * scanned a record at a time. A record is scanned only once the buffer holds all of it: the part
 * of a record a chunk ends in is moved to the front and the next chunk read after it (the buffer
 * grows for a record longer than itself), so a character split between chunks is whole by the
 * time a field is decoded.
 */
class CsvBytes {
  readonly file: string;
  readonly #handle: FileHandle;
  /** The bytes read and not yet scanned past, from `#pos` to `#end`. */
  bytes: Buffer;
  #pos = 0;
  #end = 0;
  #eof = false;
  /** Whether the start of the file was looked at for a BOM. */
  #started = false;
  /** The line the next record starts on. */
  #line = 1;

  /** The record scanned last: its line, its number of fields, and each field's bounds. */
  recordLine = 0;
  count = 0;
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  quoted = new Uint8Array(64);
  /** Each field's hash, of its bytes as written. */
  hashes = new Int32Array(64);

  private constructor(file: string, handle: FileHandle, chunkSize: number) {
    this.file = file;
    this.#handle = handle;
    this.bytes = Buffer.allocUnsafe(chunkSize);
  }

  static async open(file: string, chunkSize: number): Promise<CsvBytes> {
    if (!Number.isInteger(chunkSize) || chunkSize < 1)
      throw new Error("the chunk size is a whole number of bytes");
    try {
      return new CsvBytes(file, await open(file), chunkSize);
    } catch (error) {
      throw unreadable(file, error);
    }
  }

  async close(): Promise<void> {
    await this.#handle.close();
  }

  /**
   * Reads the next chunk after the bytes not yet scanned. False once the file is read to its end
   * (the end of the bytes is then the end of the last record).
   */
  async fill(): Promise<boolean> {
    if (this.#eof) return false;
    const rest = this.#end - this.#pos;
    if (rest === this.bytes.length) {
      const larger = Buffer.allocUnsafe(this.bytes.length * 2);
      this.bytes.copy(larger, 0, this.#pos, this.#end);
      this.bytes = larger;
    } else if (this.#pos > 0) {
      this.bytes.copy(this.bytes, 0, this.#pos, this.#end);
    }
    this.#pos = 0;
    this.#end = rest;
    let read: number;
    try {
      ({ bytesRead: read } = await this.#handle.read(
        this.bytes,
        rest,
        this.bytes.length - rest,
        null,
      ));
    } catch (error) {
      throw unreadable(this.file, error);
    }
    this.#end += read;
    if (read === 0) this.#eof = true;
    if (!this.#started && (this.#end >= 3 || this.#eof)) {
      this.#started = true;
      const bytes = this.bytes;
      if (this.#end >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        this.#pos = 3;
      }
    }
    return true;
  }

  /** The text of field `index` of the record scanned last, unquoted. */
  value(index: number): string {
    const start = this.starts[index] as number;
    const end = this.ends[index] as number;
    const kind = this.quoted[index] as number;
    if (kind === PLAIN) return this.bytes.toString("utf8", start, end);
    const inner = this.bytes.toString("utf8", start + 1, end - 1);
    return kind === ESCAPED ? inner.replaceAll('""', '"') : inner;
  }

  /**
   * Scans the next record into `count`, `starts`, `ends` and `quoted`. False when the bytes end
   * before the record does: more is to be read, or, at the end of the file, no record is left.
   */
  scan(): boolean {
    if (!this.#started) return false;
    const bytes = this.bytes;
    const length = this.#end;
    const eof = this.#eof;
    let at = this.#pos;
    // Empty lines are skipped.
    for (;;) {
      if (at >= length) {
        this.#pos = at;
        return false;
      }
      const code = bytes[at] as number;
      if (code === LF) {
        at++;
        this.#line++;
      } else if (code === CR) {
        if (at + 1 >= length) {
          if (!eof) {
            this.#pos = at;
            return false;
          }
          at++;
        } else if (bytes[at + 1] === LF) {
          at += 2;
          this.#line++;
        } else break;
      } else break;
    }
    this.#pos = at;
    let starts = this.starts;
    let ends = this.ends;
    let quoted = this.quoted;
    let hashes = this.hashes;
    /** Line breaks inside quoted fields so far. */
    let breaks = 0;
    let field = 0;
    /** Where the record's line break ends: the next record's start. */
    let next: number;
    for (;;) {
      if (field === starts.length) {
        this.#grow();
        starts = this.starts;
        ends = this.ends;
        quoted = this.quoted;
        hashes = this.hashes;
      }
      starts[field] = at;
      let hash = HASH_SEED;
      if (at < length && bytes[at] === QUOTE) {
        const line = this.#line + breaks;
        let kind = QUOTED;
        at++;
        for (;;) {
          if (at >= length) {
            if (!eof) return false;
            throw new InputError(
              this.file,
              line,
              field + 1,
              "unclosed quote: the file ends inside the quoted field that starts here",
            );
          }
          const code = bytes[at] as number;
          if (code === QUOTE) {
            if (at + 1 >= length) {
              if (!eof) return false;
              break;
            }
            if (bytes[at + 1] !== QUOTE) break;
            kind = ESCAPED;
            at += 2;
          } else {
            if (code === LF) breaks++;
            at++;
          }
          hash = Math.imul(hash ^ code, HASH_PRIME);
        }
        at++;
        ends[field] = at;
        quoted[field] = kind;
        hashes[field] = hash;
        if (at >= length) {
          if (!eof) return false;
          next = at;
          break;
        }
        const code = bytes[at] as number;
        if (code === COMMA) {
          at++;
          field++;
          continue;
        }
        if (code === LF) {
          next = at + 1;
          break;
        }
        if (code === CR) {
          if (at + 1 >= length) {
            if (!eof) return false;
            next = at + 1;
            break;
          }
          if (bytes[at + 1] === LF) {
            next = at + 2;
            break;
          }
        }
        throw new InputError(
          this.file,
          this.#line + breaks,
          field + 1,
          'a closing quote must end its field (a quote inside a quoted field is written "")',
        );
      }
      // A bare field: up to the next comma or line break.
      let code = -1;
      for (; at < length; at++) {
        code = bytes[at] as number;
        if (code === COMMA || code === LF) break;
        if (code === QUOTE) {
          throw new InputError(
            this.file,
            this.#line + breaks,
            field + 1,
            "a quote inside a field that does not start with one (enclose the field in " +
              'quotes and write each quote in it as "")',
          );
        }
        if (code === CR) {
          if (at + 1 >= length) {
            if (!eof) return false;
            break;
          }
          if (bytes[at + 1] === LF) break;
        }
        hash = Math.imul(hash ^ code, HASH_PRIME);
      }
      ends[field] = at;
      quoted[field] = PLAIN;
      hashes[field] = hash;
      if (at >= length) {
        if (!eof) return false;
        next = at;
        break;
      }
      if (code === COMMA) {
        at++;
        field++;
        continue;
      }
      // A line break: LF, CRLF, or a CR the file ends with.
      next = code === CR && at + 1 < length ? at + 2 : at + 1;
      break;
    }
    this.count = field + 1;
    this.recordLine = this.#line;
    this.#line += 1 + breaks;
    this.#pos = next;
    return true;
  }

  #grow(): void {
    const size = this.starts.length * 2;
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    const quoted = new Uint8Array(size);
    const hashes = new Int32Array(size);
    starts.set(this.starts);
    ends.set(this.ends);
    quoted.set(this.quoted);
    hashes.set(this.hashes);
    this.starts = starts;
    this.ends = ends;
    this.quoted = quoted;
    this.hashes = hashes;
  }
}

function unreadable(file: string, error: unknown): InputError {
  return new InputError(
    file,
    1,
    1,
    `cannot read the file (${isNodeError(error) ? error.code : "unknown"})`,
  );
}

function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && "code" in error && typeof error.code === "string";
}
