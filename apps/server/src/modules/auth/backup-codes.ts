import { randomInt } from "node:crypto";

/**
 * Backup codes are read off paper or a screen and typed back: their alphabet leaves out the
 * characters people confuse (0 and o/O, 1 and l/I) and upper case altogether. 32 symbols, so
 * each of the 10 characters carries 5 bits: 50 bits a code, as many as Better Auth's default.
 */
export const BACKUP_CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
export const BACKUP_CODE_COUNT = 10;
const CODE_LENGTH = 10;

/** Ten single-use codes such as "k7mq2-xw9ta", from the system's cryptographic source. */
export function generateBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    let code = "";
    for (let index = 0; index < CODE_LENGTH; index += 1) {
      code += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
    }
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
