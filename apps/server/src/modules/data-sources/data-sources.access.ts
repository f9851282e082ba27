import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dataSources, workspaceUsers } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";

export type DataSourceRow = typeof dataSources.$inferSelect;

/**
 * The property, if the user is a member of its workspace; otherwise 404, so another workspace's
 * property is indistinguishable from one that does not exist (DESIGN.md, security).
 */
export async function requireDataSource(
  db: Db,
  dataSourceId: string,
  userId: string,
): Promise<DataSourceRow> {
  const [row] = await db
    .select({ dataSource: dataSources })
    .from(dataSources)
    .innerJoin(
      workspaceUsers,
      and(
        eq(workspaceUsers.workspaceId, dataSources.workspaceId),
        eq(workspaceUsers.userId, userId),
      ),
    )
    .where(eq(dataSources.id, dataSourceId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Analytics property not found");
  return row.dataSource;
}
