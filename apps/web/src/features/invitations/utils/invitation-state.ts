import { safeRedirectPath } from "@/lib/redirect";

/** What the acceptance page needs to know of an invitation. */
export interface InvitationFacts {
  status: string;
  invitedEmail: string;
  expiresAt: string;
}

/** The acceptance page's states, in the order spec §4 checks them. */
export type InvitationState =
  | { kind: "invalid" }
  | { kind: "validating" }
  | { kind: "not-found" }
  | { kind: "already"; status: string }
  | { kind: "expired"; expiresAt: string }
  | { kind: "sign-in-required" }
  | { kind: "email-mismatch"; invitedEmail: string; signedInEmail: string }
  | { kind: "ready" };

export interface InvitationStateInput {
  token: string | null;
  invitation: { isPending: boolean; isError: boolean; data: InvitationFacts | undefined };
  session: { isPending: boolean; email: string | null };
  now: Date;
}

/** Spec §5: the signed-in email must equal the invited one, ignoring case. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Spec §4 "Invitation": no token, validating, not found, not pending, expired, not signed in,
 * another account, and only then the accept / decline card.
 */
export function decideInvitationState({
  token,
  invitation,
  session,
  now,
}: InvitationStateInput): InvitationState {
  if (!token) return { kind: "invalid" };
  if (invitation.isPending || session.isPending) return { kind: "validating" };
  if (invitation.isError || !invitation.data) return { kind: "not-found" };
  const { status, expiresAt, invitedEmail } = invitation.data;
  // The server reports a pending invitation past its expiry as `expired`; the clock check
  // covers a page left open across the expiry.
  const pastExpiry = new Date(expiresAt).getTime() <= now.getTime();
  if (status === "expired" || (status === "pending" && pastExpiry)) {
    return { kind: "expired", expiresAt };
  }
  if (status !== "pending") return { kind: "already", status };
  if (session.email === null) return { kind: "sign-in-required" };
  if (!sameEmail(session.email, invitedEmail)) {
    return { kind: "email-mismatch", invitedEmail, signedInEmail: session.email };
  }
  return { kind: "ready" };
}

/** The invitation token in a return path such as `/invite/accept?token=…`, else null. */
export function invitationToken(redirect: string | null): string | null {
  const path = safeRedirectPath(redirect);
  if (path === null) return null;
  const url = new URL(path, "http://same.origin");
  return url.pathname === "/invite/accept" ? url.searchParams.get("token") || null : null;
}
