import { describe, expect, it } from "vitest";
import { BACKUP_CODE_ALPHABET, generateBackupCodes } from "./backup-codes.ts";

describe("generateBackupCodes", () => {
  it("has 32 symbols, none of them a look-alike", () => {
    expect(new Set(BACKUP_CODE_ALPHABET).size).toBe(32);
    for (const confusable of ["0", "O", "o", "1", "l", "I"]) {
      expect(BACKUP_CODE_ALPHABET).not.toContain(confusable);
    }
  });

  it("makes ten distinct codes of two groups of five from that alphabet", () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(
        /^[abcdefghijkmnpqrstuvwxyz23456789]{5}-[abcdefghijkmnpqrstuvwxyz23456789]{5}$/,
      );
    }
  });

  it("uses the whole alphabet over many codes", () => {
    const seen = new Set(
      Array.from({ length: 40 }, () => generateBackupCodes().join("").replaceAll("-", "")).join(""),
    );
    expect(seen.size).toBe(32);
  });
});
