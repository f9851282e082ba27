import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { type CsvColumn, csvStream, fileSlug } from "./csv.ts";

interface Row {
  name: string;
  count: number | null;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "Count", value: (row) => row.count },
];

async function* pagesOf<T>(...pages: T[][]) {
  for (const page of pages) yield page;
}

/** The bytes as written (a TextDecoder would drop the byte order mark). */
async function text(stream: Readable): Promise<string> {
  return (await buffer(stream)).toString("utf8");
}

function render(...pages: Row[][]): Promise<string> {
  return text(
    csvStream(COLUMNS, pagesOf(...pages), (error) => {
      throw error;
    }),
  );
}

describe("CSV export", () => {
  it("starts with a byte order mark and the header, records ending in CRLF", async () => {
    const csv = await render(
      [{ name: "spring_sale", count: 3 }],
      [{ name: "summer", count: null }],
    );
    expect(csv).toBe("\uFEFFName,Count\r\nspring_sale,3\r\nsummer,\r\n");
  });

  it("writes only the header when there are no rows", async () => {
    expect(await render()).toBe("\uFEFFName,Count\r\n");
  });

  it("quotes commas, quotes and line breaks (RFC 4180)", async () => {
    const csv = await render([
      { name: "a,b", count: 1 },
      { name: 'say "hi"', count: 2 },
      { name: "two\nlines", count: 3 },
      { name: "carriage\rreturn", count: 4 },
    ]);
    expect(csv.split("\r\n").slice(1, -1)).toEqual([
      '"a,b",1',
      '"say ""hi""",2',
      '"two\nlines",3',
      '"carriage\rreturn",4',
    ]);
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const csv = await render([
      { name: '=HYPERLINK("http://evil.test")', count: 1 },
      { name: "+1+1", count: 2 },
      { name: "-2+3", count: 3 },
      { name: "@SUM(A1)", count: 4 },
      { name: "\tcmd", count: 5 },
      { name: "\r=1", count: 6 },
      { name: "plain = text", count: -7 },
    ]);
    expect(csv.split("\r\n").slice(1, -1)).toEqual([
      '"\'=HYPERLINK(""http://evil.test"")",1',
      "'+1+1,2",
      "'-2+3,3",
      "'@SUM(A1),4",
      "'\tcmd,5",
      '"\'\r=1",6',
      "plain = text,-7",
    ]);
  });

  it("keeps non-ASCII text as UTF-8", async () => {
    const csv = await render([{ name: "Café – München", count: 1 }]);
    expect(csv).toContain("Café – München,1");
  });

  it("aborts the stream when a page cannot be read", async () => {
    const errors: unknown[] = [];
    async function* failing() {
      yield [{ name: "first", count: 1 }];
      throw new Error("database went away");
    }
    const stream = csvStream(COLUMNS, failing(), (error) => errors.push(error));
    await expect(text(stream)).rejects.toThrow("database went away");
    expect(errors).toHaveLength(1);
  });
});

describe("file names", () => {
  it("are plain lower-case ASCII", () => {
    expect(fileSlug("Northwind Outfitters - GA4", "property")).toBe("northwind-outfitters-ga4");
    expect(fileSlug("Café Nord — EU", "property")).toBe("cafe-nord-eu");
    expect(fileSlug('a"b/c\\d', "property")).toBe("a-b-c-d");
    expect(fileSlug("日本語", "property")).toBe("property");
    expect(fileSlug("x".repeat(100), "property")).toHaveLength(60);
  });
});
