import { randomBytes } from "node:crypto";

/**
 * Dodo's ids are a type prefix and an opaque base62-looking tail (`cus_TV52uJWWXt2yIoBBxpjaa`);
 * the server only stores and compares them, so random base64url of the same length will do.
 */
export type IdPrefix = "cks" | "cus" | "sub" | "pay" | "msg";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(16).toString("base64url").replaceAll(/[-_]/g, "").slice(0, 21)}`;
}

/** An unguessable token for a customer portal link: the link is the only credential. */
export function newPortalToken(): string {
  return randomBytes(24).toString("base64url");
}
