import { type ReportRow, RunReportResponseSchema } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { ObjectReportRows, type ReportRows, readReportRows } from "./report-table.ts";

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
  const read = readReportRows(text);
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

  it("gives rows with the same values but the skipped column the same key, others another", () => {
    const read = readReportRows(googleStyle(JSON.stringify(report(ROWS))));
    if (!read) throw new Error("not read");
    expect(read.rows.key(0, 0)).toBe(read.rows.key(2, 0));
    expect(read.rows.key(0, -1)).not.toBe(read.rows.key(2, -1));
    expect(read.rows.key(0, 0)).not.toBe(read.rows.key(1, 0));
    expect(read.rows.key(0, 1)).not.toBe(read.rows.key(2, 1));
    expect(read.rows.key(0, 2)).not.toBe(read.rows.key(2, 2));
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
      // Invalid JSON: an unknown escape, a cut-off body.
      JSON.stringify(report(ROWS)).replace("backslash", "\\q"),
      JSON.stringify(report(ROWS)).slice(0, 200),
    ];
    for (const text of notCompact) expect(readReportRows(text), text).toBeUndefined();
  });

  it("refuses a value with a raw control character when it is read, as JSON.parse would", () => {
    const text = JSON.stringify(report(ROWS));
    const cases: [string, (rows: ReportRows) => unknown][] = [
      [text.replace("google", "goo\u0001gle"), (rows) => rows.dimensions(0)],
      [text.replace("20261104", "2026110\n"), (rows) => rows.dimension(2, 0)],
      [text.replace('"1.5"', '"1.\t5"'), (rows) => rows.metric(1, 1)],
      // Valid JSON that the contract refuses: a value list item without a string `value`.
      [text.replace('{"value":"google"}', '{"valuX":"google"}'), (rows) => rows.dimensions(0)],
      [text.replace('{"value":"google"}', '{"valuX":"google"}'), (rows) => rows.dimension(0, 1)],
    ];
    for (const [bad, read] of cases) {
      expect(() => RunReportResponseSchema.parse(JSON.parse(bad))).toThrow();
      const rows = readReportRows(bad)?.rows;
      if (!rows) throw new Error("not read");
      expect(() => read(rows)).toThrow(expect.objectContaining({ code: "GOOGLE_BAD_RESPONSE" }));
      expect(() => rows.toRows()).toThrow(expect.objectContaining({ code: "GOOGLE_BAD_RESPONSE" }));
    }
  });
});
