import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { dataSources, memberPropertyGrants, workspaceUsers } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";

export type DataSourceRow = typeof dataSources.$inferSelect;

/**
 * True when the membership row in scope reaches the property `dataSourceId` names: a member with
 * every property reaches them all, one limited to chosen properties only those granted
 * (client-level access, ADR 024). A null property (a rule on every property) reaches only the
 * unlimited. The limit applies whatever the owner's plan is now.
 */
export function grantReaches(dataSourceId: AnyPgColumn | SQL): SQL {
  return sql`(not ${workspaceUsers.chosenPropertiesOnly} or exists (select 1 from ${memberPropertyGrants} where ${memberPropertyGrants.workspaceId} = ${workspaceUsers.workspaceId} and ${memberPropertyGrants.userId} = ${workspaceUsers.userId} and ${memberPropertyGrants.dataSourceId} = ${dataSourceId}))`;
}

/**
 * Joins a property to the user's membership of its workspace, when that membership reaches it:
 * no membership, or a property not granted to a member limited to chosen ones, no row.
 */
export function membershipOf(userId: string | Placeholder): SQL | undefined {
  return and(
    eq(workspaceUsers.workspaceId, dataSources.workspaceId),
    eq(workspaceUsers.userId, userId),
    grantReaches(dataSources.id),
  );
}

/**
 * A condition on the `data_sources` row in scope: the user sees it. Lists of a workspace's
 * properties (the properties page, Client Overview) keep to the properties the user may see.
 */
export function dataSourceListedFor(userId: string | Placeholder): SQL {
  return sql`exists (select 1 from ${workspaceUsers} where ${membershipOf(userId)})`;
}

/**
 * A condition on a row of a workspace about one property or, when `dataSourceId` is null, about
 * every property (an alert rule): the user is a member who reaches it.
 */
export function workspacePropertyVisibleTo(
  workspaceId: AnyPgColumn,
  dataSourceId: AnyPgColumn,
  userId: string | Placeholder,
): SQL {
  return sql`exists (select 1 from ${workspaceUsers} where ${workspaceUsers.workspaceId} = ${workspaceId} and ${workspaceUsers.userId} = ${userId} and ${grantReaches(dataSourceId)})`;
}

/**
 * The property, if the user is a member of its workspace who may see it; otherwise 404, so
 * another workspace's property, or one a member limited to chosen properties was not granted, is
 * indistinguishable from one that does not exist (DESIGN.md, security).
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
 * Refuses a member limited to chosen properties what reaches beyond them: adding a property to
 * the workspace, a rule on every property. Non-members are the caller's to refuse first.
 */
export async function requireEveryProperty(
  db: Db,
  workspaceId: string,
  userId: string,
  message: string,
): Promise<void> {
  const [row] = await db
    .select({ chosenPropertiesOnly: workspaceUsers.chosenPropertiesOnly })
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.userId, userId)))
    .limit(1);
  if (row?.chosenPropertiesOnly) throw new AppError("FORBIDDEN", message);
}

/**
 * A condition for a query about one property: true when the user is a member of the workspace
 * that holds it and may see it. Folded into the data query, it saves the access check's own
 * round trip on the busiest reads (docs/performance.md). An empty answer says nothing about
 * access, so the caller then asks `requireDataSource`, which tells "nothing yet" from "not
 * yours" (404).
 */
export function dataSourceVisibleTo(
  dataSourceId: string | Placeholder,
  userId: string | Placeholder,
): SQL {
  return sql`exists (select 1 from ${dataSources} inner join ${workspaceUsers} on ${membershipOf(userId)} where ${dataSources.id} = ${dataSourceId})`;
}
