import { describe, expect, it } from "vitest";
import { Numbering } from "./numbering.ts";

describe("Numbering", () => {
  it("numbers values from 0 in the order they first come, undefined as a value of its own", () => {
    const numbering = new Numbering<string | undefined>();
    expect(["b", "a", "b", undefined, "", "a"].map((value) => numbering.numberOf(value))).toEqual([
      0, 1, 0, 2, 3, 1,
    ]);
    expect(numbering.values).toEqual(["b", "a", undefined, ""]);
  });
});
