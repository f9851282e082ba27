import { describe, expect, it } from "vitest";
import { LruCache } from "./report-cache.ts";

describe("LruCache", () => {
  const owner = {};

  it("evicts the least recently used entry past its entry limit", () => {
    const cache = new LruCache<string>(2, 100);
    cache.set("a", owner, "A", 1);
    cache.set("b", owner, "B", 1);
    expect(cache.get("a", owner)).toBe("A");
    cache.set("c", owner, "C", 1);
    expect(cache.get("b", owner)).toBeUndefined();
    expect(cache.get("a", owner)).toBe("A");
    expect(cache.get("c", owner)).toBe("C");
  });

  it("evicts until the total weight fits, and keeps nothing heavier than the budget", () => {
    const cache = new LruCache<string>(10, 10);
    cache.set("a", owner, "A", 6);
    cache.set("b", owner, "B", 6);
    expect(cache.get("a", owner)).toBeUndefined();
    expect(cache.get("b", owner)).toBe("B");
    cache.set("huge", owner, "H", 11);
    expect(cache.get("huge", owner)).toBeUndefined();
    expect(cache.get("b", owner)).toBe("B");
  });

  it("replaces an entry stored again under the same key", () => {
    const cache = new LruCache<string>(2, 10);
    cache.set("a", owner, "A", 5);
    cache.set("a", owner, "A2", 5);
    cache.set("b", owner, "B", 5);
    expect(cache.get("a", owner)).toBe("A2");
    expect(cache.get("b", owner)).toBe("B");
  });

  it("answers only the owner the value was stored for", () => {
    const cache = new LruCache<string>(2, 10);
    cache.set("a", owner, "A", 1);
    expect(cache.get("a", {})).toBeUndefined();
  });
});
