import { z } from "zod";
import { PaymentGraceSchema } from "./billing.ts";
import { type Plan, SubscriptionTierSchema } from "./plans.ts";
import { text } from "./text.ts";

export const WorkspaceTypeSchema = z.enum(["personal", "team"]);
export type WorkspaceType = z.infer<typeof WorkspaceTypeSchema>;

export const WorkspaceRoleSchema = z.enum(["owner", "admin", "member"]);
export type WorkspaceRole = z.infer<typeof WorkspaceRoleSchema>;

/** The roles a member can be given or invited with; there is one owner, set at creation. */
export const AssignableWorkspaceRoleSchema = z.enum(["admin", "member"], {
  error: "Role must be member or admin",
});
export type AssignableWorkspaceRole = z.infer<typeof AssignableWorkspaceRoleSchema>;

/**
 * What each role may do in a workspace (spec §6, issue 6). Member: view and manage properties,
 * run audits, act on issues, alert rules. Admin: also members, invitations and the report
 * branding. Owner: also rename and delete. The server enforces this table; the web reads it
 * to disable buttons.
 */
export const WORKSPACE_PERMISSIONS = {
  manageDataSources: ["owner", "admin", "member"],
  manageAlertRules: ["owner", "admin", "member"],
  manageMembers: ["owner", "admin"],
  manageInvitations: ["owner", "admin"],
  /** Workspace API keys are credentials to the whole workspace (ADR 012). */
  manageApiKeys: ["owner", "admin"],
  /** The white-label report branding (issue 10). */
  manageBranding: ["owner", "admin"],
  /** The naming conventions every link and scan is held to (ADR 012). */
  manageConventions: ["owner", "admin"],
  /** Deleting links others made in the link builder; anyone deletes their own. */
  manageLinks: ["owner", "admin"],
  renameWorkspace: ["owner"],
  deleteWorkspace: ["owner"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspacePermission = keyof typeof WORKSPACE_PERMISSIONS;

export function workspaceRoleCan(role: WorkspaceRole, permission: WorkspacePermission): boolean {
  return (WORKSPACE_PERMISSIONS[permission] as readonly WorkspaceRole[]).includes(role);
}

/** Spec §5: 'Workspace name is required'. */
export const WorkspaceNameSchema = text("Workspace name")
  .trim()
  .min(1, "Workspace name is required")
  .max(100, "Workspace name must be at most 100 characters");

/** One workspace as its member sees it in the selector and on the dashboard. */
export const WorkspaceSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: WorkspaceTypeSchema,
  ownerId: z.string(),
  /** The signed-in user's role here: `workspaceRoleCan(role, ...)` says what they may do. */
  role: WorkspaceRoleSchema,
  /**
   * The owner's plan as it applies now: a workspace's property limit and features are its
   * owner's (spec §5). A paid plan whose payment failed holds through `ownerPaymentGrace`.
   */
  ownerTier: SubscriptionTierSchema.nullable(),
  /** The owner's renewal payment failed: the plan ends at its `endsAt` unless it goes through. */
  ownerPaymentGrace: PaymentGraceSchema.nullable(),
  dataSourceLimit: z.number().int(),
  /**
   * Properties counted against the owner's limit: those in every workspace the owner owns, not
   * only this one (spec §5; the server refuses an add on this count).
   */
  ownerDataSourcesUsed: z.number().int(),
  memberCount: z.number().int(),
  dataSourceCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;

export const WorkspaceListResponseSchema = z.object({
  workspaces: z.array(WorkspaceSummarySchema),
});
export type WorkspaceListResponse = z.infer<typeof WorkspaceListResponseSchema>;

/** `POST /api/workspaces` (spec §5: name required; type personal or team, default team). */
export const CreateWorkspaceRequestSchema = z.object({
  name: WorkspaceNameSchema,
  type: WorkspaceTypeSchema.default("team"),
});
export type CreateWorkspaceRequest = z.input<typeof CreateWorkspaceRequestSchema>;

/** `PATCH /api/workspaces/:workspaceId`: rename (owner only). */
export const UpdateWorkspaceRequestSchema = z.object({ name: WorkspaceNameSchema });
export type UpdateWorkspaceRequest = z.infer<typeof UpdateWorkspaceRequestSchema>;

/** The answer of create and rename: the workspace as its (owner) member now sees it. */
export const WorkspaceResponseSchema = z.object({ workspace: WorkspaceSummarySchema });
export type WorkspaceResponse = z.infer<typeof WorkspaceResponseSchema>;

/**
 * Client-level user access (Agency, ADR 024): a member sees every property of the workspace
 * (`all`) or only the properties an owner or admin granted them (`chosen`).
 */
export const PropertyAccessSchema = z.enum(["all", "chosen"], {
  error: "Access must be all properties or chosen properties",
});
export type PropertyAccess = z.infer<typeof PropertyAccessSchema>;

/** Spec §9: "Client-level user access" is an Agency line. */
export function sellsClientLevelAccess(plan: Pick<Plan, "tier">): boolean {
  return plan.tier === "agency";
}

export const WorkspaceMemberSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: WorkspaceRoleSchema,
  joinedAt: z.iso.datetime(),
  /** The row is the signed-in user's own. */
  isYou: z.boolean(),
  /** The signed-in user may change this member's role (owner/admin; never the owner's). */
  canChangeRole: z.boolean(),
  /**
   * The signed-in user may remove this member: owner/admin on a non-owner row, or anyone on
   * their own row (leaving); never on the owner's row.
   */
  canRemove: z.boolean(),
  /** Every property, or only `dataSourceIds`; owners and admins always see every property. */
  propertyAccess: PropertyAccessSchema,
  /** The properties granted, when `propertyAccess` is `chosen`; empty otherwise. */
  dataSourceIds: z.array(z.uuid()),
  /**
   * The signed-in user may set this member's access: owner/admin on a member's row, on a plan
   * with client-level access; lifting a limit back to every property is allowed on any plan.
   */
  canChangeAccess: z.boolean(),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

export const WorkspaceMemberListResponseSchema = z.object({
  /** The signed-in user's role in this workspace. */
  viewerRole: WorkspaceRoleSchema,
  members: z.array(WorkspaceMemberSchema),
});
export type WorkspaceMemberListResponse = z.infer<typeof WorkspaceMemberListResponseSchema>;

/** `PATCH /api/workspaces/:workspaceId/members/:userId`. */
export const UpdateMemberRoleRequestSchema = z.object({ role: AssignableWorkspaceRoleSchema });
export type UpdateMemberRoleRequest = z.infer<typeof UpdateMemberRoleRequestSchema>;

/** The most properties one request grants: the Agency plan's allowance with room for add-ons. */
export const MAX_GRANTED_PROPERTIES = 500;

/**
 * `PUT /api/workspaces/:workspaceId/members/:userId/access`: every property, or the chosen ones
 * (at least one, each a property of the workspace).
 */
export const UpdateMemberAccessRequestSchema = z.discriminatedUnion(
  "propertyAccess",
  [
    z.object({ propertyAccess: z.literal("all") }),
    z.object({
      propertyAccess: z.literal("chosen"),
      dataSourceIds: z
        .array(z.uuid("Analytics property not found"), {
          error: "Choose the analytics properties this member may see",
        })
        .min(1, "Choose at least one analytics property")
        .max(
          MAX_GRANTED_PROPERTIES,
          `Choose at most ${MAX_GRANTED_PROPERTIES} analytics properties`,
        ),
    }),
  ],
  { error: "Access must be all properties or chosen properties" },
);
export type UpdateMemberAccessRequest = z.infer<typeof UpdateMemberAccessRequestSchema>;

export const WorkspaceMemberResponseSchema = z.object({ member: WorkspaceMemberSchema });
export type WorkspaceMemberResponse = z.infer<typeof WorkspaceMemberResponseSchema>;

export const WorkspaceIdParamsSchema = z.object({
  workspaceId: z.uuid("Workspace not found"),
});

export const WorkspaceMemberParamsSchema = WorkspaceIdParamsSchema.extend({
  userId: text("Member", { error: "Member not found" }).min(1, "Member not found"),
});
