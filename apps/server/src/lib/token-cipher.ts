import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seals OAuth tokens for the database (DESIGN.md, "Security and data rules": AES-256-GCM with a
 * key derived from APP_SECRET). A sealed value names its key, so APP_SECRET can rotate: new values
 * use the current key, old ones still open with a previous one until they are re-sealed.
 *
 * Format: `v1.<keyId>.<iv>.<ciphertext>.<tag>`, each binary part base64url without padding. The
 * `v1.<keyId>` prefix is authenticated too, so no part can change without decryption failing.
 */

const VERSION = "v1";
/** Fixed, so one APP_SECRET can derive other keys for other purposes without overlap. */
const HKDF_INFO = "utmost/oauth-token-encryption/v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
/** APP_SECRET's own minimum (env.ts). */
const MIN_SECRET_LENGTH = 32;

export interface TokenCipherKey {
  /** Short and stable, e.g. "2026-11"; letters, digits, `_` and `-`. */
  id: string;
  secret: string;
}

export interface TokenCipherOptions {
  current: TokenCipherKey;
  previous?: readonly TokenCipherKey[];
}

export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Whether a sealed value uses an older key and should be sealed again. */
  needsReseal(sealed: string): boolean;
}

export type TokenCipherErrorCode = "TOKEN_MALFORMED" | "TOKEN_UNKNOWN_KEY" | "TOKEN_TAMPERED";

/** Never carries the sealed value or the plain text in its message. */
export class TokenCipherError extends Error {
  readonly code: TokenCipherErrorCode;

  constructor(code: TokenCipherErrorCode, message: string) {
    super(message);
    this.name = "TokenCipherError";
    this.code = code;
  }
}

export function createTokenCipher(options: TokenCipherOptions): TokenCipher {
  const keys = new Map<string, Buffer>();
  for (const key of [options.current, ...(options.previous ?? [])]) {
    if (!KEY_ID.test(key.id)) throw new Error(`Token key id "${key.id}" is not valid`);
    if (key.secret.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `Token key "${key.id}" needs a secret of at least ${MIN_SECRET_LENGTH} characters`,
      );
    }
    if (keys.has(key.id)) throw new Error(`Token key id "${key.id}" is used twice`);
    keys.set(key.id, deriveKey(key.secret));
  }
  const currentId = options.current.id;
  const currentKey = deriveKey(options.current.secret);

  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", currentKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(`${VERSION}.${currentId}`));
      const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        VERSION,
        currentId,
        iv.toString("base64url"),
        ciphertext.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
      ].join(".");
    },

    decrypt(sealed) {
      const parts = split(sealed);
      const key = keys.get(parts.keyId);
      if (!key) {
        throw new TokenCipherError("TOKEN_UNKNOWN_KEY", `No token key with id "${parts.keyId}"`);
      }
      const decipher = createDecipheriv("aes-256-gcm", key, parts.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(`${VERSION}.${parts.keyId}`));
      decipher.setAuthTag(parts.tag);
      try {
        return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        throw new TokenCipherError("TOKEN_TAMPERED", "Sealed token failed authentication");
      }
    },

    needsReseal(sealed) {
      return split(sealed).keyId !== currentId;
    },
  };
}

/**
 * The app's cipher: keyed by APP_SECRET, with APP_SECRET_PREVIOUS still opening what it sealed
 * until those values are sealed again. A key's id is a digest of its secret, so rotating needs
 * no other setting.
 */
export function createAppTokenCipher(config: {
  appSecret: string;
  previousAppSecrets: readonly string[];
}): TokenCipher {
  const key = (secret: string): TokenCipherKey => ({
    id: createHash("sha256").update(`utmost-key-id:${secret}`).digest("base64url").slice(0, 8),
    secret,
  });
  return createTokenCipher({
    current: key(config.appSecret),
    previous: config.previousAppSecrets.map(key),
  });
}

function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), HKDF_INFO, 32));
}

interface SealedParts {
  keyId: string;
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

function split(sealed: string): SealedParts {
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) {
    throw new TokenCipherError("TOKEN_MALFORMED", "Sealed token has an unknown format");
  }
  const [, keyId = "", iv = "", ciphertext = "", tag = ""] = parts;
  if (!KEY_ID.test(keyId)) {
    throw new TokenCipherError("TOKEN_MALFORMED", "Sealed token has an invalid key id");
  }
  return {
    keyId,
    iv: decode(iv, IV_BYTES),
    ciphertext: decode(ciphertext),
    tag: decode(tag, TAG_BYTES),
  };
}

/**
 * Strict base64url: Node's decoder skips characters it does not know and ignores trailing bits,
 * so without the round-trip check an edited last character could decode to the same bytes.
 */
function decode(part: string, length?: number): Buffer {
  const bytes = Buffer.from(part, "base64url");
  if (!BASE64URL.test(part) || bytes.toString("base64url") !== part) {
    throw new TokenCipherError("TOKEN_MALFORMED", "Sealed token is not valid base64url");
  }
  if (length !== undefined && bytes.length !== length) {
    throw new TokenCipherError("TOKEN_MALFORMED", "Sealed token has a part of the wrong size");
  }
  return bytes;
}
