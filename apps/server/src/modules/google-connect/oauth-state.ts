import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { TokenCipher } from "../../lib/token-cipher.ts";

/**
 * The `state` of a connect consent (ADR 007): everything the callback needs, sealed with the
 * token cipher so the browser carries it without being able to read or change it. The PKCE
 * verifier rides inside, so no server-side row exists until the callback comes back; the nonce
 * makes each state good for one callback (`oauth_states`).
 */

/** Long enough for a slow consent screen, short enough that a leaked URL soon goes stale. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

const OAuthStateSchema = z.object({
  nonce: z.string().min(16),
  userId: z.string().min(1),
  workspaceId: z.uuid(),
  dataSourceId: z.uuid().optional(),
  codeVerifier: z.string().min(43).max(128),
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
});
export type OAuthState = z.infer<typeof OAuthStateSchema>;

export type OpenedOAuthState =
  | { ok: true; state: OAuthState }
  | { ok: false; reason: "invalid" | "expired" };

export function newOAuthState(input: {
  userId: string;
  workspaceId: string;
  dataSourceId?: string;
  codeVerifier: string;
  now: Date;
}): OAuthState {
  return {
    nonce: randomBytes(24).toString("base64url"),
    userId: input.userId,
    workspaceId: input.workspaceId,
    ...(input.dataSourceId ? { dataSourceId: input.dataSourceId } : {}),
    codeVerifier: input.codeVerifier,
    expiresAt: input.now.getTime() + OAUTH_STATE_TTL_MS,
  };
}

export function sealOAuthState(cipher: TokenCipher, state: OAuthState): string {
  return cipher.encrypt(JSON.stringify(state));
}

/** Anything altered, sealed under an unknown key, or not a state at all is "invalid". */
export function openOAuthState(
  cipher: TokenCipher,
  sealed: string | undefined,
  now: Date,
): OpenedOAuthState {
  if (!sealed) return { ok: false, reason: "invalid" };
  let json: unknown;
  try {
    json = JSON.parse(cipher.decrypt(sealed));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const parsed = OAuthStateSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  if (parsed.data.expiresAt <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, state: parsed.data };
}
