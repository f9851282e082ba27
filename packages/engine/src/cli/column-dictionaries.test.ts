import { describe, expect, it } from "vitest";
import { KEY_DIMENSIONS } from "../core/auditor.ts";
import { ColumnDictionaries, isAscii, viewOf } from "./column-dictionaries.ts";

const SOURCE = KEY_DIMENSIONS.indexOf("sessionSource");
const MEDIUM = KEY_DIMENSIONS.indexOf("sessionMedium");

/** A value's number found from its UTF-8 bytes, as the CSV reader finds it. */
function idOfBytes(dictionaries: ColumnDictionaries, d: number, text: string): number {
  const bytes = Buffer.from(`,,${text},`, "utf8");
  return dictionaries.idOf(d, bytes, viewOf(bytes), 2, bytes.length - 1);
}

describe("ColumnDictionaries", () => {
  it("finds a value of a large column by its text once its bytes are no longer kept", () => {
    const dictionaries = new ColumnDictionaries();
    const LANDING = KEY_DIMENSIONS.indexOf("landingPagePlusQueryString");
    // Past the first 65,536 values an ASCII value is kept as its text only; values beyond ASCII
    // keep their bytes throughout. Every value is found again under its first number, and a value
    // differing only in its last byte, or in length, is another.
    const texts = Array.from({ length: 70_000 }, (_, i) =>
      i % 1000 === 999 ? `/café-${i}?utm_source=é` : `/page-${i}?gclid=${i * 7}`,
    );
    // About as many rows to come as values: the table grows in large steps, finding all.
    dictionaries.expect(80_000);
    const ids = texts.map((text) => idOfBytes(dictionaries, LANDING, text));
    expect(ids).toEqual(texts.map((_, i) => i));
    for (let i = texts.length - 1; i >= 0; i -= 3) {
      expect(idOfBytes(dictionaries, LANDING, texts[i] as string)).toBe(i);
    }
    expect(idOfBytes(dictionaries, LANDING, "/page-69998?gclid=489987")).toBe(70_000);
    expect(idOfBytes(dictionaries, LANDING, "/page-69998?gclid=48998")).toBe(70_001);
    expect(idOfBytes(dictionaries, LANDING, "/page-69998?gclid=4899")).toBe(70_002);
    expect(dictionaries.values[LANDING]?.slice(69_998, 70_003)).toEqual([
      "/page-69998?gclid=489986",
      "/café-69999?utm_source=é",
      "/page-69998?gclid=489987",
      "/page-69998?gclid=48998",
      "/page-69998?gclid=4899",
    ]);
  });

  it("numbers many values at once as it numbers them one by one, skipping those numbered", () => {
    const text = Array.from({ length: 3000 }, (_, i) =>
      i % 5 === 0 ? `new-${i}` : `/page-${(i * 17) % 400}?utm_source=x`,
    );
    const one = new ColumnDictionaries();
    const expected = text.map((value) => idOfBytes(one, MEDIUM, value));
    const many = new ColumnDictionaries();
    const bytes = Buffer.from(text.join(""), "utf8");
    const starts = new Int32Array(text.length);
    const ends = new Int32Array(text.length);
    let at = 0;
    text.forEach((value, i) => {
      starts[i] = at;
      at += Buffer.byteLength(value);
      ends[i] = at;
    });
    const width = KEY_DIMENSIONS.length;
    const ids = new Int32Array(text.length * width).fill(-7);
    // One value left out as numbered already (its start -1; the page came before): its id stays.
    const skipped = 1234;
    const from = starts[skipped] as number;
    starts[skipped] = -1;
    for (let start = 0; start < text.length; start += 1000) {
      many.idsOfMany(
        MEDIUM,
        bytes,
        viewOf(bytes),
        starts,
        ends,
        start,
        1000,
        ids.subarray(start * width),
        width,
      );
    }
    expect(ids[skipped * width + MEDIUM]).toBe(-7);
    starts[skipped] = from;
    const got = text.map((_, i) => ids[i * width + MEDIUM]);
    got[skipped] = expected[skipped];
    expect(got).toEqual(expected);
    // The value left out came before: the values are the same, in the same order.
    expect(many.values[MEDIUM]).toEqual(one.values[MEDIUM]);
  });

  it("tells apart values of one quick slot: same length, same first, middle and last words", () => {
    const dictionaries = new ColumnDictionaries();
    // Sixteen bytes each, alike in bytes 0-3, 6-9 and 12-15: every one in the same quick slot,
    // the short ones too (two-byte values that share their quick slot by chance or not).
    const texts = [
      ...Array.from(
        { length: 40 },
        (_, i) =>
          `${`abcd${String.fromCharCode(65 + (i % 26))}${i % 2}mmmm${i}`.padEnd(12, "_")}wxyz`,
      ),
      "a",
      "ab",
      "ba",
      "",
    ];
    const rows = texts.length * 20;
    const starts = new Int32Array(rows);
    const ends = new Int32Array(rows);
    let line = "";
    const order: number[] = [];
    for (let r = 0; r < rows; r++) {
      const k = (r * 7919) % texts.length;
      order.push(k);
      starts[r] = Buffer.byteLength(line);
      line += texts[k];
      ends[r] = Buffer.byteLength(line);
      line += ",";
    }
    const bytes = Buffer.from(line);
    const width = KEY_DIMENSIONS.length;
    const ids = new Int32Array(rows * width);
    dictionaries.idsOfMany(SOURCE, bytes, viewOf(bytes), starts, ends, 0, rows, ids, width);
    const numberOf = new Map<string, number>();
    for (let r = 0; r < rows; r++) {
      const text = texts[order[r] as number] as string;
      const id = ids[r * width + SOURCE] as number;
      if (!numberOf.has(text)) numberOf.set(text, id);
      expect(id, text).toBe(numberOf.get(text));
      expect(dictionaries.values[SOURCE]?.[id]).toBe(text);
    }
    expect(numberOf.size).toBe(texts.length);
  });

  it("numbers each dimension's values from 0 in the order they first come", () => {
    const dictionaries = new ColumnDictionaries();
    expect(idOfBytes(dictionaries, SOURCE, "google")).toBe(0);
    expect(idOfBytes(dictionaries, SOURCE, "bing")).toBe(1);
    expect(idOfBytes(dictionaries, SOURCE, "google")).toBe(0);
    expect(idOfBytes(dictionaries, MEDIUM, "google")).toBe(0);
    expect(idOfBytes(dictionaries, SOURCE, "")).toBe(2);
    expect(dictionaries.absentId(SOURCE)).toBe(3);
    expect(dictionaries.absentId(SOURCE)).toBe(3);
    expect(dictionaries.values[SOURCE]).toEqual(["google", "bing", "", undefined]);
  });

  it("decodes a value from UTF-8 once, and finds it again by its bytes", () => {
    const dictionaries = new ColumnDictionaries();
    expect(idOfBytes(dictionaries, SOURCE, "café-Ω")).toBe(0);
    expect(idOfBytes(dictionaries, SOURCE, "cafe-Ω")).toBe(1);
    expect(idOfBytes(dictionaries, SOURCE, "café-Ω")).toBe(0);
    expect(dictionaries.values[SOURCE]).toEqual(["café-Ω", "cafe-Ω"]);
  });

  it("gives a row of strings the numbers its values have in the files, and a new one the next", () => {
    const dictionaries = new ColumnDictionaries();
    idOfBytes(dictionaries, SOURCE, "google");
    idOfBytes(dictionaries, SOURCE, "café");
    const ids = dictionaries.idsOf({ sessionSource: "café", sessionMedium: "cpc" });
    expect(ids[SOURCE]).toBe(1);
    expect(ids[MEDIUM]).toBe(0);
    expect(ids[KEY_DIMENSIONS.indexOf("pageReferrer")]).toBe(0);
    expect(dictionaries.values[KEY_DIMENSIONS.indexOf("pageReferrer")]).toEqual([undefined]);
    expect(dictionaries.idsOf({ sessionSource: "newsletter" })[SOURCE]).toBe(2);
    expect(idOfBytes(dictionaries, SOURCE, "newsletter")).toBe(2);
  });

  it("finds long values and values that differ only in their last bytes", () => {
    const dictionaries = new ColumnDictionaries();
    const long = `/products/item-1?utm_source=news&utm_campaign=${"x".repeat(300)}`;
    const values = [long, `${long}1`, `${long.slice(0, -1)}y`, "abcd", "abce", "abc", "a"];
    values.forEach((value, id) => {
      expect(idOfBytes(dictionaries, MEDIUM, value)).toBe(id);
    });
    values.forEach((value, id) => {
      expect(idOfBytes(dictionaries, MEDIUM, value)).toBe(id);
    });
    // Enough values that the table grows, keeping every one.
    for (let n = 0; n < 5000; n++) idOfBytes(dictionaries, SOURCE, `source-${n}`);
    for (let n = 4999; n >= 0; n -= 7)
      expect(idOfBytes(dictionaries, SOURCE, `source-${n}`)).toBe(n);
    expect(dictionaries.values[MEDIUM]).toEqual(values);
    expect(dictionaries.values[SOURCE]?.[4321]).toBe("source-4321");
  });

  it("keeps its values and finds nothing once released", () => {
    const dictionaries = new ColumnDictionaries();
    idOfBytes(dictionaries, SOURCE, "google");
    dictionaries.release();
    expect(dictionaries.values[SOURCE]).toEqual(["google"]);
    expect(() => idOfBytes(dictionaries, SOURCE, "google")).toThrow(/released/);
  });

  it("keeps a string with a lone surrogate apart from the replacement character's bytes", () => {
    const dictionaries = new ColumnDictionaries();
    expect(dictionaries.idsOf({ sessionSource: "a\ud800" })[SOURCE]).toBe(0);
    expect(idOfBytes(dictionaries, SOURCE, "a\ufffd")).toBe(1);
    expect(dictionaries.idsOf({ sessionSource: "a\ud800" })[SOURCE]).toBe(0);
    expect(dictionaries.values[SOURCE]).toEqual(["a\ud800", "a\ufffd"]);
  });
});

describe("isAscii", () => {
  it("tells ASCII bytes from any with the high bit, wherever it lies", () => {
    const bytes = Buffer.from("utm_source=café&x=1", "utf8");
    const view = viewOf(bytes);
    const e = bytes.indexOf(0xc3);
    expect(isAscii(view, 0, e)).toBe(true);
    expect(isAscii(view, 0, bytes.length)).toBe(false);
    // The non-ASCII byte in a word read whole, and in the tail read byte by byte.
    expect(isAscii(view, e - 3, e + 1)).toBe(false);
    expect(isAscii(view, e - 1, e + 1)).toBe(false);
    expect(isAscii(view, e + 2, bytes.length)).toBe(true);
    expect(isAscii(view, 3, 3)).toBe(true);
  });
});
