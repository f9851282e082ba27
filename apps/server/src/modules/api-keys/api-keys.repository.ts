import type { WorkspaceRole } from "@utmost/contracts";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiKeys, users, workspaceUsers } from "../../db/schema.ts";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type RevokedReason = NonNullable<ApiKeyRow["revokedReason"]>;

/** The workspace's keys, newest first, revoked ones included, with their creator's name. */
export async function listByWorkspace(
  db: Db,
  workspaceId: string,
): Promise<(ApiKeyRow & { creatorName: string | null })[]> {
  const rows = await db
    .select({ key: apiKeys, creatorName: users.fullName })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({ ...row.key, creatorName: row.creatorName }));
}

/**
 * Revokes the workspace's active keys that `userId` made, saying why: their right to make keys
 * ended (removed from the workspace, or demoted). Run in the transaction that ends it.
 */
export async function revokeByCreator(
  db: Db,
  workspaceId: string,
  userId: string,
  reason: RevokedReason,
): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(apiKeys.workspaceId, workspaceId),
        eq(apiKeys.createdByUserId, userId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ id: apiKeys.id });
  return rows.length;
}

export async function countActive(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
  return Number(row?.value ?? 0);
}

export async function insert(
  db: Db,
  values: Pick<
    typeof apiKeys.$inferInsert,
    "workspaceId" | "name" | "keyPrefix" | "keyHash" | "createdByUserId"
  >,
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error("api key insert returned no row");
  return row;
}

export async function findById(db: Db, apiKeyId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, apiKeyId)).limit(1);
  return row;
}

/** Revokes the key; a key already revoked keeps its first revocation time. */
export async function revoke(db: Db, apiKeyId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, apiKeyId))
    .returning();
  return row;
}

/**
 * The key with this SHA-256, through the unique index, revoked or not, with its creator's role
 * in the key's workspace today (null: no longer a member, or the account is gone).
 */
export async function findByHash(
  db: Db,
  keyHash: string,
): Promise<(ApiKeyRow & { creatorRole: WorkspaceRole | null }) | undefined> {
  const [row] = await db
    .select({ key: apiKeys, creatorRole: workspaceUsers.workspaceRole })
    .from(apiKeys)
    .leftJoin(
      workspaceUsers,
      and(
        eq(workspaceUsers.workspaceId, apiKeys.workspaceId),
        eq(workspaceUsers.userId, apiKeys.createdByUserId),
      ),
    )
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row ? { ...row.key, creatorRole: row.creatorRole } : undefined;
}

/** Records a use, unless one was recorded less than a minute ago. */
export async function touch(db: Db, apiKeyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, apiKeyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
