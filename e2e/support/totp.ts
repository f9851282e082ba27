import { createHmac } from "node:crypto";

/**
 * The authenticator app of the two-factor journey: TOTP (RFC 6238), HMAC-SHA1, 30-second steps,
 * 6 digits. The e2e package imports no app, so this mirrors apps/server/src/test/totp.ts.
 */

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const PERIOD_SECONDS = 30;
const DIGITS = 6;

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]+/g, "").toUpperCase()) {
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

/** The code an authenticator app shows for the setup key `base32Secret` at `now`. */
export function totpCode(base32Secret: string, now: Date = new Date()): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(now.getTime() / 1000 / PERIOD_SECONDS)));
  const hmac = createHmac("sha1", base32Decode(base32Secret)).update(message).digest();
  const offset = (hmac.at(-1) ?? 0) & 0x0f;
  const code = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(code % 10 ** DIGITS).padStart(DIGITS, "0");
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
