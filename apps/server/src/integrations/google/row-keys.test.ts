import { describe, expect, it } from "vitest";
import { RowKeys } from "./row-keys.ts";

function viewOf(bytes: Buffer): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

describe("RowKeys", () => {
  it("finds a key by its bytes, a stretch left out, even when every hash is the same", () => {
    const keys = new RowKeys();
    const page = Buffer.from("xx[abcdefgh|DATE|ijk]yy[abcdefgh|OTHER|ijk]zz[abcdefgh|DATE|ijl]");
    const at = (text: string, from = 0) => page.indexOf(text, from);
    const first = at("[abcdefgh|");
    const second = at("[abcdefgh|", first + 1);
    const third = at("[abcdefgh|", second + 1);
    const key = (start: number, skipped: string) => {
      const cut = start + "[abcdefgh|".length;
      return [start, cut, cut + skipped.length, page.indexOf("]", start) + 1] as const;
    };
    const a = key(first, "DATE");
    expect(keys.find(viewOf(page), ...a, 7)).toBe(-1);
    const entry = keys.add(page, ...a, 7);
    expect(keys.find(viewOf(page), ...key(second, "OTHER"), 7)).toBe(entry);
    // Same hash, one byte apart: another key.
    expect(keys.find(viewOf(page), ...key(third, "DATE"), 7)).toBe(-1);
    const other = keys.add(page, ...key(third, "DATE"), 7);
    expect(other).not.toBe(entry);
    expect(keys.find(viewOf(page), ...a, 7)).toBe(entry);
    expect(keys.size).toBe(2);
  });

  it("keeps many keys, and keys longer than a block, across blocks and rehashes", () => {
    const keys = new RowKeys();
    const long = Buffer.alloc((1 << 22) + 10, "q");
    const longEntry = keys.add(long, 0, long.length, long.length, long.length, 1);
    const texts: Buffer[] = [];
    for (let i = 0; i < 50_000; i++) {
      const text = Buffer.from(`/landing/${i}?utm_source=${i % 7}&pad=${"x".repeat(i % 200)}`);
      texts.push(text);
      expect(keys.add(text, 0, text.length, text.length, text.length, i % 1000)).toBe(i + 1);
    }
    for (let i = 0; i < texts.length; i += 97) {
      const text = texts[i] as Buffer;
      expect(keys.find(viewOf(text), 0, text.length, text.length, text.length, i % 1000)).toBe(
        i + 1,
      );
    }
    expect(keys.find(viewOf(long), 0, long.length, long.length, long.length, 1)).toBe(longEntry);
    expect(keys.size).toBe(50_001);
  });
});
