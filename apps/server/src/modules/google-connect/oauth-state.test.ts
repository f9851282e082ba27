import { describe, expect, it } from "vitest";
import { createAppTokenCipher } from "../../lib/token-cipher.ts";
import {
  newOAuthState,
  OAUTH_STATE_TTL_MS,
  openOAuthState,
  sealOAuthState,
} from "./oauth-state.ts";

const cipher = createAppTokenCipher({
  appSecret: "a-test-secret-that-is-long-enough-0123456789",
  previousAppSecrets: [],
});
const NOW = new Date("2026-11-20T10:00:00Z");

function state(overrides: { dataSourceId?: string } = {}) {
  return newOAuthState({
    userId: "user-1",
    workspaceId: "7d0b6a52-4a57-4bd4-9f1e-0b7f2c1f6d10",
    codeVerifier: "v".repeat(86),
    now: NOW,
    ...overrides,
  });
}

describe("OAuth state", () => {
  it("opens what it sealed, until it expires", () => {
    const original = state({ dataSourceId: "0b8e3c5e-39e5-4b5c-a3c9-5c8c2a6f9d41" });
    const sealed = sealOAuthState(cipher, original);
    expect(openOAuthState(cipher, sealed, NOW)).toEqual({ ok: true, state: original });
    const justBefore = new Date(NOW.getTime() + OAUTH_STATE_TTL_MS - 1);
    expect(openOAuthState(cipher, sealed, justBefore).ok).toBe(true);
    const atExpiry = new Date(NOW.getTime() + OAUTH_STATE_TTL_MS);
    expect(openOAuthState(cipher, sealed, atExpiry)).toEqual({ ok: false, reason: "expired" });
  });

  it("gives each state its own nonce and keeps the verifier unreadable", () => {
    const first = state();
    const second = state();
    expect(first.nonce).not.toBe(second.nonce);
    const sealed = sealOAuthState(cipher, first);
    expect(sealed).not.toContain(first.codeVerifier);
    expect(sealed).not.toContain("user-1");
    // Safe in a query string as it is.
    expect(sealed).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  it("refuses a state changed in any character, missing, or sealed by another secret", () => {
    const sealed = sealOAuthState(cipher, state());
    for (const index of [0, 5, Math.floor(sealed.length / 2), sealed.length - 1]) {
      const char = sealed[index] === "A" ? "B" : "A";
      const changed = `${sealed.slice(0, index)}${char}${sealed.slice(index + 1)}`;
      expect(openOAuthState(cipher, changed, NOW)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(openOAuthState(cipher, undefined, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(openOAuthState(cipher, "not-a-state", NOW)).toEqual({ ok: false, reason: "invalid" });
    const other = createAppTokenCipher({
      appSecret: "another-secret-that-is-long-enough-987654321",
      previousAppSecrets: [],
    });
    expect(openOAuthState(other, sealed, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a sealed value that is not a state", () => {
    const sealed = cipher.encrypt(JSON.stringify({ nonce: "x", userId: "user-1" }));
    expect(openOAuthState(cipher, sealed, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(openOAuthState(cipher, cipher.encrypt("not json"), NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});
