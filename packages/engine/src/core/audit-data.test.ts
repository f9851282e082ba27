import { describe, expect, it } from "vitest";
import { sourceData, sourceRow } from "../testing/support.ts";
import { statsIds, statsOfIds } from "./audit-data.ts";
import type { AggregatedRow } from "./types.ts";

describe("statsOfIds", () => {
  it("makes the rows of the ids given, in their order, only when asked", () => {
    const rows = [sourceRow("a", 1), sourceRow("b", 2), sourceRow("a", 4), sourceRow("a", 8)];
    const data = sourceData(rows, 10);
    const column = data.column("sessionSource");
    expect(column.sessionsById[12]).toBe(4);
    const ids = Int32Array.of(13, 10);
    const stats = statsOfIds("a", 9, column, ids);
    expect(stats.value).toBe("a");
    expect(stats.sessions).toBe(9);
    expect(statsIds(stats)).toBe(ids);
    expect(stats.rows).toEqual([rows[3], rows[0]]);
    // Made once: the same array each time.
    expect(stats.rows).toBe(stats.rows);
  });

  it("lets the ids go when the stats are given other rows", () => {
    const rows = [sourceRow("a", 1), sourceRow("a", 2)];
    const column = sourceData(rows).column("sessionSource");
    const stats = statsOfIds("a", 3, column, Int32Array.of(0, 1));
    stats.rows = [rows[1] as AggregatedRow];
    expect(statsIds(stats)).toBeUndefined();
    expect(stats.rows).toEqual([rows[1]]);
  });

  it("knows no ids for any other stats", () => {
    const data = sourceData([sourceRow("a", 1)]);
    const entry = data.values("sessionSource").get("a");
    expect(entry && statsIds(entry)).toBeUndefined();
    expect(statsIds({ value: "a", sessions: 1, rows: [] })).toBeUndefined();
  });
});
