import { readSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { KEY_DIMENSIONS } from "../core/auditor.ts";
import { DIMENSIONS, type Dimension } from "../core/types.ts";
import { type EncodedSink, viewOf } from "./column-dictionaries.ts";
import { InputError } from "./input-error.ts";
import { RowCache } from "./row-cache.ts";

const KNOWN_DIMENSIONS: ReadonlySet<string> = new Set(DIMENSIONS);

type Column = { kind: "dimension"; name: Dimension } | { kind: "sessions" } | { kind: "keyEvents" };

/** What the reader feeds: a view's dictionaries, and what adds a row by its values' numbers. */
export type CsvSink = EncodedSink;

export interface CsvReadOptions {
  /** Bytes read from the file at a time (tests make it small to cross chunk boundaries). */
  chunkSize?: number;
}

const CHUNK_SIZE = 1 << 20;
/** Rows numbered and added together (`ColumnDictionaries.idsOfMany`, `EncodedRows.addMany`). */
const BATCH = 256;
const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const ZERO = 0x30;
/** A field of this many digits or fewer is read exactly by the fast paths of numbers and dates. */
const FAST_DIGITS = 14;

/** A field as written: bare, in quotes, or in quotes with doubled quotes inside. */
const PLAIN = 0;
const QUOTED = 1;
const ESCAPED = 2;

/** The bytes a bare field ends at or must not hold: comma, line feed, carriage return, quote. */
const DELIMITER = new Uint8Array(256);
for (const code of [COMMA, LF, CR, QUOTE]) DELIMITER[code] = 1;

/**
 * Reads a CSV whose header names GA4 API fields (any subset of the dimensions, `sessions`
 * required, `keyEvents` optional) into `sink`, checking every row: memory grows with the
 * distinct values, not the rows.
 *
 * Each dimension field is found in its column's dictionary straight from its bytes (its value
 * unquoted, so a value written in quotes or not is one value): only a value met for the first
 * time is decoded. A row goes to the sink as its values' numbers.
 */
export async function readCsv(
  file: string,
  sink: CsvSink,
  options: CsvReadOptions = {},
): Promise<void> {
  const csv = await CsvBytes.open(file, options.chunkSize ?? CHUNK_SIZE);
  try {
    const columns = await header(csv);
    if (!columns) throw emptyFile(file);
    const layout = new Layout(columns);
    const width = columns.length;
    const { dictionaries, rows } = sink;
    const keys = KEY_DIMENSIONS.length;
    /** The batch's rows' value ids, `keys` a row, as `EncodedRows.addMany` takes them. */
    const ids = new Int32Array(BATCH * keys);
    /** The key dimensions the file has, and the field of each. */
    const read: number[] = [];
    const fieldOf: number[] = [];
    KEY_DIMENSIONS.forEach((dimension, d) => {
      const field = layout.fieldOf[dimension];
      if (field < 0) {
        // A column the file lacks: the same id in every row of every batch.
        const absent = dictionaries.absentId(d);
        for (let i = 0; i < BATCH; i++) ids[i * keys + d] = absent;
      } else {
        read.push(d);
        fieldOf.push(field);
      }
    });
    /** The bounds of each read field's value (unquoted) by row, `BATCH` a column; -1 once numbered. */
    const starts = new Int32Array(BATCH * read.length);
    const ends = new Int32Array(BATCH * read.length);
    const sessions = new Float64Array(BATCH);
    const keyEvents = layout.keyEvents < 0 ? undefined : new Float64Array(BATCH);
    const dates: (string | undefined)[] = new Array(BATCH).fill(undefined);
    const sessionsAt = layout.sessions;
    const keyEventsAt = layout.keyEvents;
    const dateAt = layout.date;
    const dateCache = new DateCache();
    const unescaped = new Unescaped();
    /** Rows scanned into the batch and not yet numbered and added. */
    let count = 0;
    // A batch's values are numbered column by column, then its rows added together: lookups of
    // many rows overlap their waits for memory (`idsOfMany`, `findMany`). The batch is done
    // before the next chunk is read, which moves the bytes its fields point into.
    /** The values of the batch's first `rows` rows numbered, column by column. */
    const number = (rows: number) => {
      for (let at = 0; at < read.length; at++) {
        const d = read[at] as number;
        dictionaries.idsOfMany(d, csv.bytes, csv.view, starts, ends, at * BATCH, rows, ids, keys);
      }
    };
    // A row whose key fields are the bytes of an earlier row is in that row's group: when the
    // key fields are side by side (dimensions first, as GA4 exports them), those bytes are one
    // span of the line, found whole in a cache before any value is looked up.
    const first = Math.min(...fieldOf);
    const last = Math.max(...fieldOf);
    const cache = read.length > 1 && last - first + 1 === read.length ? new RowCache() : undefined;
    /** Each row's span of key fields, -1 for a row not to look up (with doubled quotes). */
    const spanStarts = new Int32Array(BATCH);
    const spanEnds = new Int32Array(BATCH);
    const groups = new Int32Array(BATCH);
    const missed = new Int32Array(BATCH);
    const missedGroups = new Int32Array(BATCH);
    /** Rows handed to the sink so far, and whether it was told about how many are left. */
    let added = 0;
    let told = false;
    const flush = () => {
      added += count;
      if (!told && added >= BATCH) {
        // The first batch tells about how long a row is: the dictionaries and the grouping may
        // make room for the rest in fewer steps while nearly every row is new (a hint only).
        told = true;
        const left = csv.recordsLeft(added);
        dictionaries.expect(left);
        rows.expect(left);
      }
      if (!cache?.on) {
        number(count);
        rows.addMany(ids, count, sessions, keyEvents, dates);
        count = 0;
        return;
      }
      const found = cache.findMany(csv.view, spanStarts, spanEnds, count, groups);
      if (found < count) {
        let misses = 0;
        for (let i = 0; i < count; i++) if ((groups[i] as number) < 0) missed[misses++] = i;
        if (misses < count) {
          // The rows not found moved to the front, in order, to be numbered as a batch of
          // their own (each is at or after its new place, so nothing is overwritten unread).
          for (let m = 0; m < misses; m++) {
            const i = missed[m] as number;
            if (i === m) continue;
            for (let at = 0; at < read.length; at++) {
              starts[at * BATCH + m] = starts[at * BATCH + i] as number;
              ends[at * BATCH + m] = ends[at * BATCH + i] as number;
            }
            ids.copyWithin(m * keys, i * keys, (i + 1) * keys);
          }
        }
        number(misses);
        rows.groupsOf(ids, misses, missedGroups);
        for (let m = 0; m < misses; m++) {
          const i = missed[m] as number;
          const group = missedGroups[m] as number;
          groups[i] = group;
          const start = spanStarts[i] as number;
          if (start >= 0) {
            cache.remember(i, csv.bytes, csv.view, start, spanEnds[i] as number, group);
          }
        }
      }
      rows.addToGroups(groups, count, sessions, keyEvents, dates);
      count = 0;
    };
    for (;;) {
      while (csv.scan()) {
        if (csv.count !== width) throw ragged(csv, columns);
        // A value with doubled quotes is numbered at once, from its bytes unescaped: the rows
        // before it go first, so values are still numbered in the order they come.
        if (csv.escaped && count > 0) flush();
        sessions[count] = metric(csv, sessionsAt, "sessions");
        if (keyEvents) keyEvents[count] = metric(csv, keyEventsAt, "keyEvents");
        dates[count] = dateAt < 0 ? undefined : dateCache.of(csv, dateAt);
        if (cache) {
          spanStarts[count] = csv.escaped ? -1 : (csv.starts[first] as number);
          spanEnds[count] = csv.ends[last] as number;
        }
        for (let at = 0; at < read.length; at++) {
          const field = fieldOf[at] as number;
          const kind = csv.quoted[field] as number;
          const slot = at * BATCH + count;
          const start = csv.starts[field] as number;
          const end = csv.ends[field] as number;
          if (kind === PLAIN) {
            starts[slot] = start;
            ends[slot] = end;
          } else if (kind === QUOTED) {
            starts[slot] = start + 1;
            ends[slot] = end - 1;
          } else {
            const length = unescaped.write(csv.bytes, start + 1, end - 1);
            const d = read[at] as number;
            ids[count * keys + d] = dictionaries.idOf(
              d,
              unescaped.bytes,
              unescaped.view,
              0,
              length,
            );
            starts[slot] = -1;
          }
        }
        count++;
        if (count === BATCH) flush();
      }
      if (count > 0) flush();
      if (!(await csv.fill())) break;
    }
    cache?.release();
  } finally {
    await csv.close();
  }
}

/** A quoted field's value with each doubled quote made one, in bytes reused field to field. */
class Unescaped {
  bytes = Buffer.alloc(256);
  view = viewOf(this.bytes);

  /** Writes `source[start, end)` unescaped into `bytes`; returns its length. */
  write(source: Buffer, start: number, end: number): number {
    if (end - start > this.bytes.length) {
      this.bytes = Buffer.alloc((end - start) * 2);
      this.view = viewOf(this.bytes);
    }
    const bytes = this.bytes;
    let length = 0;
    for (let at = start; at < end; at++) {
      const code = source[at] as number;
      bytes[length++] = code;
      if (code === QUOTE) at++;
    }
    return length;
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
      else this.fieldOf[column.name] = index;
    });
    this.sessions = sessions;
    this.keyEvents = keyEvents;
    this.date = date;
  }
}

type FieldOf = Record<(typeof KEY_DIMENSIONS)[number], number>;

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

/**
 * Dates written as digits (20261101), each decoded once and then reused: a slot of a small table
 * by the digits' number, replaced when another date comes to it; a date met before is found
 * again in a Map by its number before it is decoded again. A report's dates are a few hundred
 * at most, and its rows come in any order: the dates of one slot (two in a quarter, by chance)
 * would take turns in it. A Map's lookup a row cost more than the rest of a row's date.
 */
class DateCache {
  readonly #codes = new Float64Array(1024).fill(-1);
  readonly #dates: string[] = new Array<string>(1024).fill("");
  readonly #met = new Map<number, string>();

  /** The date field `index` of the record scanned last. */
  of(csv: CsvBytes, index: number): string {
    const number = digits(csv, index);
    if (number < 0) return csv.value(index);
    // The length tells "0101" from "101".
    const code = number * 16 + ((csv.ends[index] as number) - (csv.starts[index] as number));
    // Spread over the slots: dates a multiple of 64 apart (20260809, 20261001) would share
    // one by their low bits.
    const slot =
      Math.imul(number ^ Math.imul(number / 4294967296, 31) ^ (code % 16), 0x9e3779b1) >>> 22;
    if (this.#codes[slot] === code) return this.#dates[slot] as string;
    let date = this.#met.get(code);
    if (date === undefined) {
      date = csv.value(index);
      this.#met.set(code, date);
    }
    this.#codes[slot] = code;
    this.#dates[slot] = date;
    return date;
  }
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
  /** A DataView over `bytes`, for `hashBytes`. */
  view: DataView;
  #pos = 0;
  #end = 0;
  #eof = false;
  /** The file's size when opened, and the bytes read from it so far. */
  readonly #size: number;
  #read = 0;
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
  /** Whether a field of the record has a doubled quote (is ESCAPED). */
  escaped = false;

  private constructor(file: string, handle: FileHandle, chunkSize: number, size: number) {
    this.file = file;
    this.#handle = handle;
    this.#size = size;
    this.bytes = Buffer.allocUnsafe(chunkSize);
    this.view = viewOf(this.bytes);
  }

  static async open(file: string, chunkSize: number): Promise<CsvBytes> {
    if (!Number.isInteger(chunkSize) || chunkSize < 1)
      throw new Error("the chunk size is a whole number of bytes");
    try {
      const handle = await open(file);
      return new CsvBytes(file, handle, chunkSize, (await handle.stat()).size);
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
      this.view = viewOf(larger);
    } else if (this.#pos > 0) {
      this.bytes.copy(this.bytes, 0, this.#pos, this.#end);
    }
    this.#pos = 0;
    this.#end = rest;
    let read: number;
    try {
      // Read at once, not through the thread pool: the reader has nothing else to do meanwhile,
      // and a file read through the pool a chunk at a time left it idle between chunks.
      read = readSync(this.#handle.fd, this.bytes, rest, this.bytes.length - rest, null);
    } catch (error) {
      throw unreadable(this.file, error);
    }
    this.#end += read;
    this.#read += read;
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

  /**
   * About how many records are left after the `records` scanned so far, by the bytes they took
   * and the bytes left in the file (0 for a file of no known size, such as a pipe).
   */
  recordsLeft(records: number): number {
    const scanned = this.#read - (this.#end - this.#pos);
    if (scanned <= 0 || records <= 0) return 0;
    return Math.ceil((Math.max(0, this.#size - scanned) * records) / scanned);
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
    this.escaped = false;
    /** Line breaks inside quoted fields so far. */
    let breaks = 0;
    /** The first line feed at or after the last quoted field's start, or -1 for none in the bytes. */
    let lineFeed = -2;
    let field = 0;
    /** Where the record's line break ends: the next record's start. */
    let next: number;
    for (;;) {
      if (field === starts.length) {
        this.#grow();
        starts = this.starts;
        ends = this.ends;
        quoted = this.quoted;
      }
      starts[field] = at;
      if (at < length && bytes[at] === QUOTE) {
        const line = this.#line + breaks;
        let kind = QUOTED;
        at++;
        for (;;) {
          // Quoted fields are the long ones (landing pages and referrers), and most often their
          // closing quote comes before any line feed: found four bytes at a time, no line break
          // to count. Else found natively (memchr), and the line breaks before it counted.
          let quote = quoteBeforeLineFeed(this.view, bytes, at, length);
          if (quote < 0) {
            quote = bytes.indexOf(QUOTE, at);
            if (quote < 0 || quote >= length) {
              if (!eof) return false;
              throw new InputError(
                this.file,
                line,
                field + 1,
                "unclosed quote: the file ends inside the quoted field that starts here",
              );
            }
            // Line breaks inside the field, for the lines of later errors.
            if (lineFeed < at && lineFeed !== -1) lineFeed = bytes.indexOf(LF, at);
            while (lineFeed >= 0 && lineFeed < quote) {
              breaks++;
              lineFeed = bytes.indexOf(LF, lineFeed + 1);
            }
          }
          at = quote;
          if (at + 1 >= length) {
            if (!eof) return false;
            break;
          }
          if (bytes[at + 1] !== QUOTE) break;
          kind = ESCAPED;
          this.escaped = true;
          at += 2;
        }
        at++;
        ends[field] = at;
        quoted[field] = kind;
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
      // A bare field: up to the next comma or line break. Four bytes at a time while none of
      // them is a comma, a quote or a line break (a byte is one when the word with that byte
      // taken from each of its bytes has a zero byte; a zero byte may make one after it seem
      // zero, which only ends the skip early), then one table read a byte tells the bytes of no
      // concern from the four that are.
      const view = this.view;
      for (; at + 4 <= length; at += 4) {
        const word = view.getInt32(at, true);
        const commas = word ^ 0x2c2c2c2c;
        const lineFeeds = word ^ 0x0a0a0a0a;
        const returns = word ^ 0x0d0d0d0d;
        const quotes = word ^ 0x22222222;
        const found =
          (((commas - 0x01010101) & ~commas) |
            ((lineFeeds - 0x01010101) & ~lineFeeds) |
            ((returns - 0x01010101) & ~returns) |
            ((quotes - 0x01010101) & ~quotes)) &
          0x80808080;
        if (found !== 0) {
          // The lowest byte marked is a delimiter (a mark above a zero byte may be false, never
          // one below it): the byte loop starts there.
          at += firstMarked(found);
          break;
        }
      }
      let code = -1;
      for (; at < length; at++) {
        code = bytes[at] as number;
        if (DELIMITER[code] === 0) continue;
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
        // A carriage return.
        if (at + 1 >= length) {
          if (!eof) return false;
          break;
        }
        if (bytes[at + 1] === LF) break;
      }
      ends[field] = at;
      quoted[field] = PLAIN;
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
    starts.set(this.starts);
    ends.set(this.ends);
    quoted.set(this.quoted);
    this.starts = starts;
    this.ends = ends;
    this.quoted = quoted;
  }
}

/**
 * The first quote of `bytes[at, length)` (`view` over `bytes`) when no line feed comes before
 * it, else -1: read four bytes at a time while none is a quote or a line feed (a byte is one
 * when the word with that byte taken from each of its bytes has a zero byte; a zero byte may
 * make one after it seem zero, which only ends the skip early).
 */
function quoteBeforeLineFeed(view: DataView, bytes: Buffer, from: number, length: number): number {
  let at = from;
  for (; at + 4 <= length; at += 4) {
    const word = view.getInt32(at, true);
    const quotes = word ^ 0x22222222;
    const lineFeeds = word ^ 0x0a0a0a0a;
    const found =
      (((quotes - 0x01010101) & ~quotes) | ((lineFeeds - 0x01010101) & ~lineFeeds)) & 0x80808080;
    if (found !== 0) {
      // The lowest byte marked is a quote or a line feed.
      at += firstMarked(found);
      return bytes[at] === QUOTE ? at : -1;
    }
  }
  for (; at < length; at++) {
    const code = bytes[at] as number;
    if (code === QUOTE) return at;
    if (code === LF) return -1;
  }
  return -1;
}

/**
 * The place (0-3) of the lowest byte whose top bit `marks` has set (`marks` not 0, bits of
 * 0x80808080 only): the first byte, in the file's order, of a word read little-endian.
 */
function firstMarked(marks: number): number {
  return (31 - Math.clz32(marks & -marks)) >> 3;
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
