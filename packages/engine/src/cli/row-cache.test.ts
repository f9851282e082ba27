import { describe, expect, it } from "vitest";
import { viewOf } from "./column-dictionaries.ts";
import { RowCache } from "./row-cache.ts";

/** `keys` written one after another, with each one's bounds. */
function laidOut(keys: readonly string[]) {
  const bytes = Buffer.from(keys.join(""));
  const starts = new Int32Array(keys.length);
  const ends = new Int32Array(keys.length);
  let at = 0;
  keys.forEach((key, i) => {
    starts[i] = at;
    at += Buffer.byteLength(key);
    ends[i] = at;
  });
  return { bytes, view: viewOf(bytes), starts, ends };
}

describe("RowCache", () => {
  it("finds a row remembered before by its bytes, wherever they lie", () => {
    const cache = new RowCache();
    const first = laidOut(["google,cpc", "bing,cpc", "google,cpc"]);
    const groups = new Int32Array(5);
    expect(cache.findMany(first.view, first.starts, first.ends, 3, groups)).toBe(0);
    expect([...groups.subarray(0, 3)]).toEqual([-1, -1, -1]);
    cache.remember(0, first.bytes, first.view, 0, 10, 7);
    cache.remember(1, first.bytes, first.view, 10, 18, 8);
    // The same bytes again in the same batch: the first group stays.
    cache.remember(2, first.bytes, first.view, 18, 28, 9);
    expect(cache.size).toBe(2);

    const later = laidOut(["x", "bing,cpc", "google,cpc", "google,cp", "oogle,cpc"]);
    later.starts[0] = -1;
    expect(cache.findMany(later.view, later.starts, later.ends, 5, groups)).toBe(2);
    expect([...groups]).toEqual([-1, 8, 7, -1, -1]);
  });

  it("turns off once warm when few rows repeat, and stays on when many do", () => {
    const batch = 1024;
    const groups = new Int32Array(batch);
    const run = (repeats: boolean) => {
      const cache = new RowCache();
      for (let b = 0; b < 64 && cache.on; b++) {
        const keys = Array.from({ length: batch }, (_, i) =>
          repeats ? `row-${i % 300}` : `row-${b}-${i}`,
        );
        const { bytes, view, starts, ends } = laidOut(keys);
        cache.findMany(view, starts, ends, batch, groups);
        for (let i = 0; i < batch; i++) {
          if ((groups[i] as number) < 0) {
            cache.remember(i, bytes, view, starts[i] as number, ends[i] as number, i);
          }
        }
      }
      return cache;
    };
    const repeating = run(true);
    expect(repeating.on).toBe(true);
    expect(repeating.size).toBe(300);
    const unique = run(false);
    expect(unique.on).toBe(false);
    // Warm after 48 batches of 1,024 rows; turned off at the window that ends there.
    expect(unique.size).toBe(0);
    expect(() => unique.findMany(viewOf(Buffer.alloc(0)), groups, groups, 0, groups)).toThrow(
      /off/,
    );
  });
});
