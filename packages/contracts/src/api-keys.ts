import { z } from "zod";
import { text } from "./text.ts";

/**
 * Workspace API keys for the public API (ADR 012): `utm_` + 32 random bytes in base64url, shown
 * once at creation; the server keeps only their SHA-256 and a prefix to recognise them by.
 */

/** At most this many keys that are not revoked, per workspace. */
export const MAX_ACTIVE_API_KEYS = 20;

export const API_KEY_PREFIX = "utm_";

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters, e.g. `utm_a1B2c3D4`, to tell keys apart. */
  keyPrefix: z.string(),
  createdAt: z.iso.datetime(),
  /** Updated at most once a minute. */
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  /**
   * Why a key nobody revoked by hand was revoked: its creator left the workspace or lost the
   * role that may make keys ("Revoked: Ada left the workspace"). Null otherwise.
   */
  revokedNote: z.string().nullable().default(null),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** `GET /api/workspaces/:workspaceId/api-keys`: newest first, revoked ones included. */
export const ApiKeyListResponseSchema = z.object({ apiKeys: z.array(ApiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;

export const ApiKeyNameSchema = text("Key name")
  .trim()
  .min(1, "Key name is required")
  .max(60, "Key name must be at most 60 characters");

/** `POST /api/workspaces/:workspaceId/api-keys`. */
export const CreateApiKeyRequestSchema = z.object({ name: ApiKeyNameSchema });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequestSchema>;

/** 201: the key itself appears here and nowhere else, ever. */
export const CreateApiKeyResponseSchema = z.object({ apiKey: ApiKeySchema, key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponseSchema>;

export const ApiKeyIdParamsSchema = z.object({ apiKeyId: z.uuid("API key not found") });
