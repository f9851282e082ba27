import { z } from "zod";
import { SubscriptionTierSchema } from "./plans.ts";

export const WorkspaceTypeSchema = z.enum(["personal", "team"]);
export type WorkspaceType = z.infer<typeof WorkspaceTypeSchema>;

export const WorkspaceRoleSchema = z.enum(["owner", "admin", "member"]);
export type WorkspaceRole = z.infer<typeof WorkspaceRoleSchema>;

/** One workspace as its member sees it in the selector and on the dashboard. */
export const WorkspaceSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: WorkspaceTypeSchema,
  ownerId: z.string(),
  role: WorkspaceRoleSchema,
  /** The owner's plan: a workspace's property limit is its owner's (spec §5). */
  ownerTier: SubscriptionTierSchema.nullable(),
  dataSourceLimit: z.number().int(),
  memberCount: z.number().int(),
  dataSourceCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;

export const WorkspaceListResponseSchema = z.object({
  workspaces: z.array(WorkspaceSummarySchema),
});
export type WorkspaceListResponse = z.infer<typeof WorkspaceListResponseSchema>;

export const WorkspaceMemberSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: WorkspaceRoleSchema,
  joinedAt: z.iso.datetime(),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

export const WorkspaceMemberListResponseSchema = z.object({
  members: z.array(WorkspaceMemberSchema),
});
export type WorkspaceMemberListResponse = z.infer<typeof WorkspaceMemberListResponseSchema>;

export const WorkspaceIdParamsSchema = z.object({
  workspaceId: z.uuid("Workspace not found"),
});
