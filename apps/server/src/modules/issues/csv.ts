import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";

/**
 * CSV for spreadsheets: RFC 4180 (CRLF between records; a field with a comma, quote, CR or LF
 * quoted, quotes doubled), UTF-8 with a byte order mark so Excel reads the accents right, and
 * cells that a spreadsheet would run as a formula (= + - @ TAB CR first) prefixed with `'`
 * (OWASP "CSV Injection"; DESIGN.md, security). Values of issues come from other people's URLs.
 */

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

/**
 * A CSV stream over rows that arrive in pages: the next page is read only when the reader wants
 * more, so memory holds one page whatever the export's size.
 */
export function csvStream<T>(
  columns: readonly CsvColumn<T>[],
  pages: AsyncIterable<readonly T[]>,
  onError: (error: unknown) => void,
): Readable {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((column, index) => ({ key: `c${index}`, header: column.header })),
    record_delimiter: "windows",
    quote_record_delimiter: true,
    escape_formulas: true,
  });
  async function* records() {
    for await (const page of pages) {
      for (const row of page) {
        yield Object.fromEntries(columns.map((column, index) => [`c${index}`, column.value(row)]));
      }
    }
  }
  // A failure mid-way destroys the stream, which aborts the download rather than truncating it.
  pipeline(Readable.from(records()), stringifier).catch(onError);
  return stringifier;
}

/** A file name part in plain ASCII: "Café Nord — EU" becomes "cafe-nord-eu". */
export function fileSlug(text: string, fallback: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || fallback;
}
