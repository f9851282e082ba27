import { createHash, generateKeyPair, type KeyObject, sign } from "node:crypto";
import { promisify } from "node:util";

/**
 * The RS256 key that signs id_tokens, published as a JWKS at `/oauth2/v3/certs` (§1.10). One
 * key per process: id_tokens are checked once, at sign-in, so a new key after a restart breaks
 * nothing a client keeps.
 */

export interface PublicJwk {
  kty: string;
  n: string;
  e: string;
  alg: "RS256";
  use: "sig";
  kid: string;
}

export interface SigningKey {
  privateKey: KeyObject;
  jwk: PublicJwk;
}

let processKey: Promise<SigningKey> | undefined;

export function signingKey(): Promise<SigningKey> {
  processKey ??= createSigningKey();
  return processKey;
}

async function createSigningKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await promisify(generateKeyPair)("rsa", {
    modulusLength: 2048,
  });
  const exported = publicKey.export({ format: "jwk" });
  const n = exported.n ?? "";
  const e = exported.e ?? "";
  // Google's kids are 40 hex digits; a digest of the modulus keeps it stable for the key.
  const kid = createHash("sha1").update(n).digest("hex");
  return { privateKey, jwk: { kty: "RSA", n, e, alg: "RS256", use: "sig", kid } };
}

export function signJwt(key: SigningKey, claims: Record<string, unknown>): string {
  const header = { alg: "RS256", kid: key.jwk.kid, typ: "JWT" };
  const input = `${base64urlJson(header)}.${base64urlJson(claims)}`;
  const signature = sign("sha256", Buffer.from(input), key.privateKey).toString("base64url");
  return `${input}.${signature}`;
}

/** OpenID Connect Core §3.1.3.6: the left half of SHA-256 of the access token, base64url. */
export function accessTokenHash(accessToken: string): string {
  return createHash("sha256").update(accessToken).digest().subarray(0, 16).toString("base64url");
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}
