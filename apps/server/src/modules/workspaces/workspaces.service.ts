import type {
  AssignableWorkspaceRole,
  Plan,
  UpdateMemberAccessRequest,
  WorkspaceMember,
  WorkspaceMemberListResponse,
  WorkspacePermission,
  WorkspaceRole,
  WorkspaceSummary,
  WorkspaceType,
} from "@utmost/contracts";
import {
  DEFAULT_DATA_SOURCE_LIMIT,
  sellsClientLevelAccess,
  workspaceRoleCan,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import * as apiKeys from "../api-keys/api-keys.repository.ts";
import { effectivePlan, effectiveTier, paymentGrace } from "../billing/plan-standing.ts";
import * as access from "./member-access.repository.ts";
import * as repo from "./workspaces.repository.ts";

/** `CreateWorkspaceRequest` after parsing: the type's default is applied. */
interface CreateWorkspaceRequestParsed {
  name: string;
  type: WorkspaceType;
}

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
  return rows.map((row) => toSummary(row));
}

type SummaryRow = Awaited<ReturnType<typeof repo.listForUser>>[number];

function toSummary(row: SummaryRow, now = new Date()): WorkspaceSummary {
  const { ownerPlan, ...rest } = row;
  return {
    ...rest,
    ownerTier: ownerPlan ? effectiveTier(ownerPlan, now) : null,
    ownerPaymentGrace: paymentGrace(ownerPlan),
    dataSourceLimit: row.dataSourceLimit ?? DEFAULT_DATA_SOURCE_LIMIT,
    createdAt: row.createdAt.toISOString(),
  };
}

async function summaryFor(db: Db, workspaceId: string, userId: string): Promise<WorkspaceSummary> {
  const row = await repo.findForUser(db, workspaceId, userId);
  if (!row) throw new AppError("NOT_FOUND", "Workspace not found");
  return toSummary(row);
}

/** Spec §5: any signed-in user may create workspaces, without limit; the creator owns it. */
export async function createWorkspace(
  db: Db,
  userId: string,
  input: CreateWorkspaceRequestParsed,
): Promise<WorkspaceSummary> {
  const workspace = await repo.createWithOwner(db, { ...input, ownerId: userId });
  return summaryFor(db, workspace.id, userId);
}

export async function renameWorkspace(
  db: Db,
  workspaceId: string,
  userId: string,
  name: string,
): Promise<WorkspaceSummary> {
  await requirePermission(db, workspaceId, userId, "renameWorkspace");
  await repo.rename(db, workspaceId, name);
  return summaryFor(db, workspaceId, userId);
}

export async function deleteWorkspace(db: Db, workspaceId: string, userId: string): Promise<void> {
  await requirePermission(db, workspaceId, userId, "deleteWorkspace");
  await repo.remove(db, workspaceId);
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

const FORBIDDEN_MESSAGES: Record<WorkspacePermission, string> = {
  manageDataSources: "You do not have access to this workspace's analytics properties",
  manageAlertRules: "You do not have access to this workspace's alert rules",
  manageMembers: "Only the workspace owner or an admin can manage members",
  manageInvitations: "Only the workspace owner or an admin can manage invitations",
  manageApiKeys: "Only the workspace owner or an admin can manage API keys",
  manageBranding: "Only the workspace owner or an admin can change the report branding",
  manageConventions: "Only the workspace owner or an admin can change the naming conventions",
  manageLinks: "Only the workspace owner, an admin or the link's creator can delete this link",
  renameWorkspace: "Only the workspace owner can rename the workspace",
  deleteWorkspace: "Only the workspace owner can delete the workspace",
};

/**
 * The user's membership, if their role allows `permission` (WORKSPACE_PERMISSIONS). A
 * non-member gets 404 like everywhere else; a member without the right gets 403 saying why.
 */
export async function requirePermission(
  db: Db,
  workspaceId: string,
  userId: string,
  permission: WorkspacePermission,
  message = FORBIDDEN_MESSAGES[permission],
) {
  const membership = await requireMembership(db, workspaceId, userId);
  if (!workspaceRoleCan(membership.role, permission)) throw new AppError("FORBIDDEN", message);
  return membership;
}

/**
 * What a workspace may use is what its owner's plan sells, as for the property limit (spec §5,
 * §9): every member works under the owner's plan, whatever their own. A paid plan whose payment
 * failed still sells it for the 7 days' grace (`effectivePlan`).
 */
export async function workspacePlan(db: Db, workspaceId: string, now = new Date()): Promise<Plan> {
  return effectivePlan(await repo.findOwnerPlan(db, workspaceId), now);
}

export async function listMembers(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceMemberListResponse> {
  const { role: viewerRole } = await requireMembership(db, workspaceId, userId);
  const viewer = await viewerOf(db, workspaceId, userId, viewerRole);
  const rows = await repo.listMembers(db, workspaceId);
  const grants = await grantsByMember(db, workspaceId);
  return {
    viewerRole,
    members: rows.map((row) => toMember(row, viewer, grants.get(row.userId) ?? [])),
  };
}

/** Owners and admins change a non-owner's role (issue 6); there is one owner, for good. */
export async function changeMemberRole(
  db: Db,
  workspaceId: string,
  viewerId: string,
  memberId: string,
  role: AssignableWorkspaceRole,
): Promise<WorkspaceMember> {
  const viewer = await requirePermission(
    db,
    workspaceId,
    viewerId,
    "manageMembers",
    "Only the workspace owner or an admin can change member roles",
  );
  const member = await repo.findMember(db, workspaceId, memberId);
  if (!member) throw new AppError("NOT_FOUND", "Member not found");
  if (member.role === "owner") {
    throw new AppError("FORBIDDEN", "The workspace owner's role cannot be changed");
  }
  await db.transaction(async (tx) => {
    if (!(await repo.updateMemberRole(tx, workspaceId, memberId, role))) {
      throw new AppError("NOT_FOUND", "Member not found");
    }
    // A key lives only as long as its creator's right to make one (issue 21).
    if (!workspaceRoleCan(role, "manageApiKeys")) {
      await apiKeys.revokeByCreator(tx, workspaceId, memberId, "creator_demoted");
    }
    // Admins see every property (ADR 024): a promotion lifts a limit to chosen ones.
    if (role !== "member") {
      await access.setAccess(tx, {
        workspaceId,
        userId: memberId,
        dataSourceIds: null,
        grantedByUserId: viewerId,
      });
    }
  });
  return memberAsSeenBy(db, workspaceId, memberId, viewerId, viewer.role);
}

/**
 * Owners and admins remove any non-owner; any member may remove themselves (leave). The owner
 * can be neither removed nor leave: a workspace always has its owner.
 */
export async function removeMember(
  db: Db,
  workspaceId: string,
  viewerId: string,
  memberId: string,
): Promise<void> {
  const viewer = await requireMembership(db, workspaceId, viewerId);
  const leaving = memberId === viewerId;
  if (!leaving && !workspaceRoleCan(viewer.role, "manageMembers")) {
    throw new AppError("FORBIDDEN", "Only the workspace owner or an admin can remove members");
  }
  const member = leaving ? viewer : await repo.findMembership(db, workspaceId, memberId);
  if (!member) throw new AppError("NOT_FOUND", "Member not found");
  if (member.role === "owner") {
    throw new AppError(
      "FORBIDDEN",
      leaving
        ? "The workspace owner cannot leave the workspace"
        : "The workspace owner cannot be removed",
    );
  }
  await db.transaction(async (tx) => {
    if (!(await repo.removeMember(tx, workspaceId, memberId))) {
      throw new AppError("NOT_FOUND", "Member not found");
    }
    // The keys they made stop with their membership (issue 21).
    await apiKeys.revokeByCreator(tx, workspaceId, memberId, "creator_removed");
  });
}

/** Says why a member's access cannot be limited on the owner's plan (spec §9, Agency). */
export const CLIENT_LEVEL_ACCESS_UPGRADE =
  "Client-level user access is part of the Agency plan. Upgrade to Agency to limit members to chosen properties.";

/**
 * Client-level access (ADR 024): owners and admins set a member to every property or to chosen
 * ones, at least one, each the workspace's own. Limiting needs the owner's plan to sell it;
 * lifting a limit back to every property is allowed on any plan, so a downgrade never locks one in.
 */
export async function setMemberAccess(
  db: Db,
  workspaceId: string,
  viewerId: string,
  memberId: string,
  request: UpdateMemberAccessRequest,
): Promise<WorkspaceMember> {
  const viewer = await requirePermission(
    db,
    workspaceId,
    viewerId,
    "manageMembers",
    "Only the workspace owner or an admin can change a member's access",
  );
  const member = await repo.findMember(db, workspaceId, memberId);
  if (!member) throw new AppError("NOT_FOUND", "Member not found");
  let dataSourceIds: string[] | null = null;
  if (request.propertyAccess === "chosen") {
    if (!sellsClientLevelAccess(await workspacePlan(db, workspaceId))) {
      throw new AppError("PLAN_UPGRADE_REQUIRED", CLIENT_LEVEL_ACCESS_UPGRADE);
    }
    if (member.role !== "member") {
      throw new AppError(
        "FORBIDDEN",
        "The workspace owner and admins see every property; only a member's access can be limited",
      );
    }
    dataSourceIds = [...new Set(request.dataSourceIds)];
    const own = await access.dataSourcesInWorkspace(db, workspaceId, dataSourceIds);
    if (dataSourceIds.some((id) => !own.has(id))) {
      throw new AppError("NOT_FOUND", "Analytics property not found");
    }
  }
  const ids = dataSourceIds;
  await db.transaction(async (tx) => {
    const set = await access.setAccess(tx, {
      workspaceId,
      userId: memberId,
      dataSourceIds: ids,
      grantedByUserId: viewerId,
    });
    if (!set) throw new AppError("NOT_FOUND", "Member not found");
  });
  return memberAsSeenBy(db, workspaceId, memberId, viewerId, viewer.role);
}

interface Viewer {
  userId: string;
  role: WorkspaceRole;
  /** The owner's plan sells client-level access. */
  clientLevelAccess: boolean;
}

async function viewerOf(
  db: Db,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<Viewer> {
  return {
    userId,
    role,
    clientLevelAccess: sellsClientLevelAccess(await workspacePlan(db, workspaceId)),
  };
}

async function grantsByMember(db: Db, workspaceId: string): Promise<Map<string, string[]>> {
  const grants = new Map<string, string[]>();
  for (const grant of await access.listGrants(db, workspaceId)) {
    grants.set(grant.userId, [...(grants.get(grant.userId) ?? []), grant.dataSourceId]);
  }
  return grants;
}

async function memberAsSeenBy(
  db: Db,
  workspaceId: string,
  memberId: string,
  viewerId: string,
  viewerRole: WorkspaceRole,
): Promise<WorkspaceMember> {
  const updated = await repo.findMember(db, workspaceId, memberId);
  if (!updated) throw new AppError("NOT_FOUND", "Member not found");
  const grants = await grantsByMember(db, workspaceId);
  return toMember(
    updated,
    await viewerOf(db, workspaceId, viewerId, viewerRole),
    grants.get(memberId) ?? [],
  );
}

type MemberRow = Awaited<ReturnType<typeof repo.listMembers>>[number];

/**
 * A member row with what the signed-in viewer may do to it (the same rules the routes enforce).
 * A member's granted properties are shown to owners, admins and the member themselves.
 */
function toMember(row: MemberRow, viewer: Viewer, granted: readonly string[]): WorkspaceMember {
  const { chosenPropertiesOnly, ...member } = row;
  const isYou = row.userId === viewer.userId;
  const manages = workspaceRoleCan(viewer.role, "manageMembers");
  return {
    ...member,
    joinedAt: row.joinedAt.toISOString(),
    isYou,
    canChangeRole: manages && row.role !== "owner",
    canRemove: row.role !== "owner" && (manages || isYou),
    propertyAccess: chosenPropertiesOnly ? "chosen" : "all",
    dataSourceIds: chosenPropertiesOnly && (manages || isYou) ? [...granted] : [],
    canChangeAccess:
      manages && row.role === "member" && (viewer.clientLevelAccess || chosenPropertiesOnly),
  };
}
