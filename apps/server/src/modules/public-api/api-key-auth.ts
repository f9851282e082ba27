import { API_KEY_PREFIX } from "@utmost/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import * as keys from "../api-keys/api-keys.repository.ts";
import { creatorMayHoldKeys, hashApiKey, requireApiAccess } from "../api-keys/api-keys.service.ts";
import { takeFromLimit } from "../rate-limits/rate-limits.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the API key hook on every /api/v1 route: the workspace the key opens. */
    apiKeyWorkspaceId?: string;
  }
}

/** `last_used_at` is written at most once per this many milliseconds per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** RFC 6750 §3: a 401 names the scheme, and why the token was refused. */
function refuse(reply: FastifyReply, message: string, error?: "invalid_token"): never {
  reply.header(
    "www-authenticate",
    error ? `Bearer realm="Utmost API", error="${error}"` : 'Bearer realm="Utmost API"',
  );
  throw new AppError("UNAUTHENTICATED", message);
}

/**
 * An onRequest hook for the public API: `Authorization: Bearer <key>` must name a workspace API
 * key that is not revoked (401 otherwise), and the workspace owner's plan must still sell API
 * access (403). Keys are found by their SHA-256 through the unique index, never compared as text.
 */
export function createRequireApiKey(
  db: Db,
  options: { rateLimitPerMinute: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  return async function requireApiKey(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    if (!header) {
      refuse(reply, "Missing API key: send it as 'Authorization: Bearer <key>'.");
    }
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match?.[1]) {
      refuse(reply, "Malformed Authorization header: expected 'Bearer <key>'.", "invalid_token");
    }
    const key = match[1];
    const found = key.startsWith(API_KEY_PREFIX)
      ? await keys.findByHash(db, hashApiKey(key))
      : undefined;
    if (!found) refuse(reply, "Invalid API key.", "invalid_token");
    if (found.revokedAt) refuse(reply, "This API key has been revoked.", "invalid_token");
    // Removal and demotion revoke the creator's keys in their own transaction; this holds even
    // for a key that escaped that (an account deleted, a role changed by hand in the database).
    if (!creatorMayHoldKeys(found.creatorRole)) {
      refuse(
        reply,
        "This API key has been revoked: the member who made it can no longer make keys in this workspace.",
        "invalid_token",
      );
    }
    // One minute window per key, counted in PostgreSQL: N API processes allow the limit once.
    const limit = await takeFromLimit(db, {
      key: `public-api:key:${found.id}`,
      limit: options.rateLimitPerMinute,
      windowSeconds: 60,
    });
    reply.header("x-ratelimit-limit", String(limit.limit));
    reply.header("x-ratelimit-remaining", String(limit.remaining));
    reply.header("x-ratelimit-reset", String(limit.resetSeconds));
    if (!limit.allowed) {
      reply.header("retry-after", String(limit.resetSeconds));
      throw new AppError(
        "RATE_LIMITED",
        `Too many requests with this API key: at most ${options.rateLimitPerMinute} a minute. Retry in ${limit.resetSeconds} s.`,
      );
    }
    await requireApiAccess(db, found.workspaceId);
    if (!found.lastUsedAt || now() - found.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await keys.touch(db, found.id);
    }
    request.apiKeyWorkspaceId = found.workspaceId;
  };
}

/** The workspace of a route guarded by the API key hook. */
export function keyWorkspaceId(request: FastifyRequest): string {
  if (!request.apiKeyWorkspaceId) throw new AppError("UNAUTHENTICATED", "Missing API key.");
  return request.apiKeyWorkspaceId;
}
