import { describe, expect, it } from "vitest";
import { context, sourceData, sourceRow } from "../testing/support.ts";
import { AuditData, statsOfIds, type ValueStats } from "./audit-data.ts";
import { FindingCollector, PendingFindings, VALUES_PER_FINDING } from "./findings.ts";
import type { AggregatedRow, Dimension } from "./types.ts";

describe("FindingCollector", () => {
  it("counts a row once per finding and once for the check, however often it is added", () => {
    const rows = [sourceRow("a", 5), sourceRow("b", 7), sourceRow("c", 11)];
    const collector = new FindingCollector(sourceData(rows));
    collector.add("x", "X", [rows[0] as AggregatedRow, rows[1] as AggregatedRow]);
    collector.add("x", "X", rows[0] as AggregatedRow);
    collector.add("x", "X", [rows[1] as AggregatedRow, rows[0] as AggregatedRow]);
    collector.add("y", "Y", new Set([rows[1] as AggregatedRow, rows[2] as AggregatedRow]));
    const findings = collector.findings();
    expect(findings.map((f) => [f.key, f.affectedSessions])).toEqual([
      ["y", 18],
      ["x", 12],
    ]);
    expect(collector.affectedSessions()).toBe(23);
    expect([...(collector.rowsByKey().get("x") ?? [])]).toEqual([0, 1]);
  });

  it("shows the busiest rows first and, of equals, the first added", () => {
    const rows = [
      sourceRow("a", 3),
      sourceRow("b", 9),
      sourceRow("c", 3),
      sourceRow("d", 1),
      sourceRow("e", 9),
    ];
    const collector = new FindingCollector(sourceData(rows, 10));
    collector.add("x", "X", [...rows].reverse());
    const [finding] = collector.findings();
    expect(finding?.examples.map((example) => example.values.sessionSource)).toEqual([
      "e",
      "b",
      "c",
    ]);
    expect([...(collector.rowsByKey().get("x") ?? [])]).toEqual([14, 13, 12, 11, 10]);
  });

  it("refuses a row that is not the audit's, and rows once the findings were read", () => {
    const rows = [sourceRow("a", 1)];
    const collector = new FindingCollector(sourceData(rows));
    expect(() => collector.add("x", "X", sourceRow("a", 1))).toThrow(/rows of the audit's data/);
    collector.add("x", "X", rows);
    collector.findings();
    expect(() => collector.add("x", "X", rows)).toThrow(/read already/);
  });
});

describe("AuditData.valueStats", () => {
  it("gives one value's stats as the value list would, built or not", () => {
    const rows = [sourceRow("a", 1), sourceRow("b", 2), sourceRow("a", 4)];
    const data = sourceData(rows);
    const before = data.valueStats("sessionSource", "a");
    expect(before).toEqual({ value: "a", sessions: 5, rows: [rows[0], rows[2]] });
    expect(data.valueStats("sessionSource", "z")).toBeUndefined();
    expect(data.values("sessionSource").get("a")).toEqual(before);
    expect(data.valueStats("sessionSource", "a")).toBe(data.values("sessionSource").get("a"));
  });
});

describe("FindingCollector.addValue", () => {
  /** Sources a, b, a, c, a: "a" has rows 0, 2 and 4. */
  function sample() {
    const rows = [
      sourceRow("a", 1),
      sourceRow("b", 2),
      sourceRow("a", 4),
      sourceRow("c", 8),
      sourceRow("a", 16),
    ];
    const data = sourceData(rows);
    return { rows, data, a: data.values("sessionSource").get("a") as ValueStats };
  }

  it("adds every row of a value's entry, with its options", () => {
    const { data, a } = sample();
    const collector = new FindingCollector(data);
    collector.addValue("x", "X", "sessionSource", a, {
      values: ["a"],
      severity: "critical",
      field: "sessionSource",
    });
    expect(collector.findings()).toMatchObject([
      {
        key: "x",
        values: ["a"],
        affectedSessions: 21,
        severity: "critical",
        field: "sessionSource",
      },
    ]);
    expect([...(collector.rowsByKey().get("x") ?? [])]).toEqual([0, 2, 4]);
    expect(collector.affectedSessions()).toBe(21);
  });

  it("counts once a row that is in the finding already", () => {
    const { rows, data, a } = sample();
    const collector = new FindingCollector(data);
    collector.add("x", "X", rows[2] as AggregatedRow);
    collector.add("x", "X", rows[3] as AggregatedRow);
    collector.addValue("x", "X", "sessionSource", a);
    collector.addValue("x", "X", "sessionSource", a);
    collector.addValue("y", "Y", "sessionSource", a);
    expect(collector.findings().map((f) => [f.key, f.affectedSessions])).toEqual([
      ["x", 29],
      ["y", 21],
    ]);
    expect([...(collector.rowsByKey().get("x") ?? [])]).toEqual([2, 3, 0, 4]);
    expect(collector.affectedSessions()).toBe(29);
  });

  it("adds stats of some of a value's rows by their ids, as their rows would be", () => {
    const { rows, data } = sample();
    const column = data.column("sessionSource");
    const byIds = new FindingCollector(data);
    byIds.add("x", "X", rows[4] as AggregatedRow);
    byIds.addValue("x", "X", "sessionSource", statsOfIds("a", 21, column, Int32Array.of(4, 0, 2)));
    const byRows = new FindingCollector(data);
    byRows.add("x", "X", rows[4] as AggregatedRow);
    byRows.add("x", "X", [rows[4], rows[0], rows[2]] as AggregatedRow[]);
    expect(byIds.findings()).toEqual(byRows.findings());
    expect([...(byIds.rowsByKey().get("x") ?? [])]).toEqual([4, 0, 2]);
    expect(byIds.affectedSessions()).toBe(21);
  });

  it("adds the rows given when the stats are not the value list's entry", () => {
    const { rows, data, a } = sample();
    const collector = new FindingCollector(data);
    // Part of the value's rows, and stats read before any list was built.
    collector.addValue("part", "P", "sessionSource", { ...a, rows: [rows[4] as AggregatedRow] });
    const fresh = sourceData([sourceRow("a", 1), sourceRow("b", 2)]);
    const early = fresh.valueStats("sessionSource", "b") as ValueStats;
    const other = new FindingCollector(fresh);
    other.addValue("b", "B", "sessionSource", early);
    expect([...(collector.rowsByKey().get("part") ?? [])]).toEqual([4]);
    expect(other.affectedSessions()).toBe(2);
    // Rows that are not the audit's are refused, as `add` refuses them.
    const stranger = new FindingCollector(data);
    expect(() =>
      stranger.addValue("s", "S", "sessionSource", {
        value: "a",
        sessions: 1,
        rows: [sourceRow("a", 1)],
      }),
    ).toThrow(/rows of the audit's data/);
  });

  it("adds the rows of a value another view holds, by that view's ids", () => {
    const others: AuditData[] = [];
    const sessionsById = new Float64Array(5);
    const links = { totalSessions: 31, others, sessionsById };
    const ledger = new AuditData(
      [sourceRow("a", 1), sourceRow("b", 2)],
      new Set(["sessionSource"]),
      context(),
      {
        ...links,
        view: "sessions",
        firstId: 0,
      },
    );
    const terms = ["shoes", "boots", "shoes"].map((term, i) => ({
      values: { sessionManualTerm: term },
      sessions: 4 << i,
      keyEvents: 0,
      rows: 1,
    }));
    const details = new AuditData(terms, new Set<Dimension>(["sessionManualTerm"]), context(), {
      ...links,
      view: "details",
      firstId: 2,
    });
    others.push(ledger, details);
    const collector = new FindingCollector(ledger);
    const shoes = ledger.values("sessionManualTerm").get("shoes") as ValueStats;
    collector.addValue("shoes", "Shoes", "sessionManualTerm", shoes);
    expect([...(collector.rowsByKey().get("shoes") ?? [])]).toEqual([2, 4]);
    expect(collector.findings()[0]?.examples.map((example) => example.sessions)).toEqual([16, 4]);
    expect(collector.affectedSessions()).toBe(20);
  });
});

describe("PendingFindings", () => {
  it("gathers findings by key and hands them over by id, in the order they were first named", () => {
    const rows = [sourceRow("a", 5), sourceRow("b", 7), sourceRow("c", 11)];
    const pending = new PendingFindings();
    const x = pending.of("x", "X", "sessionSource");
    x.ids.push(0, 2);
    expect(pending.of("x", "other title", "sessionMedium")).toBe(x);
    const y = pending.of("y", "Y", "sessionMedium");
    y.ids.push(1);
    for (let v = 0; v < VALUES_PER_FINDING + 3; v++) y.addValue(`v${v}`);
    expect(y.takesValues).toBe(false);
    expect(x.takesValues).toBe(true);
    const collector = new FindingCollector(sourceData(rows));
    pending.addTo(collector);
    const found = collector.findings();
    expect(found.map((f) => [f.key, f.title, f.field, f.affectedSessions])).toEqual([
      ["x", "X", "sessionSource", 16],
      ["y", "Y", "sessionMedium", 7],
    ]);
    expect(found[1]?.values).toHaveLength(VALUES_PER_FINDING);
  });
});
