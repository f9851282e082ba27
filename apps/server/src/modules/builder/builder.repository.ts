import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { builderLinks, users, workspaceUsers } from "../../db/schema.ts";

export type BuilderLinkRow = typeof builderLinks.$inferSelect;
export type NewBuilderLink = typeof builderLinks.$inferInsert;

/** The workspace's links newest first, with their creator's name. */
export function listLinks(db: Db, workspaceId: string, limit: number, offset: number) {
  return db
    .select({ link: builderLinks, createdByName: users.fullName })
    .from(builderLinks)
    .leftJoin(users, eq(users.id, builderLinks.createdByUserId))
    .where(eq(builderLinks.workspaceId, workspaceId))
    .orderBy(desc(builderLinks.createdAt), desc(builderLinks.id))
    .limit(limit)
    .offset(offset);
}

export async function countLinks(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(builderLinks)
    .where(eq(builderLinks.workspaceId, workspaceId));
  return row?.total ?? 0;
}

export async function insertLink(db: Db, values: NewBuilderLink): Promise<BuilderLinkRow> {
  const [row] = await db.insert(builderLinks).values(values).returning();
  if (!row) throw new Error("link not saved");
  return row;
}

export async function findCreatorName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** The link with the user's role in its workspace, if the user is a member of it. */
export async function findLinkForMember(db: Db, linkId: string, userId: string) {
  const [row] = await db
    .select({ link: builderLinks, role: workspaceUsers.workspaceRole })
    .from(builderLinks)
    .innerJoin(
      workspaceUsers,
      and(
        eq(workspaceUsers.workspaceId, builderLinks.workspaceId),
        eq(workspaceUsers.userId, userId),
      ),
    )
    .where(eq(builderLinks.id, linkId))
    .limit(1);
  return row;
}

export async function deleteLink(db: Db, linkId: string): Promise<void> {
  await db.delete(builderLinks).where(eq(builderLinks.id, linkId));
}
