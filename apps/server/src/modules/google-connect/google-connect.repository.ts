import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dataSources, googleConnections, oauthStates } from "../../db/schema.ts";

export type GoogleConnectionRow = typeof googleConnections.$inferSelect;

/** Sealed tokens as they are stored on a handle or a property. */
export interface SealedTokens {
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string;
  tokenExpiresAt: Date;
  tokenScopes: string;
}

/**
 * Takes the state's nonce; false when an earlier callback took it. Nonces older than `forgetBefore`
 * go at the same time: their states have expired, and an expired state is refused anyway.
 */
export async function consumeNonce(db: Db, nonce: string, forgetBefore: Date): Promise<boolean> {
  await db.delete(oauthStates).where(lt(oauthStates.usedAt, forgetBefore));
  const taken = await db
    .insert(oauthStates)
    .values({ nonce })
    .onConflictDoNothing()
    .returning({ nonce: oauthStates.nonce });
  return taken.length === 1;
}

/** Stores a completed consent under a new handle; handles long expired are cleared on the way. */
export async function insertConnection(
  db: Db,
  input: SealedTokens & { userId: string; workspaceId: string; expiresAt: Date },
  forgetBefore: Date,
): Promise<GoogleConnectionRow> {
  await db.delete(googleConnections).where(lt(googleConnections.expiresAt, forgetBefore));
  const [row] = await db.insert(googleConnections).values(input).returning();
  if (!row) throw new Error("google connection insert returned no row");
  return row;
}

export async function findConnection(
  db: Db,
  connectionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<GoogleConnectionRow | undefined> {
  const query = db.select().from(googleConnections).where(eq(googleConnections.id, connectionId));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** Keeps a handle's tokens current after Google refreshed them during a read. */
export async function updateConnectionTokens(
  db: Db,
  connectionId: string,
  tokens: Pick<SealedTokens, "accessTokenEncrypted" | "tokenExpiresAt">,
) {
  await db
    .update(googleConnections)
    .set(tokens)
    .where(and(eq(googleConnections.id, connectionId), sql`${googleConnections.usedAt} is null`));
}

export async function markConnectionUsed(db: Db, connectionId: string) {
  await db
    .update(googleConnections)
    .set({ usedAt: sql`now()` })
    .where(eq(googleConnections.id, connectionId));
}

/**
 * Spec §4 reconnect: new tokens, and the property is active again, unless the owner's plan has
 * it paused (billing/property-limit.ts).
 */
export async function reconnectDataSource(db: Db, dataSourceId: string, tokens: SealedTokens) {
  await db
    .update(dataSources)
    .set({
      ...tokens,
      isActive: sql`${dataSources.suspendedByPlanAt} is null`,
      updatedAt: sql`now()`,
    })
    .where(eq(dataSources.id, dataSourceId));
}
