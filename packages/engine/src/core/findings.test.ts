import { describe, expect, it } from "vitest";
import { context } from "../testing/support.ts";
import { AuditData } from "./audit-data.ts";
import { FindingCollector } from "./findings.ts";
import type { AggregatedRow, Dimension } from "./types.ts";

function row(source: string, sessions: number): AggregatedRow {
  return { values: { sessionSource: source }, sessions, keyEvents: 0, rows: 1 };
}

function dataOf(rows: AggregatedRow[], firstId = 0): AuditData {
  const present = new Set<Dimension>(["sessionSource"]);
  return new AuditData(rows, present, context(), {
    view: "sessions",
    totalSessions: 0,
    others: [],
    firstId,
  });
}

describe("FindingCollector", () => {
  it("counts a row once per finding and once for the check, however often it is added", () => {
    const rows = [row("a", 5), row("b", 7), row("c", 11)];
    const collector = new FindingCollector(dataOf(rows));
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
    const rows = [row("a", 3), row("b", 9), row("c", 3), row("d", 1), row("e", 9)];
    const collector = new FindingCollector(dataOf(rows, 10));
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
    const rows = [row("a", 1)];
    const collector = new FindingCollector(dataOf(rows));
    expect(() => collector.add("x", "X", row("a", 1))).toThrow(/rows of the audit's data/);
    collector.add("x", "X", rows);
    collector.findings();
    expect(() => collector.add("x", "X", rows)).toThrow(/read already/);
  });
});

describe("AuditData.valueStats", () => {
  it("gives one value's stats as the value list would, built or not", () => {
    const rows = [row("a", 1), row("b", 2), row("a", 4)];
    const data = dataOf(rows);
    const before = data.valueStats("sessionSource", "a");
    expect(before).toEqual({ value: "a", sessions: 5, rows: [rows[0], rows[2]] });
    expect(data.valueStats("sessionSource", "z")).toBeUndefined();
    expect(data.values("sessionSource").get("a")).toEqual(before);
    expect(data.valueStats("sessionSource", "a")).toBe(data.values("sessionSource").get("a"));
  });
});
