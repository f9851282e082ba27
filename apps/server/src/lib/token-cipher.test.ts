import { describe, expect, it } from "vitest";
import { createTokenCipher, TokenCipherError } from "./token-cipher.ts";

const OLD = { id: "2025-01", secret: "an-old-app-secret-of-at-least-32-characters" };
const NEW = { id: "2026-11", secret: "the-current-app-secret-of-at-least-32-chars" };
const TOKEN = "1//0gLxRefreshTokenExample-with_all.sorts~of/characters";

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof TokenCipherError) return error.code;
    throw error;
  }
  return undefined;
}

/** Replaces the first character of one dot-separated part with another base64url character. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split(".");
  const part = parts[index] ?? "";
  parts[index] = `${part[0] === "A" ? "B" : "A"}${part.slice(1)}`;
  return parts.join(".");
}

describe("token cipher", () => {
  it("opens what it sealed, and the sealed form names version and key", () => {
    const cipher = createTokenCipher({ current: NEW });
    const sealed = cipher.encrypt(TOKEN);
    expect(sealed).toMatch(/^v1\.2026-11\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain(TOKEN);
    expect(cipher.decrypt(sealed)).toBe(TOKEN);
    expect(cipher.decrypt(cipher.encrypt(""))).toBe("");
  });

  it("uses a fresh IV each time, so equal tokens seal differently", () => {
    const cipher = createTokenCipher({ current: NEW });
    const first = cipher.encrypt(TOKEN);
    const second = cipher.encrypt(TOKEN);
    expect(first).not.toBe(second);
    expect(first.split(".")[2]).not.toBe(second.split(".")[2]);
  });

  it.each([
    [0, "version", "TOKEN_MALFORMED"],
    [1, "key id", "TOKEN_UNKNOWN_KEY"],
    [2, "IV", "TOKEN_TAMPERED"],
    [3, "ciphertext", "TOKEN_TAMPERED"],
    [4, "tag", "TOKEN_TAMPERED"],
  ])("detects a change to part %i (%s)", (index, _name, code) => {
    const cipher = createTokenCipher({ current: NEW });
    const sealed = cipher.encrypt(TOKEN);
    expect(codeOf(() => cipher.decrypt(tamper(sealed, index)))).toBe(code);
  });

  it("refuses an edit to the spare bits of the tag's last character", () => {
    const cipher = createTokenCipher({ current: NEW });
    const sealed = cipher.encrypt(TOKEN);
    // 16 bytes take 22 characters, so the last one carries 4 bits Node's decoder ignores.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(sealed.at(-1) ?? "");
    const edited = `${sealed.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(edited.split(".")[4] ?? "", "base64url")).toEqual(
      Buffer.from(sealed.split(".")[4] ?? "", "base64url"),
    );
    expect(codeOf(() => cipher.decrypt(edited))).toBe("TOKEN_MALFORMED");
  });

  it("refuses a value sealed under one key id but relabelled with another known id", () => {
    const cipher = createTokenCipher({ current: NEW, previous: [OLD] });
    const relabelled = cipher.encrypt(TOKEN).replace(".2026-11.", ".2025-01.");
    expect(codeOf(() => cipher.decrypt(relabelled))).toBe("TOKEN_TAMPERED");
  });

  it("refuses values that are not sealed tokens, without echoing them", () => {
    const cipher = createTokenCipher({ current: NEW });
    for (const value of ["", TOKEN, "v1.2026-11", "v2.2026-11.a.b.c", "v1.2026-11.!!.b.c"]) {
      expect(codeOf(() => cipher.decrypt(value))).toBe("TOKEN_MALFORMED");
    }
    expect(() => cipher.decrypt(`v1.2026-11.${TOKEN}`)).toThrow(TokenCipherError);
    expect(() => cipher.decrypt(`v1.2026-11.${TOKEN}`)).not.toThrow(TOKEN);
  });

  it("rotates: old values open with the previous key, new values use the current one", () => {
    const before = createTokenCipher({ current: OLD });
    const sealedBefore = before.encrypt(TOKEN);

    const after = createTokenCipher({ current: NEW, previous: [OLD] });
    expect(after.decrypt(sealedBefore)).toBe(TOKEN);
    expect(after.needsReseal(sealedBefore)).toBe(true);
    const resealed = after.encrypt(after.decrypt(sealedBefore));
    expect(resealed.startsWith("v1.2026-11.")).toBe(true);
    expect(after.needsReseal(resealed)).toBe(false);

    const retired = createTokenCipher({ current: NEW });
    expect(codeOf(() => retired.decrypt(sealedBefore))).toBe("TOKEN_UNKNOWN_KEY");
  });

  it("fails with the wrong secret under the same key id", () => {
    const sealed = createTokenCipher({ current: NEW }).encrypt(TOKEN);
    const wrong = createTokenCipher({
      current: { id: NEW.id, secret: "some-other-secret-that-is-32-chars-long" },
    });
    expect(codeOf(() => wrong.decrypt(sealed))).toBe("TOKEN_TAMPERED");
  });

  it("refuses short secrets, bad key ids and duplicate ids", () => {
    expect(() => createTokenCipher({ current: { id: "k", secret: "short" } })).toThrow(/32/);
    expect(() => createTokenCipher({ current: { id: "a.b", secret: NEW.secret } })).toThrow(
      /not valid/,
    );
    expect(() => createTokenCipher({ current: NEW, previous: [NEW] })).toThrow(/twice/);
  });
});
