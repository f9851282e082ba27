import type {
  WorkspaceMember,
  WorkspaceMemberListResponse,
  WorkspaceRole,
  WorkspaceSummary,
} from "@utmost/contracts";
import { DEFAULT_DATA_SOURCE_LIMIT, workspaceRoleCan } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./workspaces.repository.ts";

/**
 * The user's workspaces. A user in none gets a personal one here, the first time anything needs
 * it (spec §7: "insert ... ('personal' for an auto-created one)").
 */
export async function listWorkspaces(db: Db, userId: string): Promise<WorkspaceSummary[]> {
  let rows = await repo.listForUser(db, userId);
  if (rows.length === 0) {
    await repo.findOrCreateFirst(db, userId, personalWorkspaceName);
    rows = await repo.listForUser(db, userId);
  }
  return rows.map((row) => ({
    ...row,
    dataSourceLimit: row.dataSourceLimit ?? DEFAULT_DATA_SOURCE_LIMIT,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The user's oldest workspace, created as a personal one when the user has none. */
export async function firstWorkspaceId(db: Db, userId: string): Promise<string> {
  return (await repo.findOrCreateFirst(db, userId, personalWorkspaceName)).id;
}

/** "Alex's Workspace", from the first word of the full name. */
export function personalWorkspaceName(fullName: string): string {
  const firstName = fullName.trim().split(/\s+/)[0];
  return firstName ? `${firstName}'s Workspace` : "My Workspace";
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
): Promise<WorkspaceMemberListResponse> {
  const { role: viewerRole } = await requireMembership(db, workspaceId, userId);
  const rows = await repo.listMembers(db, workspaceId);
  return {
    viewerRole,
    members: rows.map((row) => toMember(row, { userId, role: viewerRole })),
  };
}

type MemberRow = Awaited<ReturnType<typeof repo.listMembers>>[number];

/** A member row with what the signed-in viewer may do to it (the same rules the routes enforce). */
function toMember(
  row: MemberRow,
  viewer: { userId: string; role: WorkspaceRole },
): WorkspaceMember {
  const isYou = row.userId === viewer.userId;
  const manages = workspaceRoleCan(viewer.role, "manageMembers");
  return {
    ...row,
    joinedAt: row.joinedAt.toISOString(),
    isYou,
    canChangeRole: manages && row.role !== "owner",
    canRemove: row.role !== "owner" && (manages || isYou),
  };
}
