import type { WorkspaceMember, WorkspaceSummary } from "@utmost/contracts";
import { DEFAULT_DATA_SOURCE_LIMIT } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./workspaces.repository.ts";

export async function listWorkspaces(db: Db, userId: string): Promise<WorkspaceSummary[]> {
  const rows = await repo.listForUser(db, userId);
  return rows.map((row) => ({
    ...row,
    dataSourceLimit: row.dataSourceLimit ?? DEFAULT_DATA_SOURCE_LIMIT,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Another workspace's data is invisible: not a member means not found (DESIGN.md, security). */
export async function requireMembership(db: Db, workspaceId: string, userId: string) {
  const membership = await repo.findMembership(db, workspaceId, userId);
  if (!membership) throw new AppError("NOT_FOUND", "Workspace not found");
  return membership;
}

export async function listMembers(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceMember[]> {
  await requireMembership(db, workspaceId, userId);
  const rows = await repo.listMembers(db, workspaceId);
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}
