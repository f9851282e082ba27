import { type ReportRow, RunReportResponseSchema } from "@utmost/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ObjectReportRows, readReportRows } from "./report-table.ts";
import { RowKeys } from "./row-keys.ts";

/** The reader as the data client calls it, on the answer's bytes. */
function readText(text: string) {
  return readReportRows(Buffer.from(text));
}

function report(rows: unknown, extra: Record<string, unknown> = {}) {
  return {
    dimensionHeaders: [{ name: "date" }, { name: "sessionSource" }, { name: "landingPage" }],
    metricHeaders: [
      { name: "sessions", type: "TYPE_INTEGER" },
      { name: "keyEvents", type: "TYPE_FLOAT" },
    ],
    rows,
    rowCount: Array.isArray(rows) ? rows.length : 0,
    metadata: { currencyCode: "USD", timeZone: "Europe/London" },
    kind: "analyticsData#runReport",
    ...extra,
  };
}

function row(dimensions: string[], metrics: string[]): ReportRow {
  return {
    dimensionValues: dimensions.map((value) => ({ value })),
    metricValues: metrics.map((value) => ({ value })),
  };
}

const ROWS: ReportRow[] = [
  row(["20261103", "google", "/shoes?utm_source=google&utm_medium=cpc"], ["12", "3"]),
  row(["20261103", 'quote " and \\ backslash', "/ä/€/😀"], ["0", "1.5"]),
  row(["20261104", "google", "/shoes?utm_source=google&utm_medium=cpc"], ["", "007"]),
  row(["(other)", "", "line\nbreak\ttab"], ["123456789012345678", "1e3"]),
];

/** Google writes `=` `&` `<` `>` `'` as \u escapes; JSON.stringify does not. */
function googleStyle(json: string): string {
  return json.replace(/[=&<>']/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function readsLikeJsonParse(text: string) {
  const read = readText(text);
  expect(read).toBeDefined();
  if (!read) return;
  const parsed = RunReportResponseSchema.parse(JSON.parse(text));
  expect(read.rows.toRows()).toEqual(parsed.rows);
  expect(RunReportResponseSchema.parse(JSON.parse(read.rest))).toEqual({ ...parsed, rows: [] });
  const objects = new ObjectReportRows(parsed.rows);
  for (let i = 0; i < parsed.rows.length; i++) {
    expect(read.rows.dimensions(i)).toEqual(objects.dimensions(i));
    for (let c = 0; c < 3; c++) expect(read.rows.dimension(i, c)).toBe(objects.dimension(i, c));
    for (let m = 0; m < 3; m++) expect(read.rows.metric(i, m)).toBe(objects.metric(i, m));
  }
}

describe("readReportRows", () => {
  it("reads Google's compact rows as JSON.parse and the schema do", () => {
    readsLikeJsonParse(JSON.stringify(report(ROWS)));
    readsLikeJsonParse(googleStyle(JSON.stringify(report(ROWS))));
    readsLikeJsonParse(JSON.stringify(report([])));
    readsLikeJsonParse(JSON.stringify({ rows: ROWS.slice(0, 1) }));
  });

  it("finds a row by the same values but the skipped column, and no row by others", () => {
    const read = readText(googleStyle(JSON.stringify(report(ROWS))));
    if (!read) throw new Error("not read");
    const rows = read.rows;
    const keys = new RowKeys();
    expect(rows.find(keys, 0, 0)).toBe(-1);
    const first = rows.add(keys, 0, 0);
    expect(rows.find(keys, 0, 0)).toBe(first);
    expect(rows.find(keys, 2, 0)).toBe(first);
    expect(rows.find(keys, 1, 0)).toBe(-1);
    expect(rows.find(keys, 2, -1)).toBe(-1);
    expect(rows.find(keys, 2, 1)).toBe(-1);
    const whole = rows.add(keys, 0, -1);
    expect(rows.find(keys, 0, -1)).toBe(whole);
    expect(rows.find(keys, 2, -1)).toBe(-1);
    const middle = rows.add(keys, 0, 1);
    expect(rows.find(keys, 0, 1)).toBe(middle);
    expect(rows.find(keys, 2, 1)).toBe(-1);
    expect(new Set([first, whole, middle]).size).toBe(3);
  });

  it("keys rows read as objects as it keys the same rows read from Google's bytes", () => {
    const text = JSON.stringify(report(ROWS));
    const bytes = readText(text)?.rows;
    if (!bytes) throw new Error("not read");
    const objects = new ObjectReportRows(RunReportResponseSchema.parse(JSON.parse(text)).rows);
    const keys = new RowKeys();
    for (let row = 0; row < ROWS.length; row++) {
      for (const skip of [-1, 0, 1, 2]) {
        const entry = objects.find(keys, row, skip);
        const added = entry < 0 ? objects.add(keys, row, skip) : entry;
        expect(bytes.find(keys, row, skip)).toBe(added);
      }
    }
  });

  it("finds two rows under one key exactly when their values but the skipped one are equal", () => {
    const value = fc.oneof(
      fc.constantFrom("", "(not set)", "google", "Google", "/a?b=c&d=e", 'q"uote', "back\\slash"),
      fc.string({ unit: "binary", maxLength: 6 }),
    );
    const reportRow = fc.record({
      dimensions: fc.array(value, { minLength: 3, maxLength: 3 }),
      sessions: fc.nat(),
    });
    fc.assert(
      fc.property(
        fc.array(reportRow, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: -1, max: 2 }),
        fc.boolean(),
        (generated, skip, escapeLikeGoogle) => {
          const rows = generated.map((r) => row(r.dimensions, [String(r.sessions)]));
          const json = JSON.stringify(report(rows));
          const read = readText(escapeLikeGoogle ? googleStyle(json) : json);
          if (!read) throw new Error("not read");
          const keys = new RowKeys();
          const entries: number[] = [];
          for (let i = 0; i < rows.length; i++) {
            const entry = read.rows.find(keys, i, skip);
            entries.push(entry < 0 ? read.rows.add(keys, i, skip) : entry);
          }
          const shown = (r: { dimensions: string[] }) =>
            JSON.stringify(r.dimensions.map((v, at) => (at === skip ? "" : v)));
          for (let i = 0; i < rows.length; i++) {
            for (let j = 0; j < rows.length; j++) {
              const same =
                shown(generated[i] as (typeof generated)[0]) ===
                shown(generated[j] as (typeof generated)[0]);
              expect(entries[i] === entries[j]).toBe(same);
            }
          }
          expect(read.rows.toRows()).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("leaves every other layout to JSON.parse, valid or not", () => {
    const notCompact = [
      JSON.stringify(report(ROWS), null, 2),
      JSON.stringify({ rowCount: 0 }),
      JSON.stringify(report(undefined)),
      JSON.stringify(report([{ metricValues: [{ value: "1" }] }])),
      JSON.stringify(report([{ metricValues: [], dimensionValues: [{ value: "a" }] }])),
      JSON.stringify(report([row(["a", "b", "c"], ["1"]), row(["a", "b"], ["1"])])),
      JSON.stringify(report([row(["a"], ["1"]), row(["a"], ["1", "2"])])),
      JSON.stringify(report([{ dimensionValues: [{ value: 1 }], metricValues: [] }])),
      JSON.stringify(report([{ dimensionValues: [{ value: "a", other: 1 }], metricValues: [] }])),
      JSON.stringify(report([row([], ["1"])])),
      // Valid JSON that the contract refuses: a list item without a string `value`, first or
      // later in its list.
      JSON.stringify(report(ROWS)).replace('{"value":"20261103"}', '{"valuX":"20261103"}'),
      JSON.stringify(report(ROWS)).replace('{"value":"google"}', '{"valuX":"google"}'),
      // Invalid JSON: an unknown escape, a cut-off body.
      JSON.stringify(report(ROWS)).replace("backslash", "\\q"),
      JSON.stringify(report(ROWS)).slice(0, 200),
    ];
    for (const text of notCompact) expect(readText(text), text).toBeUndefined();
  });

  it("leaves a value with a raw control character to JSON.parse, which refuses it", () => {
    const text = JSON.stringify(report(ROWS));
    for (const bad of [
      text.replace("google", "goo\u0001gle"),
      text.replace("20261104", "2026110\n"),
      text.replace('"1.5"', '"1.\t5"'),
    ]) {
      expect(() => JSON.parse(bad)).toThrow();
      expect(readText(bad)).toBeUndefined();
    }
  });

  it("lets a page's bytes go when released, unless they are a slice of a shared buffer", () => {
    const owned = new Uint8Array(Buffer.from(JSON.stringify(report(ROWS))));
    const read = readReportRows(owned);
    if (!read) throw new Error("not read");
    read.rows.release();
    expect(owned.buffer.byteLength).toBe(0);
    expect(() => read.rows.find(new RowKeys(), 0, 0)).toThrow("The report page was released");
    expect(() => read.rows.dimensions(0)).toThrow("The report page was released");

    const shared = Buffer.alloc(4096);
    const text = JSON.stringify(report(ROWS.slice(0, 1)));
    shared.write(text, 100);
    const slice = readReportRows(shared.subarray(100, 100 + Buffer.byteLength(text)));
    slice?.rows.release();
    expect(shared.buffer.byteLength).toBe(4096);
  });

  it("reads values that are not valid UTF-8 as the text decoder does", () => {
    const text = JSON.stringify(report([row(["20261103", "a", "b"], ["1"])]));
    const bytes = Buffer.from(text);
    const at = bytes.indexOf('"a"') + 1;
    bytes[at] = 0xff;
    const read = readReportRows(bytes);
    if (!read) throw new Error("not read");
    expect(read.rows.dimensions(0)).toEqual(
      (JSON.parse(new TextDecoder().decode(bytes)).rows[0] as ReportRow).dimensionValues.map(
        (v) => v.value,
      ),
    );
  });
});
