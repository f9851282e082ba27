import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Self-contained, HMAC-signed codes and tokens. Everything the stand-in needs to honour a token
 * travels inside it, so a restarted demo server still accepts refresh tokens it issued; only
 * revocations, forced expiries and spent codes live in memory (`state/grants.ts`).
 */

/** A point in the stand-in's issuing order: which process run, and how far into it. */
export interface Stamp {
  boot: string;
  seq: number;
}

/** Which consent a token descends from: one user, one client, one consent record. */
export interface GrantRef {
  sub: string;
  clientId: string;
  /** When the consent record was created; revocations cut off records made before them. */
  grant: Stamp;
  /** Whether the consent included offline access (tokeninfo's `access_type`). */
  offline: boolean;
}

export interface AccessTokenClaims extends GrantRef {
  scopes: string[];
  issued: Stamp;
  /** Milliseconds on the stand-in's clock. */
  issuedAt: number;
  expiresAt: number;
}

export interface RefreshTokenClaims extends GrantRef {
  scopes: string[];
  /**
   * Where it stands among the user's refresh tokens for the client (the limit in grants.ts).
   * Tokens from builds before the limit have none and count as the oldest.
   */
  issued?: Stamp;
}

export interface CodeClaims extends GrantRef {
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
  /** Marks the code spent once exchanged. */
  jti: string;
  issueRefreshToken: boolean;
  nonce?: string;
  pkce?: Pkce;
}

export interface Pkce {
  challenge: string;
  method: "S256" | "plain";
}

/** A validated authorization request, carried through the consent form unaltered. */
export interface ConsentRequestClaims {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  forceConsent: boolean;
  includeGrantedScopes: boolean;
  expiresAt: number;
  state?: string;
  nonce?: string;
  pkce?: Pkce;
  loginHint?: string;
}

interface ClaimsByKind {
  access: AccessTokenClaims;
  refresh: RefreshTokenClaims;
  code: CodeClaims;
  consent: ConsentRequestClaims;
}
export type TokenKind = keyof ClaimsByKind;

/** Google's look: `ya29.` access tokens, `1//` refresh tokens, `4/` codes (§1.3, §1.5). */
const PREFIXES: Readonly<Record<TokenKind, string>> = {
  access: "ya29.",
  refresh: "1//",
  code: "4/",
  consent: "",
};

/** Bumped when a claims shape changes, so tokens from an older build are refused, not misread. */
const FORMAT_VERSION = 1;

export interface TokenSigner {
  seal<K extends TokenKind>(kind: K, claims: ClaimsByKind[K]): string;
  open<K extends TokenKind>(kind: K, token: string): ClaimsByKind[K] | undefined;
}

export function createTokenSigner(secret: string): TokenSigner {
  const mac = (kind: TokenKind, body: string) =>
    createHmac("sha256", secret).update(`${kind}.${body}`).digest();

  return {
    seal(kind, claims) {
      const body = Buffer.from(JSON.stringify({ v: FORMAT_VERSION, k: kind, c: claims })).toString(
        "base64url",
      );
      return `${PREFIXES[kind]}${body}.${mac(kind, body).toString("base64url")}`;
    },

    open<K extends TokenKind>(kind: K, token: string) {
      const prefix = PREFIXES[kind];
      if (!token.startsWith(prefix)) return undefined;
      const rest = token.slice(prefix.length);
      const dot = rest.lastIndexOf(".");
      if (dot <= 0) return undefined;
      const body = rest.slice(0, dot);
      const given = Buffer.from(rest.slice(dot + 1), "base64url");
      const expected = mac(kind, body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const envelope: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      if (!isEnvelope(envelope) || envelope.v !== FORMAT_VERSION || envelope.k !== kind) {
        return undefined;
      }
      // Only seal() can produce a valid MAC, and it wrote this kind and version with exactly
      // this claims shape, so the payload is what the caller expects.
      return envelope.c as ClaimsByKind[K];
    },
  };
}

function isEnvelope(value: unknown): value is { v: unknown; k: unknown; c: unknown } {
  return (
    typeof value === "object" && value !== null && "v" in value && "k" in value && "c" in value
  );
}
