import { describe, expect, it } from "vitest";
import { GroupTable } from "./group-table.ts";

function lookUp(table: GroupTable, values: readonly string[]): number {
  for (const [column, value] of values.entries()) table.set(column, value);
  return table.find();
}

describe("GroupTable", () => {
  it("gives each distinct combination one group, across rehashes", () => {
    const table = new GroupTable(3);
    // 7 x 11 x 50 = 3,850 distinct combinations, each seen five times or more.
    const combinations = Array.from({ length: 20_000 }, (_, i) => [
      `s${i % 7}`,
      `m${i % 11}`,
      `p${i % 50}`,
    ]);
    const groups = combinations.map((values) => lookUp(table, values));
    expect(table.size).toBe(3_850);
    combinations.forEach((values, i) => {
      expect(lookUp(table, values)).toBe(groups[i]);
      expect(table.values(groups[i] as number)).toEqual(values);
    });
  });

  it("tells apart combinations that share values in other columns", () => {
    const table = new GroupTable(2);
    expect(lookUp(table, ["a", "b"])).toBe(0);
    expect(lookUp(table, ["b", "a"])).toBe(1);
    expect(lookUp(table, ["a", "a"])).toBe(2);
    expect(lookUp(table, ["b", "a"])).toBe(1);
  });

  it("has one group when there are no columns", () => {
    const table = new GroupTable(0);
    expect(lookUp(table, [])).toBe(0);
    expect(lookUp(table, [])).toBe(0);
    expect(table.values(0)).toEqual([]);
  });
});
