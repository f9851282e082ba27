import { randomUUID } from "node:crypto";
import type { WorkspaceRole } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { users, workspaceUsers } from "../../db/schema.ts";
import { setAccess } from "./member-access.repository.ts";
import { createWithOwner } from "./workspaces.repository.ts";

/** Factories for team tests (STYLE.md, Tests): rows with valid defaults, no HTTP. */

let counter = 0;

/** A user row without a password or session: a teammate who is only ever acted upon. */
export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      fullName: `Teammate ${counter}`,
      email: `teammate${counter}-${Date.now()}@example.com`,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("user insert returned no row");
  return row;
}

export async function addMember(db: Db, workspaceId: string, userId: string, role: WorkspaceRole) {
  await db.insert(workspaceUsers).values({ workspaceId, userId, workspaceRole: role });
}

/** A team workspace owned by `ownerId`, with the other users in the given roles. */
export async function insertTeam(
  db: Db,
  ownerId: string,
  others: { userId: string; role: Exclude<WorkspaceRole, "owner"> }[] = [],
) {
  counter += 1;
  const workspace = await createWithOwner(db, {
    name: `Team ${counter}`,
    type: "team",
    ownerId,
  });
  for (const other of others) await addMember(db, workspace.id, other.userId, other.role);
  return workspace;
}

/** Limits a member to the given properties (client-level access), as an owner's grant would. */
export async function limitToProperties(
  db: Db,
  workspaceId: string,
  userId: string,
  dataSourceIds: string[],
) {
  const limited = await setAccess(db, {
    workspaceId,
    userId,
    dataSourceIds,
    grantedByUserId: null,
  });
  if (!limited) throw new Error(`${userId} is not a plain member of ${workspaceId}`);
}
