import { createHash, randomBytes } from "node:crypto";
import {
  type AcceptInvitationResponse,
  type AssignableWorkspaceRole,
  INVITATION_TTL_DAYS,
  type InvitationLookupResponse,
  type InvitationPerson,
  type WorkspaceInvitation,
} from "@utmost/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { AppError } from "../../lib/errors.ts";
import { grantAdminIfListed } from "../admin/admin.service.ts";
import { markEmailVerified, requireVerifiedEmail } from "../auth/email-verification.ts";
import type { SessionUser } from "../auth/session.ts";
import type { Mailer } from "../mail/mailer.ts";
import { invitationMail } from "../mail/templates.ts";
import { requirePermission } from "../workspaces/workspaces.service.ts";
import * as repo from "./invitations.repository.ts";

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  /** The web app's public origin; the mailed link is `${appUrl}/invite/accept?token=...`. */
  appUrl: string;
  log: FastifyBaseLogger;
  /** ADMIN_EMAILS: an addressee who proves their address by accepting may be one. */
  adminEmails?: readonly string[];
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = "Invitation not found";

/** 32 random bytes for the link; only their SHA-256 is stored, so a database leak opens nothing. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function isPastExpiry(invitation: repo.InvitationRow, now: Date): boolean {
  return invitation.expiresAt.getTime() <= now.getTime();
}

function person(fullName: string | null, email: string | null): InvitationPerson | null {
  return fullName !== null && email !== null ? { fullName, email } : null;
}

type RowWithInviter = {
  invitation: repo.InvitationRow;
  inviterFullName: string | null;
  inviterEmail: string | null;
};

function toWorkspaceInvitation(row: RowWithInviter, now: Date): WorkspaceInvitation {
  const { invitation } = row;
  return {
    id: invitation.id,
    invitedEmail: invitation.invitedEmail,
    role: assignable(invitation.workspaceRole),
    status: isPastExpiry(invitation, now) ? "expired" : "pending",
    invitedBy: person(row.inviterFullName, row.inviterEmail),
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The table's check constraint keeps invitations to these two roles. */
function assignable(role: "owner" | "admin" | "member"): AssignableWorkspaceRole {
  if (role === "owner") throw new Error("an invitation cannot carry the owner role");
  return role;
}

export async function listInvitations(
  deps: InvitationDeps,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceInvitation[]> {
  await requirePermission(deps.db, workspaceId, userId, "manageInvitations");
  const now = deps.now?.() ?? new Date();
  const rows = await repo.listPending(deps.db, workspaceId);
  return rows.map((row) => toWorkspaceInvitation(row, now));
}

/**
 * Issue 6: owners and admins invite by email with the role member or admin. One pending
 * invitation per email; an expired one is replaced. The mail carries the only copy of the token.
 */
export async function sendInvitation(
  deps: InvitationDeps,
  workspaceId: string,
  inviter: SessionUser,
  input: { email: string; role: AssignableWorkspaceRole },
): Promise<WorkspaceInvitation> {
  const { db } = deps;
  await requirePermission(db, workspaceId, inviter.id, "manageInvitations");
  await requireVerifiedEmail(db, inviter.id);
  const email = input.email.toLowerCase();
  const now = deps.now?.() ?? new Date();

  if (await repo.isMemberByEmail(db, workspaceId, email)) {
    throw new AppError("ALREADY_MEMBER", `${email} is already a member of this workspace`);
  }
  const alreadyPending = () =>
    new AppError("INVITATION_ALREADY_PENDING", `An invitation has already been sent to ${email}`);
  const pending = await repo.findPendingForEmail(db, workspaceId, email);
  if (pending && !isPastExpiry(pending, now)) throw alreadyPending();

  const { token, tokenHash } = newInvitationToken();
  let created: repo.InvitationRow;
  try {
    created = await db.transaction(async (tx) => {
      await repo.expirePendingForEmail(tx, workspaceId, email, now);
      return repo.insert(tx, {
        workspaceId,
        invitedEmail: email,
        workspaceRole: input.role,
        tokenHash,
        invitedByUserId: inviter.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        createdAt: now,
      });
    });
  } catch (error) {
    // Two invitations to one email at the same time: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw alreadyPending();
    throw error;
  }

  const workspaceName = (await repo.findWorkspaceName(db, workspaceId)) ?? "a workspace";
  const url = `${deps.appUrl}/invite/accept?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(
      invitationMail({
        to: email,
        inviterName: inviter.fullName,
        workspaceName,
        role: input.role,
        url,
        expiresAt: created.expiresAt,
      }),
    );
  } catch (error) {
    // An invitation nobody received would block sending it again for a week.
    await repo.removeById(db, created.id);
    deps.log.warn(
      { invitationId: created.id, reason: error instanceof Error ? error.message : "unknown" },
      "invitation mail not sent",
    );
    throw new AppError(
      "MAIL_DELIVERY_FAILED",
      "The invitation email could not be sent. Please try again.",
    );
  }

  const row = await repo.findWithInviter(db, created.id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toWorkspaceInvitation(row, now);
}

/** Spec §4: "Cancelling removes it"; the link then answers Invitation Not Found. */
export async function cancelInvitation(
  deps: InvitationDeps,
  workspaceId: string,
  userId: string,
  invitationId: string,
): Promise<void> {
  await requirePermission(deps.db, workspaceId, userId, "manageInvitations");
  if (!(await repo.removePending(deps.db, workspaceId, invitationId))) {
    throw new AppError("NOT_FOUND", NOT_FOUND);
  }
}

/**
 * What the acceptance page shows, for anyone holding the link (signed in or not): the token is
 * the proof. Nothing about the token or the workspace beyond its name goes out.
 */
export async function lookupInvitation(
  deps: InvitationDeps,
  token: string,
): Promise<InvitationLookupResponse["invitation"]> {
  const row = await repo.findByTokenHash(deps.db, hashInvitationToken(token));
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  const { invitation } = row;
  const now = deps.now?.() ?? new Date();
  const status =
    invitation.status === "pending" && isPastExpiry(invitation, now)
      ? "expired"
      : invitation.status;
  return {
    workspace: { name: row.workspaceName },
    invitedBy: person(row.inviterFullName, row.inviterEmail),
    invitedEmail: invitation.invitedEmail,
    role: assignable(invitation.workspaceRole),
    status,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts or declines in one transaction holding the invitation's row lock, so a link is used
 * once however many requests race for it. Checks in the order of the acceptance page (spec §4).
 */
async function respond(
  deps: InvitationDeps,
  user: SessionUser,
  token: string,
  decision: "accepted" | "declined",
) {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const invitation = await repo.lockByTokenHash(tx, hashInvitationToken(token));
    if (!invitation) throw new AppError("NOT_FOUND", NOT_FOUND);
    if (invitation.status !== "pending") {
      throw new AppError(
        "INVITATION_NOT_PENDING",
        `This invitation has already been ${invitation.status}`,
      );
    }
    if (isPastExpiry(invitation, now)) {
      throw new AppError(
        "INVITATION_EXPIRED",
        `This invitation expired on ${invitation.expiresAt.toISOString().slice(0, 10)}. Please contact the workspace owner for a new invitation.`,
      );
    }
    if (user.email.toLowerCase() !== invitation.invitedEmail.toLowerCase()) {
      throw new AppError(
        "EMAIL_MISMATCH",
        `This invitation was sent to ${invitation.invitedEmail}. Please sign in with the correct email address or contact the workspace owner.`,
      );
    }
    await repo.markResponded(tx, invitation.id, decision, user.id, now);
    const role = assignable(invitation.workspaceRole);
    if (decision === "accepted") {
      await repo.addMember(tx, {
        workspaceId: invitation.workspaceId,
        userId: user.id,
        workspaceRole: role,
      });
      // The link reached this very address, which proves it as the verification link would.
      if (await markEmailVerified(tx, user.id)) {
        await grantAdminIfListed(tx, deps.adminEmails ?? [], user);
      }
    }
    const name = await repo.findWorkspaceName(tx, invitation.workspaceId);
    if (name === undefined) throw new AppError("NOT_FOUND", NOT_FOUND);
    return { workspace: { id: invitation.workspaceId, name }, role };
  });
}

/** Joins the workspace; the browser then selects it (spec §4), nothing is selected here. */
export function acceptInvitation(
  deps: InvitationDeps,
  user: SessionUser,
  token: string,
): Promise<AcceptInvitationResponse> {
  return respond(deps, user, token, "accepted");
}

export async function declineInvitation(
  deps: InvitationDeps,
  user: SessionUser,
  token: string,
): Promise<void> {
  await respond(deps, user, token, "declined");
}
