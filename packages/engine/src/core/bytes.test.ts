import { describe, expect, it } from "vitest";
import { sameBytes } from "./bytes.ts";

describe("sameBytes", () => {
  it("tells bytes apart that differ in any one place, whatever their length and offsets", () => {
    const left = Buffer.alloc(80);
    const right = Buffer.alloc(80);
    const view = (bytes: Buffer) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let length = 0; length <= 40; length++) {
      for (const [a, b] of [
        [0, 0],
        [1, 3],
        [7, 2],
      ] as const) {
        for (let i = 0; i < length; i++) left[a + i] = right[b + i] = (i * 37 + length) & 0xff;
        expect(sameBytes(view(left), a, view(right), b, length)).toBe(true);
        for (let at = 0; at < length; at++) {
          right[b + at] = (right[b + at] as number) ^ 0x80;
          expect(sameBytes(view(left), a, view(right), b, length), `${length} ${at}`).toBe(false);
          right[b + at] = (right[b + at] as number) ^ 0x80;
        }
      }
    }
  });
});
