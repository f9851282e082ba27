import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CombinationValues, KEY_DIMENSIONS } from "../core/auditor.ts";
import { ColumnDictionaries } from "./column-dictionaries.ts";
import { InputError } from "./input-error.ts";
import { type CsvSink, readCsv, readCsvDimensions } from "./read-csv.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "utmost-read-csv-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
async function csvFile(content: string | Buffer): Promise<string> {
  files += 1;
  const target = path.join(dir, `input-${files}.csv`);
  await writeFile(target, content);
  return target;
}

interface Row {
  values: CombinationValues;
  sessions: number;
  keyEvents: number | undefined;
  date: string | undefined;
}

/** A sink that keeps each row added, its values read back from the dictionaries. */
function recorder() {
  const dictionaries = new ColumnDictionaries();
  const rows: Row[] = [];
  const add = (
    ids: Int32Array,
    at: number,
    sessions: number,
    keyEvents: number | undefined,
    date: string | undefined,
  ) => {
    const values: Record<string, string> = {};
    KEY_DIMENSIONS.forEach((dimension, d) => {
      const value = dictionaries.values[d]?.[ids[at + d] as number];
      if (value !== undefined) values[dimension] = value;
    });
    rows.push({ values, sessions, keyEvents, date });
  };
  /** The ids of each group `groupsOf` made, by number, and its number by its ids. */
  const groupIds: Int32Array[] = [];
  const groupOf = new Map<string, number>();
  const width = KEY_DIMENSIONS.length;
  /** Rows whose values were numbered (not found whole by their bytes). */
  const numbered = { rows: 0 };
  const sink: CsvSink = {
    dictionaries,
    rows: {
      add: (ids, sessions, keyEvents, date) => add(ids, 0, sessions, keyEvents, date),
      addMany(ids, count, sessions, keyEvents, dates) {
        numbered.rows += count;
        for (let i = 0; i < count; i++) {
          add(ids, i * width, sessions[i] as number, keyEvents?.[i], dates[i]);
        }
      },
      expect() {},
      groupsOf(ids, count, groups) {
        numbered.rows += count;
        for (let i = 0; i < count; i++) {
          const tuple = ids.slice(i * width, (i + 1) * width);
          let group = groupOf.get(tuple.join());
          if (group === undefined) {
            group = groupIds.length;
            groupIds.push(tuple);
            groupOf.set(tuple.join(), group);
          }
          groups[i] = group;
        }
      },
      addToGroups(groups, count, sessions, keyEvents, dates) {
        for (let i = 0; i < count; i++) {
          const tuple = groupIds[groups[i] as number] as Int32Array;
          add(tuple, 0, sessions[i] as number, keyEvents?.[i], dates[i]);
        }
      },
    },
  };
  /** The distinct values of `dimension`, in the order they first came. */
  const distinct = (dimension: (typeof KEY_DIMENSIONS)[number]) =>
    dictionaries.values[KEY_DIMENSIONS.indexOf(dimension)];
  return { sink, rows, distinct, numbered };
}

/** Chunk sizes that cut the file everywhere, byte by byte included. */
const CHUNK_SIZES = [1, 2, 3, 5, 7, 16, 1 << 20];

/** The rows of `content`, checked to be the same whatever the chunk size. */
async function rowsOf(content: string | Buffer): Promise<Row[]> {
  const file = await csvFile(content);
  let first: Row[] | undefined;
  for (const chunkSize of CHUNK_SIZES) {
    const { sink, rows } = recorder();
    await readCsv(file, sink, { chunkSize });
    if (first) expect(rows, `chunk size ${chunkSize}`).toEqual(first);
    else first = rows;
  }
  return first ?? [];
}

/** The error reading `content` gives, the same whatever the chunk size. */
async function errorOf(content: string | Buffer): Promise<InputError> {
  const file = await csvFile(content);
  let first: InputError | undefined;
  for (const chunkSize of CHUNK_SIZES) {
    const error = await readCsv(file, recorder().sink, { chunkSize }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error, `chunk size ${chunkSize}`).toBeInstanceOf(InputError);
    if (first) expect((error as InputError).message).toBe(first.message);
    else first = error as InputError;
  }
  return first as InputError;
}

describe("readCsv", () => {
  it("reads each row's values, sessions, key events and date", async () => {
    const rows = await rowsOf(
      "date,sessionSource,sessionMedium,sessions,keyEvents\n" +
        "20261101,google,cpc,10,2\n" +
        "20261102,(not set),email,5,0\n",
    );
    expect(rows).toEqual([
      {
        values: { sessionSource: "google", sessionMedium: "cpc" },
        sessions: 10,
        keyEvents: 2,
        date: "20261101",
      },
      {
        values: { sessionSource: "(not set)", sessionMedium: "email" },
        sessions: 5,
        keyEvents: 0,
        date: "20261102",
      },
    ]);
  });

  it("numbers values in the order they come over many rows, quoted, doubled quotes and all", async () => {
    // Rows are numbered and added in batches: values with doubled quotes, numbered apart from
    // the rest, come here and there, in the middle of a batch and at its start.
    const lines: string[] = [];
    const expected: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const page = i % 3 === 0 ? `/p${i % 700}` : `/p${(i * 7) % 500}`;
      const escaped = i % 97 === 5 || i % 256 === 0;
      const value = escaped ? `${page}?q="${i % 11}"` : page;
      const written = escaped ? `"${value.replaceAll('"', '""')}"` : i % 2 ? `"${value}"` : value;
      lines.push(`${written},src${i % 13},${i + 1}`);
      if (!expected.includes(value)) expected.push(value);
    }
    const rows = await rowsOf(
      `landingPagePlusQueryString,sessionSource,sessions\n${lines.join("\n")}\n`,
    );
    expect(rows).toHaveLength(1500);
    expect(rows.map((row) => row.sessions)).toEqual(lines.map((_, i) => i + 1));
    const file = await csvFile(
      `landingPagePlusQueryString,sessionSource,sessions\n${lines.join("\n")}\n`,
    );
    const { sink, distinct } = recorder();
    await readCsv(file, sink);
    expect(distinct("landingPagePlusQueryString")).toEqual(expected);
    expect(distinct("sessionSource")).toEqual(Array.from({ length: 13 }, (_, i) => `src${i}`));
  });

  it("numbers each distinct value once, in the order it first comes", async () => {
    const file = await csvFile(
      "date,sessionSource,sessionMedium,sessions\n" +
        "20261101,google,cpc,1\n" +
        "20261102,google,cpc,2\n" +
        "20261101,bing,cpc,3\n" +
        "20261103,google,cpc,4\n",
    );
    const { sink, rows, distinct } = recorder();
    await readCsv(file, sink);
    expect(distinct("sessionSource")).toEqual(["google", "bing"]);
    expect(distinct("sessionMedium")).toEqual(["cpc"]);
    // A column the file lacks is one absent value.
    expect(distinct("sessionCampaignName")).toEqual([undefined]);
    expect(rows.map((row) => [row.values.sessionSource, row.sessions, row.date])).toEqual([
      ["google", 1, "20261101"],
      ["google", 2, "20261102"],
      ["bing", 3, "20261101"],
      ["google", 4, "20261103"],
    ]);
  });

  it("finds a row whose key fields repeat an earlier row's bytes without numbering it again", async () => {
    // Key fields side by side (date first, metrics last): each row's span of them is looked up
    // whole. A combination written another way (in quotes, with doubled quotes) is the same.
    const lines: string[] = [];
    const expected: [string, string, string, number][] = [];
    for (let i = 0; i < 3000; i++) {
      const combination = (i * 7919) % 53;
      const source = `src${combination % 5}`;
      const page = combination % 9 === 0 ? `/p${combination}?q="x"` : `/p${combination}`;
      const written = page.includes('"')
        ? `"${page.replaceAll('"', '""')}"`
        : i % 5 === 0
          ? `"${page}"`
          : page;
      lines.push(`2026110${i % 9},${source},${written},${i + 1}`);
      expected.push([`2026110${i % 9}`, source, page, i + 1]);
    }
    const file = await csvFile(
      `date,sessionSource,landingPagePlusQueryString,sessions\n${lines.join("\n")}\n`,
    );
    for (const chunkSize of [7, 1 << 20]) {
      const { sink, rows, numbered } = recorder();
      await readCsv(file, sink, { chunkSize });
      expect(
        rows.map((row) => [
          row.date,
          row.values.sessionSource,
          row.values.landingPagePlusQueryString,
          row.sessions,
        ]),
      ).toEqual(expected);
      // Most rows were found whole: only a batch's first sight of a span was numbered.
      expect(numbered.rows).toBeLessThan(1500);
    }
  });

  it("numbers every row when other fields lie between the key fields", async () => {
    const lines = Array.from({ length: 600 }, (_, i) => `src${i % 3},2026110${i % 7},cpc,1`);
    const file = await csvFile(`sessionSource,date,sessionMedium,sessions\n${lines.join("\n")}\n`);
    const { sink, rows, numbered } = recorder();
    await readCsv(file, sink);
    expect(rows).toHaveLength(600);
    expect(rows[4]?.values).toEqual({ sessionSource: "src1", sessionMedium: "cpc" });
    expect(numbered.rows).toBe(600);
  });

  it("reads dimension columns wherever the date and the metrics are, quoted or not", async () => {
    const file = await csvFile(
      "sessionSource,date,sessionMedium,sessions,sessionCampaignName\n" +
        "google,20261101,cpc,1,brand\n" +
        "google,20261102,cpc,2,brand\n" +
        "google,20261101,cpc,3,sale\n" +
        "google,20261101,email,4,brand\n" +
        '"google",20261103,"cpc",5,"brand"\n',
    );
    const { sink, rows, distinct } = recorder();
    await readCsv(file, sink);
    // Written in quotes or not, a value is one value.
    expect(distinct("sessionSource")).toEqual(["google"]);
    expect(distinct("sessionMedium")).toEqual(["cpc", "email"]);
    expect(distinct("sessionCampaignName")).toEqual(["brand", "sale"]);
    expect(rows.map((row) => [row.values, row.sessions, row.date])).toEqual([
      [
        { sessionSource: "google", sessionMedium: "cpc", sessionCampaignName: "brand" },
        1,
        "20261101",
      ],
      [
        { sessionSource: "google", sessionMedium: "cpc", sessionCampaignName: "brand" },
        2,
        "20261102",
      ],
      [
        { sessionSource: "google", sessionMedium: "cpc", sessionCampaignName: "sale" },
        3,
        "20261101",
      ],
      [
        { sessionSource: "google", sessionMedium: "email", sessionCampaignName: "brand" },
        4,
        "20261101",
      ],
      [
        { sessionSource: "google", sessionMedium: "cpc", sessionCampaignName: "brand" },
        5,
        "20261103",
      ],
    ]);
  });

  it("unquotes fields: commas, doubled quotes and line breaks inside, across chunks", async () => {
    const rows = await rowsOf(
      "sessionSource,landingPagePlusQueryString,sessions\n" +
        '"a,b","/say ""hi""?x=1",1\n' +
        '"two\nlines","""",2\n' +
        '"","""quoted""",3\n',
    );
    expect(rows.map((row) => [row.values, row.sessions])).toEqual([
      [{ sessionSource: "a,b", landingPagePlusQueryString: '/say "hi"?x=1' }, 1],
      [{ sessionSource: "two\nlines", landingPagePlusQueryString: '"' }, 2],
      [{ sessionSource: "", landingPagePlusQueryString: '"quoted"' }, 3],
    ]);
  });

  it("decodes UTF-8 characters cut between chunks", async () => {
    const values = ["é", "日本語", "emoji 😀", "Ünïcödé,€"];
    const rows = await rowsOf(
      `sessionSource,sessionMedium,sessions\n${values.map((v, i) => `"${v}",${v.includes(",") ? "x" : v},${i}`).join("\n")}\n`,
    );
    expect(rows.map((row) => row.values.sessionSource)).toEqual(values);
    expect(rows.map((row) => row.values.sessionMedium)).toEqual(["é", "日本語", "emoji 😀", "x"]);
  });

  it("reads fields of every length around commas, quotes and line breaks", async () => {
    // Fields of 0 to 11 characters drawn from ones next to the delimiters' bytes (the reader
    // looks at four bytes at a time): each written quoted when it must be, rows ending in LF or
    // CRLF, so every delimiter falls at every place in a word.
    const alphabet = ['"', ",", "\n", "\r", "a", "!", "#", "-", ".", "\u00e9", "+", "\u0001", " "];
    let seed = 11;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    const expected: string[][] = [];
    // The sessions first, so that a row ends in a text field, bare or quoted.
    let content = "sessions,sessionSource,sessionMedium,landingPagePlusQueryString\n";
    for (let r = 0; r < 300; r++) {
      const fields = Array.from({ length: 3 }, () =>
        Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join(""),
      );
      // A field the reader cannot tell from no value, or from a row of its own, is not drawn.
      const row = fields.map((field) => (field === "" ? "x" : field));
      expected.push(row);
      const written = row.map((field) =>
        /[",\n\r]/.test(field) || next() % 3 === 0 ? `"${field.replaceAll('"', '""')}"` : field,
      );
      content += `${r + 1},${written.join(",")}${next() % 2 === 0 ? "\n" : "\r\n"}`;
    }
    const rows = await rowsOf(content);
    expect(
      rows.map((row) => [
        row.values.sessionSource,
        row.values.sessionMedium,
        row.values.landingPagePlusQueryString,
      ]),
    ).toEqual(expected);
    expect(rows.map((row) => row.sessions)).toEqual(expected.map((_, r) => r + 1));
    // A bad row after them is placed on its line, the quoted line breaks counted.
    const lines = content.split("\n").length;
    const error = await errorOf(`${content}d,a,b,c\n`);
    expect(error.message).toContain(`.csv:${lines}:1: sessions must be a number`);
  });

  it("reads CRLF line ends, a last line without one, and skips empty lines", async () => {
    const rows = await rowsOf(
      'sessionSource,sessions\r\n\r\ngoogle,1\r\n\n\r\n"bing",2\r\n\r\nduck,3',
    );
    expect(rows.map((row) => [row.values.sessionSource, row.sessions])).toEqual([
      ["google", 1],
      ["bing", 2],
      ["duck", 3],
    ]);
    expect((await rowsOf("sessionSource,sessions\r\ngoogle,1\r")).map((r) => r.sessions)).toEqual([
      1,
    ]);
  });

  it("keeps a CR that is not a line end in its field", async () => {
    const rows = await rowsOf('sessionSource,sessions\na\rb,1\n"c\r\nd",2\n');
    expect(rows.map((row) => row.values.sessionSource)).toEqual(["a\rb", "c\r\nd"]);
  });

  it("skips a UTF-8 BOM before the header", async () => {
    const rows = await rowsOf(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from("sessionSource,sessions\ngoogle,1\n"),
      ]),
    );
    expect(rows).toEqual([
      { values: { sessionSource: "google" }, sessions: 1, keyEvents: undefined, date: undefined },
    ]);
  });

  it("reads numbers as before: quoted, padded or written with an exponent", async () => {
    const rows = await rowsOf(
      'sessionSource,sessions,keyEvents\na,007,"3"\nb, 5 ,1e2\nc,"12",0.5\nd,123456789012345678,0\n',
    );
    expect(rows.map((row) => [row.sessions, row.keyEvents])).toEqual([
      [7, 3],
      [5, 100],
      [12, 0.5],
      [Number("123456789012345678"), 0],
    ]);
  });

  it("tells dates of the same digits apart", async () => {
    const rows = await rowsOf("date,sessions\n0101,1\n101,2\n0101,3\n");
    expect(rows.map((row) => row.date)).toEqual(["0101", "101", "0101"]);
    // Dates 64 apart share a slot of the reader's cache of dates: each takes it from the other.
    const shared = await rowsOf("date,sessions\n20261101,1\n20261165,2\n20261101,3\n20261165,4\n");
    expect(shared.map((row) => row.date)).toEqual(["20261101", "20261165", "20261101", "20261165"]);
  });

  it("reads a header alone with no rows", async () => {
    expect(await rowsOf("sessionSource,sessions\n")).toEqual([]);
  });
});

describe("readCsv errors name file, line and column", () => {
  it.each([
    [
      "a quote after a closing quote's field",
      'sessionSource,sessions\ngoogle,1\n"goo"gle,10\n',
      3,
      1,
      /a closing quote must end its field/,
    ],
    [
      "a quote in a bare field",
      'sessionSource,sessions\ngo"ogle,10\n',
      2,
      1,
      /a quote inside a field that does not start with one/,
    ],
    [
      "a quote left open at the end of the file",
      'sessionSource,sessions\ngoogle,1\nbing,"10\n\n',
      3,
      2,
      /unclosed quote: the file ends inside the quoted field/,
    ],
    [
      "a row with more fields than the header",
      "sessionSource,sessions\ngoogle,10,extra\n",
      2,
      3,
      /the row has 3 fields, the header 2/,
    ],
    [
      "a row with fewer fields than the header",
      "sessionSource,sessionMedium,sessions\ngoogle,cpc,1\ngoogle\n",
      3,
      1,
      /the row has 1 field, the header 3: sessionMedium, sessions missing/,
    ],
    [
      "a session count that is no number",
      "sessionSource,sessions\ngoogle,10\nbing,ten\n",
      3,
      2,
      /sessions must be a number of 0 or more, got "ten"/,
    ],
    [
      "a negative key events count",
      "sessionSource,keyEvents,sessions\ngoogle,-1,10\n",
      2,
      2,
      /keyEvents must be a number of 0 or more, got "-1"/,
    ],
    [
      "an empty session count",
      'sessionSource,sessions\ngoogle,""\n',
      2,
      2,
      /sessions must be a number of 0 or more, got ""/,
    ],
    ["an unknown column", "sessionSource,clicks,sessions\n", 1, 2, /unknown column "clicks"/],
    [
      "a column twice",
      "sessionSource,sessions,sessionSource\n",
      1,
      3,
      /column "sessionSource" appears twice/,
    ],
    ["no sessions column", "sessionSource,date\n", 1, 1, /the header has no "sessions" column/],
    ["an empty file", "\n\n", 1, 1, /the file is empty: expected a header row/],
  ])("%s", async (_label, content, line, column, message) => {
    const error = await errorOf(content);
    expect(error.line).toBe(line);
    expect(error.column).toBe(column);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(new RegExp(`^${error.file.replaceAll(".", "\\.")}:${line}:`));
  });

  it("counts the lines of quoted line breaks before a bad row", async () => {
    const error = await errorOf(
      'sessionSource,sessions\n"one\ntwo\r\nthree",1\ngoogle,x\n"a\nb",1,2\n',
    );
    expect([error.line, error.column]).toEqual([5, 2]);
    // Several quoted fields of one record, one with a doubled quote between its line breaks.
    const later = await errorOf(
      'sessionSource,landingPagePlusQueryString,sessions\n"a\nb","c\n""d""\ne",1\ngoogle,x,y\n',
    );
    expect([later.line, later.column]).toEqual([6, 3]);
  });

  it("places an unclosed quote on the line its field starts", async () => {
    const error = await errorOf('sessionSource,sessions\ngoogle,1\n"open\nstill\nopen,1\n');
    expect([error.line, error.column]).toEqual([3, 1]);
  });

  it("reports a file it cannot read", async () => {
    const missing = path.join(dir, "missing.csv");
    await expect(readCsv(missing, recorder().sink)).rejects.toThrow(
      `${missing}:1:1: cannot read the file (ENOENT)`,
    );
    const folder = path.join(dir, "folder.csv");
    await mkdir(folder);
    await expect(readCsv(folder, recorder().sink)).rejects.toThrow(
      `${folder}:1:1: cannot read the file (EISDIR)`,
    );
  });
});

describe("readCsvDimensions", () => {
  it("reads the header alone, the BOM taken off, a broken row after it unread", async () => {
    const file = await csvFile(
      '\uFEFFdate,sessionSource,"sessionMedium",sessions,keyEvents\n"broken\n',
    );
    for (const chunkSize of CHUNK_SIZES) {
      expect(await readCsvDimensions(file, { chunkSize })).toEqual([
        "date",
        "sessionSource",
        "sessionMedium",
      ]);
    }
  });

  it("refuses an empty file and a bad header", async () => {
    await expect(readCsvDimensions(await csvFile(""))).rejects.toThrow(/:1:1: the file is empty/);
    await expect(readCsvDimensions(await csvFile("source,sessions\n"))).rejects.toThrow(
      /:1:1: unknown column "source"/,
    );
  });
});
