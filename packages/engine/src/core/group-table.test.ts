import { describe, expect, it } from "vitest";
import { KEY_DIMENSIONS } from "./auditor.ts";
import { doubled, GroupTable, grownSlots, shrunk } from "./group-table.ts";
import { DIMENSIONS } from "./types.ts";

function lookup(table: GroupTable, values: readonly (string | undefined)[]): number {
  for (const [index, value] of values.entries()) table.set(index, value);
  return table.find();
}

describe("GroupTable", () => {
  it("gives a new combination the next index and a seen one its first index", () => {
    const table = new GroupTable(3);
    expect(lookup(table, ["google", "cpc", "spring"])).toBe(0);
    expect(lookup(table, ["google", "cpc", "summer"])).toBe(1);
    expect(lookup(table, ["google", "cpc", "spring"])).toBe(0);
    expect(table.size).toBe(2);
  });

  it("tells an absent value from an empty one and values apart by position", () => {
    const table = new GroupTable(2);
    expect(lookup(table, [undefined, "x"])).toBe(0);
    expect(lookup(table, ["", "x"])).toBe(1);
    expect(lookup(table, ["x", undefined])).toBe(2);
    expect(lookup(table, ["x", ""])).toBe(3);
    expect(lookup(table, [undefined, "x"])).toBe(0);
  });

  it("keeps every group through growth and rehashing", () => {
    const table = new GroupTable(4);
    const count = 50_000;
    for (let i = 0; i < count; i++) {
      expect(lookup(table, [`s${i % 97}`, `m${i % 13}`, `c${i}`, undefined])).toBe(i);
    }
    for (let i = count - 1; i >= 0; i -= 7) {
      expect(lookup(table, [`s${i % 97}`, `m${i % 13}`, `c${i}`, undefined])).toBe(i);
    }
    expect(table.size).toBe(count);
  });
});

describe("GroupTable with the caller's dictionaries", () => {
  it("groups rows by the ids the caller numbered, and keeps its dictionaries as the values", () => {
    const table = new GroupTable(2);
    const dictionaries: (string | undefined)[][] = [
      ["google", "bing"],
      ["cpc", undefined],
    ];
    table.useDictionaries(dictionaries);
    const find = (a: number, b: number) => {
      table.setId(0, a);
      table.setId(1, b);
      return table.find();
    };
    expect(find(0, 0)).toBe(0);
    expect(find(1, 1)).toBe(1);
    expect(find(0, 0)).toBe(0);
    expect(() => table.set(0, "google")).toThrow(/ids/);
    const keys = table.release();
    expect(keys.values).toBe(dictionaries);
    expect([...keys.ids]).toEqual([0, 0, 1, 1]);
    expect(keys.values[1]?.[keys.ids[1] as number]).toBe("cpc");
  });

  it("finds many rows' groups at once as it finds them one by one, new ones in order", () => {
    const width = 3;
    const byOne = new GroupTable(width);
    const byMany = new GroupTable(width);
    const dictionaries = () => [[], [], []] as (string | undefined)[][];
    byOne.useDictionaries(dictionaries());
    byMany.useDictionaries(dictionaries());
    // Repeats inside a batch, groups made in the batch found again in it, growth on the way.
    const count = 20_000;
    const rows = new Int32Array(count * width);
    for (let i = 0; i < count; i++) {
      rows[i * width] = i % 7;
      rows[i * width + 1] = (i * 31) % 5003;
      rows[i * width + 2] = i % 3 === 0 ? i % 11 : 0;
    }
    const expected: number[] = [];
    for (let i = 0; i < count; i++) {
      for (let d = 0; d < width; d++) byOne.setId(d, rows[i * width + d] as number);
      expected.push(byOne.find());
    }
    const groups = new Int32Array(count);
    for (const [from, to] of [
      [0, 1],
      [1, 300],
      [300, 5000],
      [5000, count],
    ] as const) {
      const batch = new Int32Array(to - from);
      byMany.findMany(rows.subarray(from * width, to * width), to - from, batch);
      groups.set(batch, from);
    }
    expect([...groups]).toEqual(expected);
    expect(byMany.size).toBe(byOne.size);
    expect([...byMany.release().ids]).toEqual([...byOne.release().ids]);
  });

  it("leads with a dimension of nearly a value a group, finding groups that share its values", () => {
    // Dimension 1 has a value nearly every row (landing pages with query strings), so it leads
    // once the table has 4,096 groups; one row in five repeats an earlier value of it with
    // another value of dimension 0, a group of its own, and dimension 2 is one value until row
    // 9,000, then kept. Found many at once as one by one, and every group found again.
    const width = 3;
    const byOne = new GroupTable(width);
    const byMany = new GroupTable(width);
    byOne.useDictionaries([[], [], []]);
    byMany.useDictionaries([[], [], []]);
    const count = 30_000;
    const rows = new Int32Array(count * width);
    for (let i = 0; i < count; i++) {
      const shared = i % 5 === 4;
      rows[i * width] = shared ? 1 + (i % 3) : 0;
      rows[i * width + 1] = shared ? (i * 7919) % i : i;
      rows[i * width + 2] = i < 9000 ? 0 : i % 4;
    }
    const expected: number[] = [];
    for (let i = 0; i < count; i++) {
      for (let d = 0; d < width; d++) byOne.setId(d, rows[i * width + d] as number);
      expected.push(byOne.find());
    }
    const groups = new Int32Array(count);
    for (let from = 0; from < count; from += 256) {
      const to = Math.min(count, from + 256);
      const batch = new Int32Array(to - from);
      byMany.findMany(rows.subarray(from * width, to * width), to - from, batch);
      groups.set(batch, from);
    }
    expect([...groups]).toEqual(expected);
    // Every distinct row a group of its own, found again at the same index.
    const distinct = new Set<string>();
    for (let i = 0; i < count; i++) distinct.add(rows.subarray(i * width, (i + 1) * width).join());
    expect(byMany.size).toBe(distinct.size);
    const again = new Int32Array(count);
    byMany.findMany(rows, count, again);
    expect([...again]).toEqual(expected);
    expect(byMany.size).toBe(distinct.size);
    expect([...byMany.release().ids]).toEqual([...byOne.release().ids]);
  });

  it("takes dictionaries only before any row, one per dimension", () => {
    const table = new GroupTable(1);
    expect(() => table.useDictionaries([[], []])).toThrow(/one dictionary per dimension/);
    lookup(table, ["x"]);
    expect(() => table.useDictionaries([[]])).toThrow(/already has rows/);
  });
});

describe("the auditor's grouping", () => {
  it("keys on every dimension but date", () => {
    expect([...KEY_DIMENSIONS].sort()).toEqual(DIMENSIONS.filter((d) => d !== "date").sort());
  });
});

describe("shrunk", () => {
  it("keeps an array's first items in a buffer of just their size and lets the old one go", () => {
    const grown = doubled(Int32Array.from([1, 2, 3, 4]));
    grown.set([5, 6], 4);
    const kept = shrunk(grown, 5);
    expect([...kept]).toEqual([1, 2, 3, 4, 5]);
    expect(kept.buffer.byteLength).toBe(20);
    expect(grown.length).toBe(0);
    // A view into another array's buffer is copied, the other array left as it was.
    const whole = Int32Array.from([7, 8, 9]);
    expect([...shrunk(whole.subarray(1), 1)]).toEqual([8]);
    expect([...whole]).toEqual([7, 8, 9]);
  });
});

describe("GroupTable dimensions of one id", () => {
  it("keeps a dimension once a row differs in it, finding every earlier group again", () => {
    const table = new GroupTable(4);
    // Three dimensions of one value at first, then each in turn varies: the groups found before
    // are the same groups after.
    const rows: (string | undefined)[][] = [];
    for (let i = 0; i < 3000; i++) {
      rows.push([
        i < 1000 ? "google" : `s${i % 7}`,
        undefined,
        i < 2000 ? "cpc" : `m${i % 5}`,
        `/page-${i % 1500}`,
      ]);
    }
    const first = new Map<string, number>();
    for (const values of rows) {
      const key = JSON.stringify(values);
      const group = lookup(table, values);
      const seen = first.get(key);
      if (seen === undefined) {
        expect(group).toBe(first.size);
        first.set(key, group);
      } else expect(group).toBe(seen);
    }
    for (const values of rows)
      expect(lookup(table, values)).toBe(first.get(JSON.stringify(values)));
    const keys = table.release();
    // The absent dimension is never kept: its one id stands for every group.
    expect([...keys.kept]).toEqual([0, 2, 3]);
    expect(keys.constant[1]).toBe(0);
    expect(keys.ids).toHaveLength(3 * first.size);
    for (const [key, group] of first) {
      const values = JSON.parse(key) as (string | null)[];
      const at = group * 3;
      expect(keys.values[0]?.[keys.ids[at] as number]).toBe(values[0]);
      expect(keys.values[2]?.[keys.ids[at + 1] as number]).toBe(values[2]);
      expect(keys.values[3]?.[keys.ids[at + 2] as number]).toBe(values[3]);
    }
  });

  it("finds rows of many at once the same way when a batch makes it keep a dimension", () => {
    const table = new GroupTable(3);
    const dictionaries: (string | undefined)[][] = [[], [], []];
    table.useDictionaries(dictionaries);
    // A batch of rows whose second dimension differs only at its last row.
    const batch = Int32Array.from([0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 1, 0]);
    const groups = new Int32Array(4);
    table.findMany(batch, 4, groups);
    expect([...groups]).toEqual([0, 1, 2, 3]);
    table.findMany(Int32Array.from([0, 0, 2, 0, 1, 0, 0, 0, 0]), 3, groups);
    expect([...groups.subarray(0, 3)]).toEqual([2, 3, 0]);
    const keys = table.release();
    expect([...keys.kept]).toEqual([1, 2]);
    expect(keys.constant[0]).toBe(0);
  });
});

describe("growing a hash table", () => {
  it("doubles, or grows up to eight times towards the keys expected while nearly all are new", () => {
    // Keys repeat (fewer than three added for one found), or none expected: twice the slots.
    expect(grownSlots(4096, 2048, 2048, 683, 1_000_000)).toBe(8192);
    expect(grownSlots(4096, 2048, 2048, 0, 0)).toBe(8192);
    expect(grownSlots(4096, 2048, 2048, 0, 2048)).toBe(8192);
    // Nearly every key new: room for those expected at half full, at most eight times as much.
    expect(grownSlots(4096, 2048, 2048, 682, 1_000_000)).toBe(32_768);
    expect(grownSlots(4096, 2048, 2048, 0, 5000)).toBe(16_384);
    expect(grownSlots(4096, 2048, 2048, 0, 3000)).toBe(8192);
  });

  it("finds every group after growing in large steps, and grows so only while rows are new", () => {
    const fast = new GroupTable(2);
    fast.expect(100_000);
    const rooms: number[] = [];
    for (let i = 0; i < 60_000; i++) {
      expect(lookup(fast, [`s${i % 7}`, `p${i}`])).toBe(i);
      if (rooms.at(-1) !== fast.room) rooms.push(fast.room);
    }
    // 1,024 groups of room at first, then eight times as much each step.
    expect(rooms).toEqual([1024, 8192, 65_536]);
    for (let i = 59_999; i >= 0; i -= 13) expect(lookup(fast, [`s${i % 7}`, `p${i}`])).toBe(i);
    // Each row met four times before the next: the room only doubles.
    const slow = new GroupTable(2);
    slow.expect(100_000);
    const steps: number[] = [];
    for (let i = 0; i < 12_000; i++) {
      const group = Math.floor(i / 4);
      expect(lookup(slow, ["s", `p${group}`])).toBe(group);
      if (steps.at(-1) !== slow.room) steps.push(slow.room);
    }
    expect(steps).toEqual([1024, 2048, 4096]);
  });
});
