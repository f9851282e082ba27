import { describe, expect, it } from "vitest";
import { RowKeys } from "./row-keys.ts";

function viewOf(bytes: Buffer): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The parts of `texts` in `page`: each text's bounds where it is first found from `from`. */
function partsOf(page: Buffer, texts: string[], from = 0): Int32Array {
  const parts = new Int32Array(2 * texts.length);
  let at = from;
  texts.forEach((text, i) => {
    const start = text === "" ? 0 : page.indexOf(text, at);
    if (start < 0) throw new Error(`${text} is not in the page`);
    parts[2 * i] = start;
    parts[2 * i + 1] = start + Buffer.byteLength(text);
    if (text !== "") at = start + Buffer.byteLength(text);
  });
  return parts;
}

describe("RowKeys", () => {
  it("finds a key by its parts, even when every hash is the same", () => {
    const keys = new RowKeys();
    const page = Buffer.from(
      '[{"value":"google"},{"value":"cpc"}] google|cpc googlecpc goo|glecpc',
    );
    const view = viewOf(page);
    const first = partsOf(page, ["google", "cpc"]);
    expect(keys.find(view, first, 2, 7)).toBe(-1);
    const entry = keys.add(page, first, 2, 7);
    expect(keys.find(view, first, 2, 7)).toBe(entry);
    // The same parts elsewhere in the page.
    expect(keys.find(view, partsOf(page, ["google", "cpc"], 40), 2, 7)).toBe(entry);
    // The same bytes cut otherwise: another key.
    const joined = page.indexOf("googlecpc");
    const shifted = Int32Array.of(joined, joined + 3, joined + 3, joined + 9);
    expect(keys.find(view, shifted, 2, 7)).toBe(-1);
    expect(keys.add(page, shifted, 2, 7)).not.toBe(entry);
    // An empty part (a skipped value) is a part too.
    expect(keys.find(view, partsOf(page, ["", "cpc"]), 2, 7)).toBe(-1);
    expect(keys.find(view, partsOf(page, ["google"]), 1, 7)).toBe(-1);
    expect(keys.size).toBe(2);
  });

  it("keeps many keys, and keys longer than a block, across blocks and rehashes", () => {
    const keys = new RowKeys();
    const long = Buffer.alloc((1 << 22) + 10, "q");
    const whole = (bytes: Buffer) => Int32Array.of(0, bytes.length);
    const longEntry = keys.add(long, whole(long), 1, 1);
    const texts: Buffer[] = [];
    for (let i = 0; i < 50_000; i++) {
      const text = Buffer.from(`/landing/${i}?utm_source=${i % 7}&pad=${"x".repeat(i % 200)}`);
      texts.push(text);
      expect(keys.add(text, whole(text), 1, i % 1000)).toBe(i + 1);
    }
    for (let i = 0; i < texts.length; i += 97) {
      const text = texts[i] as Buffer;
      expect(keys.find(viewOf(text), whole(text), 1, i % 1000)).toBe(i + 1);
    }
    expect(keys.find(viewOf(long), whole(long), 1, 1)).toBe(longEntry);
    expect(keys.size).toBe(50_001);
  });
});
