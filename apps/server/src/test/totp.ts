import { createHmac } from "node:crypto";

/**
 * An authenticator app in a few lines, for tests: TOTP (RFC 6238) with HMAC-SHA1, 30-second
 * steps and 6 digits, the defaults Better Auth's two-factor plugin and the apps use.
 */

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const PERIOD_SECONDS = 30;
const DIGITS = 6;

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index === -1) throw new Error(`Not a base32 character: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 §5.3: the HMAC of the counter, dynamically truncated to `DIGITS` digits. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac("sha1", key).update(message).digest();
  const offset = (hmac.at(-1) ?? 0) & 0x0f;
  const code = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(code % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The base32 secret of an otpauth:// URI (what the QR code carries). */
export function totpSecretFromUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`No secret in ${uri}`);
  return secret;
}

/** The code an authenticator app shows for `base32Secret` at `now`. */
export function totpCode(base32Secret: string, now: Date = new Date()): string {
  return hotp(base32Decode(base32Secret), Math.floor(now.getTime() / 1000 / PERIOD_SECONDS));
}

/** A well-formed code that no clock drift the server accepts (one step either way) can match. */
export function wrongTotpCode(base32Secret: string, now: Date = new Date()): string {
  const step = PERIOD_SECONDS * 1000;
  const near = new Set(
    [-2, -1, 0, 1, 2].map((i) => totpCode(base32Secret, new Date(now.getTime() + i * step))),
  );
  for (let n = 0; ; n++) {
    const candidate = String((n * 111_111) % 10 ** DIGITS).padStart(DIGITS, "0");
    if (!near.has(candidate)) return candidate;
  }
}
