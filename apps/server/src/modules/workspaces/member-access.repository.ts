import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dataSources, memberPropertyGrants, workspaceUsers } from "../../db/schema.ts";

/** Each member's granted properties in the workspace (client-level access, ADR 024). */
export function listGrants(db: Db, workspaceId: string) {
  return db
    .select({
      userId: memberPropertyGrants.userId,
      dataSourceId: memberPropertyGrants.dataSourceId,
    })
    .from(memberPropertyGrants)
    .where(eq(memberPropertyGrants.workspaceId, workspaceId))
    .orderBy(memberPropertyGrants.createdAt, memberPropertyGrants.dataSourceId);
}

/** Which of `dataSourceIds` are the workspace's own properties. */
export async function dataSourcesInWorkspace(
  db: Db,
  workspaceId: string,
  dataSourceIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ id: dataSources.id })
    .from(dataSources)
    .where(
      and(eq(dataSources.workspaceId, workspaceId), inArray(dataSources.id, [...dataSourceIds])),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Sets the member's access: every property (`dataSourceIds` null) or only those given, which
 * replace any earlier grants. Only a `member` row is limited; returns whether it was.
 */
export async function setAccess(
  db: Db,
  input: {
    workspaceId: string;
    userId: string;
    dataSourceIds: readonly string[] | null;
    grantedByUserId: string | null;
  },
): Promise<boolean> {
  const { workspaceId, userId, dataSourceIds } = input;
  const rows = await db
    .update(workspaceUsers)
    .set({ chosenPropertiesOnly: dataSourceIds !== null })
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.userId, userId),
        dataSourceIds === null ? undefined : eq(workspaceUsers.workspaceRole, "member"),
      ),
    )
    .returning({ userId: workspaceUsers.userId });
  if (rows.length === 0) return false;
  await db
    .delete(memberPropertyGrants)
    .where(
      and(
        eq(memberPropertyGrants.workspaceId, workspaceId),
        eq(memberPropertyGrants.userId, userId),
      ),
    );
  if (dataSourceIds !== null && dataSourceIds.length > 0) {
    await db.insert(memberPropertyGrants).values(
      dataSourceIds.map((dataSourceId) => ({
        workspaceId,
        userId,
        dataSourceId,
        grantedByUserId: input.grantedByUserId,
      })),
    );
  }
  return true;
}
