import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  type ApiKey,
  type CreateApiKeyResponse,
  cheapestPlanWith,
  MAX_ACTIVE_API_KEYS,
  type WorkspaceRole,
  workspaceRoleCan,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requireVerifiedEmail } from "../auth/email-verification.ts";
import { requirePermission, workspacePlan } from "../workspaces/workspaces.service.ts";
import * as repo from "./api-keys.repository.ts";

/**
 * Workspace API keys (ADR 012). A key is a credential to the whole workspace, so only owners and
 * admins see or manage them. The key is shown once; only its SHA-256 is kept. A random 256-bit
 * key needs no slow hash: nothing can be guessed from it, and a lookup by hash is one index read.
 */

/** Characters of the key kept to recognise it by: `utm_` and 8 of the random part. */
const DISPLAY_PREFIX_LENGTH = 12;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** What the key list says of a key revoked because its creator's right to make it ended. */
export function revokedNote(
  reason: repo.RevokedReason | null,
  creatorName: string | null,
): string | null {
  const who = creatorName?.trim() || "Its creator";
  switch (reason) {
    case "creator_removed":
      return `Revoked: ${who} left the workspace`;
    case "creator_demoted":
      return `Revoked: ${creatorName?.trim() ? `${who}'s` : "its creator's"} role changed`;
    case null:
      return null;
  }
}

export function toApiKey(row: repo.ApiKeyRow & { creatorName?: string | null }): ApiKey {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedNote: revokedNote(row.revokedReason, row.creatorName ?? null),
  };
}

/** Keys live only as long as their creator's right to make them (issue 21). */
export function creatorMayHoldKeys(role: WorkspaceRole | null): boolean {
  return role !== null && workspaceRoleCan(role, "manageApiKeys");
}

/** The workspace owner's plan must sell API access (spec §9 Plans, ADR 012). */
export async function requireApiAccess(db: Db, workspaceId: string): Promise<void> {
  if ((await workspacePlan(db, workspaceId)).apiAccess) return;
  const needed = cheapestPlanWith((plan) => plan.apiAccess);
  throw new AppError(
    "PLAN_UPGRADE_REQUIRED",
    `API access is part of the ${needed.name} plan and above. Upgrade to use API keys.`,
  );
}

export async function listApiKeys(db: Db, workspaceId: string, userId: string): Promise<ApiKey[]> {
  await requirePermission(db, workspaceId, userId, "manageApiKeys");
  return (await repo.listByWorkspace(db, workspaceId)).map(toApiKey);
}

export async function createApiKey(
  db: Db,
  workspaceId: string,
  userId: string,
  name: string,
): Promise<CreateApiKeyResponse> {
  await requirePermission(db, workspaceId, userId, "manageApiKeys");
  await requireVerifiedEmail(db, userId);
  await requireApiAccess(db, workspaceId);
  if ((await repo.countActive(db, workspaceId)) >= MAX_ACTIVE_API_KEYS) {
    throw new AppError(
      "API_KEY_LIMIT_REACHED",
      `A workspace can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`,
    );
  }
  const key = generateApiKey();
  const row = await repo.insert(db, {
    workspaceId,
    name,
    keyPrefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
    keyHash: hashApiKey(key),
    createdByUserId: userId,
  });
  return { apiKey: toApiKey(row), key };
}

export async function revokeApiKey(db: Db, apiKeyId: string, userId: string): Promise<ApiKey> {
  const found = await repo.findById(db, apiKeyId);
  if (!found) throw new AppError("NOT_FOUND", "API key not found");
  try {
    await requirePermission(db, found.workspaceId, userId, "manageApiKeys");
  } catch (error) {
    // Another workspace's key is as unknown as one that does not exist.
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      throw new AppError("NOT_FOUND", "API key not found");
    }
    throw error;
  }
  const revoked = await repo.revoke(db, apiKeyId);
  if (!revoked) throw new AppError("NOT_FOUND", "API key not found");
  return toApiKey(revoked);
}
