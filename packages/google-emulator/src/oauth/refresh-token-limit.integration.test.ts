import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startGoogleEmulator } from "../server.ts";
import { REFRESH_TOKENS_PER_CLIENT } from "../state/grants.ts";
import { refreshAccess, signIn } from "../testing/oauth-flow.ts";

/**
 * Google (https://developers.google.com/identity/protocols/oauth2#expiration): "There is
 * currently a limit of 100 refresh tokens per Google Account per OAuth 2.0 client ID. If the
 * limit is reached, creating a new refresh token automatically invalidates the oldest refresh
 * token without warning."
 */

const SAM = "sam.lee@gmail.com";
const EXPIRED = {
  status: 400,
  body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
};

describe("refresh-token limit", () => {
  let emulator: RunningEmulator;
  let base: string;

  beforeAll(async () => {
    emulator = await startGoogleEmulator();
    base = emulator.url;
  });
  afterAll(() => emulator.close());

  async function newRefreshToken(email: string): Promise<string> {
    const { tokens } = await signIn(base, { email, prompt: "consent" });
    expect(tokens.refresh_token).toBeDefined();
    return tokens.refresh_token ?? "";
  }

  it('"If the limit is reached, creating a new refresh token automatically invalidates the oldest refresh token without warning."', async () => {
    expect(REFRESH_TOKENS_PER_CLIENT).toBe(100);
    const issued: string[] = [];
    for (let i = 0; i < 100; i++) issued.push(await newRefreshToken(SAM));
    // "100 refresh tokens per Google Account": another user's tokens do not count.
    const alex = await newRefreshToken("alex.morgan@gmail.com");
    for (const token of issued) expect((await refreshAccess(base, token)).status).toBe(200);

    const newest = await newRefreshToken(SAM);
    expect(await refreshAccess(base, issued[0] ?? "")).toEqual(EXPIRED);
    for (const token of [...issued.slice(1), newest, alex]) {
      expect((await refreshAccess(base, token)).status).toBe(200);
    }
    await newRefreshToken(SAM);
    expect(await refreshAccess(base, issued[1] ?? "")).toEqual(EXPIRED);
    expect((await refreshAccess(base, issued[2] ?? "")).status).toBe(200);
  });

  it("starts counting again after the user revokes the app", async () => {
    const kept = await newRefreshToken(SAM);
    emulator.faults.revokeGrants({ email: SAM });
    expect(await refreshAccess(base, kept)).toEqual(EXPIRED);
    const fresh: string[] = [];
    for (let i = 0; i < 100; i++) fresh.push(await newRefreshToken(SAM));
    for (const token of fresh) expect((await refreshAccess(base, token)).status).toBe(200);
  });
});
