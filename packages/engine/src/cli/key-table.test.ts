import { describe, expect, it } from "vitest";
import { viewOf } from "./column-dictionaries.ts";
import { KeyTable } from "./key-table.ts";

describe("KeyTable", () => {
  it("tells keys of one hash apart by their texts once it no longer keeps their bytes", () => {
    const texts: string[] = [];
    const table = new KeyTable(texts);
    const add = (text: string, hash: number) => {
      const bytes = Buffer.from(text, "latin1");
      texts.push(text);
      return table.add(bytes, 0, bytes.length, hash, undefined, true);
    };
    const find = (text: string, hash: number) => {
      const bytes = Buffer.from(`,${text},`, "latin1");
      return table.find(viewOf(bytes), 1, bytes.length - 1, hash);
    };
    // The first 65,536 keys keep their bytes; the rest are compared with their texts.
    for (let i = 0; i < 65_536; i++) add(`k${i}`, i);
    // Every key from here on has hash 7: found only by comparing it whole, first byte to last.
    const late = ["/a?x=1", "/a?x=2", "/b?x=1", "/a?x=10", "Za?x=1"];
    for (const text of late) add(text, 7);
    late.forEach((text, i) => {
      expect(find(text, 7)).toBe(65_536 + i);
    });
    expect(find("/a?x=3", 7)).toBe(-1);
    expect(find("/a?x=", 7)).toBe(-1);
    expect(find("k7", 7)).toBe(7);
    // Found in passes over many keys at once, as the reader looks them up: a key in its hash's
    // own slot is found there, compared by its text; any other is left to `find` (-1).
    add("/q?x=1", 999_999);
    const keys = ["/q?x=1", "/q?x=2", "Zq?x=1", "/a?x=2", "k7"];
    const bytes = Buffer.from(keys.join(""), "latin1");
    const starts = new Int32Array(keys.length);
    const ends = new Int32Array(keys.length);
    let at = 0;
    keys.forEach((key, i) => {
      starts[i] = at;
      at += key.length;
      ends[i] = at;
    });
    const numbers = new Int32Array(keys.length);
    const hashes = Int32Array.of(999_999, 999_999, 999_999, 7, 7);
    table.ownSlotNumbers(viewOf(bytes), starts, ends, 0, keys.length, hashes, numbers);
    expect([...numbers]).toEqual([65_541, -1, -1, -1, 7]);
  });

  it("adds a key where its lookup ended, growing first when it must, and finds every one", () => {
    const table = new KeyTable();
    const keys = Array.from({ length: 5000 }, (_, i) => `key-${i}`);
    const hashOf = (i: number) => (i % 97) * 31;
    for (const [i, key] of keys.entries()) {
      const bytes = Buffer.from(key);
      const found = table.lookup(viewOf(bytes), 0, bytes.length, hashOf(i));
      expect(found).toBeLessThan(0);
      expect(table.add(bytes, 0, bytes.length, hashOf(i), undefined, false, ~found)).toBe(i);
      // Found again at once under its number.
      expect(table.lookup(viewOf(bytes), 0, bytes.length, hashOf(i))).toBe(i);
    }
    for (const [i, key] of keys.entries()) {
      const bytes = Buffer.from(`..${key}`);
      expect(table.find(viewOf(bytes), 2, bytes.length, hashOf(i))).toBe(i);
    }
    expect(table.size).toBe(keys.length);
  });
});
