import { describe, expect, it } from "vitest";
import { KEY_DIMENSIONS } from "../core/auditor.ts";
import { ColumnDictionaries, HASH_PRIME, HASH_SEED } from "./column-dictionaries.ts";

const SOURCE = KEY_DIMENSIONS.indexOf("sessionSource");
const MEDIUM = KEY_DIMENSIONS.indexOf("sessionMedium");

/** A value's number found from its UTF-8 bytes, as the CSV reader finds it. */
function idOfBytes(dictionaries: ColumnDictionaries, d: number, text: string): number {
  const bytes = Buffer.from(`,,${text},`, "utf8");
  const end = bytes.length - 1;
  let hash = HASH_SEED;
  for (let at = 2; at < end; at++) hash = Math.imul(hash ^ (bytes[at] as number), HASH_PRIME);
  return dictionaries.idOf(d, bytes, 2, end, hash);
}

describe("ColumnDictionaries", () => {
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
