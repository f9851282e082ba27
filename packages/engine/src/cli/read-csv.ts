import { type FileHandle, open } from "node:fs/promises";
import { CsvError, parse } from "csv-parse";
import { type AuditRow, DIMENSIONS, type Dimension } from "../core/types.ts";
import { InputError } from "./input-error.ts";

const KNOWN_DIMENSIONS: ReadonlySet<string> = new Set(DIMENSIONS);

type Column = { kind: "dimension"; name: Dimension } | { kind: "sessions" } | { kind: "keyEvents" };

/**
 * Streams a CSV whose header names GA4 API fields (any subset of the dimensions, `sessions`
 * required, `keyEvents` optional), one row at a time: memory stays flat on files of millions
 * of rows.
 */
export async function readCsv(file: string, onRow: (row: AuditRow) => void): Promise<void> {
  // Typed by assertion: the callback assigns it, which narrowing from `null` would not see.
  let columns = null as Column[] | null;
  await eachRecord(file, (record, line) => {
    if (columns) onRow(toRow(file, line, record, columns));
    else columns = readHeader(file, record);
    return true;
  });
  if (!columns) throw emptyFile(file);
}

/** The dimension columns of a CSV, from its header alone (the rest of the file is not read). */
export async function readCsvDimensions(file: string): Promise<Dimension[]> {
  let columns = null as Column[] | null;
  await eachRecord(file, (record) => {
    columns = readHeader(file, record);
    return false;
  });
  if (!columns) throw emptyFile(file);
  return columns.flatMap((column) => (column.kind === "dimension" ? [column.name] : []));
}

/** Parses the file record by record until `visit` returns false, errors located. */
async function eachRecord(
  file: string,
  visit: (record: string[], line: number) => boolean,
): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(file);
  } catch (error) {
    throw new InputError(
      file,
      1,
      1,
      `cannot read the file (${isNodeError(error) ? error.code : "unknown"})`,
    );
  }
  const stream = handle.createReadStream();
  const parser = stream.pipe(parse({ bom: true, info: true, skip_empty_lines: true, trim: false }));
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!visit(item.record, item.info.lines)) break;
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const located = error as CsvError & { lines?: number; column?: number | string };
      const column = typeof located.column === "number" ? located.column + 1 : 1;
      throw new InputError(file, located.lines ?? 1, column, error.message);
    }
    if (isNodeError(error))
      throw new InputError(file, 1, 1, `cannot read the file (${error.code})`);
    throw error;
  } finally {
    // Stopping early leaves the file open: the parser's end does not reach its source.
    stream.destroy();
  }
}

function emptyFile(file: string): InputError {
  return new InputError(file, 1, 1, "the file is empty: expected a header row");
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

function toRow(file: string, line: number, record: string[], columns: Column[]): AuditRow {
  const row: { -readonly [K in keyof AuditRow]: AuditRow[K] } = { sessions: 0 };
  for (let index = 0; index < columns.length; index++) {
    const column = columns[index] as Column;
    const value = record[index] ?? "";
    if (column.kind === "dimension") {
      row[column.name] = value;
    } else {
      const number = Number(value);
      if (value.trim() === "" || !Number.isFinite(number) || number < 0) {
        throw new InputError(
          file,
          line,
          index + 1,
          `${column.kind} must be a number of 0 or more, got "${value}"`,
        );
      }
      row[column.kind] = number;
    }
  }
  return row;
}

function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && "code" in error && typeof error.code === "string";
}
