import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dataSources, workspaceUsers } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";

export type DataSourceRow = typeof dataSources.$inferSelect;

/** Joins a property to the user's membership of its workspace: no membership, no row. */
export function membershipOf(userId: string | Placeholder): SQL | undefined {
  return and(
    eq(workspaceUsers.workspaceId, dataSources.workspaceId),
    eq(workspaceUsers.userId, userId),
  );
}

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
    .innerJoin(workspaceUsers, membershipOf(userId))
    .where(eq(dataSources.id, dataSourceId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Analytics property not found");
  return row.dataSource;
}

/**
 * A condition for a query about one property: true when the user is a member of the workspace
 * that holds it. Folded into the data query, it saves the access check's own round trip on the
 * busiest reads (docs/performance.md). An empty answer says nothing about access, so the caller
 * then asks `requireDataSource`, which tells "nothing yet" from "not yours" (404).
 */
export function dataSourceVisibleTo(
  dataSourceId: string | Placeholder,
  userId: string | Placeholder,
): SQL {
  return sql`exists (select 1 from ${dataSources} inner join ${workspaceUsers} on ${membershipOf(userId)} where ${dataSources.id} = ${dataSourceId})`;
}
