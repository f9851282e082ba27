import { z } from "zod";
import { text } from "./text.ts";
import { AssignableWorkspaceRoleSchema, WorkspaceIdParamsSchema } from "./workspaces.ts";

/** Spec §4, issue 6: an invitation can be accepted for 7 days. */
export const INVITATION_TTL_DAYS = 7;

/**
 * An invitation's state as the server reports it. `expired` is a pending invitation past its
 * expiry (or one replaced by a newer invitation to the same email). A cancelled invitation is
 * deleted (spec §4: "Cancelling removes it"), so its link answers 404 Not Found.
 */
export const InvitationStatusSchema = z.enum(["pending", "accepted", "declined", "expired"]);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

const invitedEmail = text("Email")
  .trim()
  .min(1, "Email is required")
  .max(320, "Email must be at most 320 characters")
  .pipe(z.email("Please enter a valid email address"));

/** `POST /api/workspaces/:workspaceId/invitations` (spec §5: email and role, default member). */
export const SendInvitationRequestSchema = z.object({
  email: invitedEmail,
  role: AssignableWorkspaceRoleSchema.default("member"),
});
export type SendInvitationRequest = z.input<typeof SendInvitationRequestSchema>;

export const InvitationPersonSchema = z.object({
  fullName: z.string(),
  email: z.string(),
});
export type InvitationPerson = z.infer<typeof InvitationPersonSchema>;

/** One row of a workspace's pending invitations (owner/admin view). */
export const WorkspaceInvitationSchema = z.object({
  id: z.uuid(),
  invitedEmail: z.string(),
  role: AssignableWorkspaceRoleSchema,
  /** `pending`, or `expired` once past `expiresAt` (it can then be sent again). */
  status: z.enum(["pending", "expired"]),
  /** Null once the inviter's account is gone. */
  invitedBy: InvitationPersonSchema.nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type WorkspaceInvitation = z.infer<typeof WorkspaceInvitationSchema>;

export const WorkspaceInvitationListResponseSchema = z.object({
  invitations: z.array(WorkspaceInvitationSchema),
});
export type WorkspaceInvitationListResponse = z.infer<typeof WorkspaceInvitationListResponseSchema>;

export const WorkspaceInvitationResponseSchema = z.object({
  invitation: WorkspaceInvitationSchema,
});
export type WorkspaceInvitationResponse = z.infer<typeof WorkspaceInvitationResponseSchema>;

export const InvitationParamsSchema = WorkspaceIdParamsSchema.extend({
  invitationId: z.uuid("Invitation not found"),
});

/** The raw token from the link `/invite/accept?token=...`. */
export const InvitationTokenSchema = text("Invitation token")
  .trim()
  .min(1, "Invitation token is required")
  .max(200, "Invitation not found");

/** `GET /api/invitations/lookup?token=...` (public). */
export const InvitationLookupQuerySchema = z.object({ token: InvitationTokenSchema });
export type InvitationLookupQuery = z.infer<typeof InvitationLookupQuerySchema>;

/** What the acceptance page shows (spec §3 workspace_invitations with workspace and inviter). */
export const InvitationLookupResponseSchema = z.object({
  invitation: z.object({
    workspace: z.object({ name: z.string() }),
    invitedBy: InvitationPersonSchema.nullable(),
    invitedEmail: z.string(),
    role: AssignableWorkspaceRoleSchema,
    status: InvitationStatusSchema,
    expiresAt: z.iso.datetime(),
  }),
});
export type InvitationLookupResponse = z.infer<typeof InvitationLookupResponseSchema>;

/** `POST /api/invitations/accept` and `POST /api/invitations/decline` (signed in). */
export const InvitationTokenRequestSchema = z.object({ token: InvitationTokenSchema });
export type InvitationTokenRequest = z.infer<typeof InvitationTokenRequestSchema>;

/** Spec §7: the page reads `workspace.id` and makes it the selected workspace. */
export const AcceptInvitationResponseSchema = z.object({
  workspace: z.object({ id: z.uuid(), name: z.string() }),
  role: AssignableWorkspaceRoleSchema,
});
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;
