import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { workspaceConventions } from "../../db/schema.ts";

export type ConventionsRow = typeof workspaceConventions.$inferSelect;

export async function findConventions(db: Db, workspaceId: string) {
  const [row] = await db
    .select()
    .from(workspaceConventions)
    .where(eq(workspaceConventions.workspaceId, workspaceId))
    .limit(1);
  return row;
}

/** One statement: the workspace's conventions are replaced whole or not at all. */
export async function saveConventions(
  db: Db,
  workspaceId: string,
  conventions: Record<string, unknown>,
  userId: string,
) {
  const now = new Date();
  const [row] = await db
    .insert(workspaceConventions)
    .values({ workspaceId, conventions, updatedByUserId: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: workspaceConventions.workspaceId,
      set: { conventions, updatedByUserId: userId, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error("conventions not saved");
  return row;
}
