import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Webhook signatures (ADR 010): `X-Utmost-Signature` is the lower-case hex HMAC-SHA256 of
 * `${timestamp}.${body}` keyed with the rule's signing secret (its UTF-8 bytes, prefix included),
 * and `X-Utmost-Timestamp` the Unix time in seconds when the attempt was signed. Each attempt is
 * signed anew, so a receiver may refuse timestamps older than a few minutes.
 */

const SECRET_PREFIX = "whsec_";

/** A new signing secret: 32 random bytes, base64url, with a recognisable prefix. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** What a receiver does; here for the tests and as a reference for the docs. */
export function verifyWebhook(input: {
  secret: string;
  timestamp: string;
  body: string;
  signature: string;
  /** The receiver's clock, in seconds. */
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(input.nowSeconds - timestamp) > (input.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(input.secret, timestamp, input.body), "hex");
  const given = Buffer.from(input.signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
