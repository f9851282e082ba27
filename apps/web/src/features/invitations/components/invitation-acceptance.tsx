import type { InvitationLookupResponse } from "@utmost/contracts";
import { CheckCircle2, Clock, Loader2, LogIn, MailCheck, MailX, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useSignOut, useVisitorMe } from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { useInvitation } from "../api/get-invitation";
import { useAcceptInvitation, useDeclineInvitation } from "../api/respond-to-invitation";
import { decideInvitationState } from "../utils/invitation-state";
import { InvitationCard } from "./invitation-card";

/** Spec §9: the page waits 2 s on the success message before the dashboard. */
export const REDIRECT_AFTER_ACCEPT_MS = 2000;

type Invitation = InvitationLookupResponse["invitation"];

const ROLE_LABELS: Record<Invitation["role"], string> = { admin: "an admin", member: "a member" };

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function HomeButton() {
  return (
    <Button asChild variant="outline">
      <Link to="/">Return to Home</Link>
    </Button>
  );
}

function DashboardButton() {
  return (
    <Button asChild variant="outline">
      <Link to="/dashboard">Go to Dashboard</Link>
    </Button>
  );
}

function inviterName(invitation: Invitation): string {
  return invitation.invitedBy?.fullName || invitation.invitedBy?.email || "A teammate";
}

/** Signs out and opens sign-in with this invitation as the place to come back to. */
function SwitchAccountButton({ returnTo }: { returnTo: string }) {
  const navigate = useNavigate();
  const signOut = useSignOut({
    onError: (error) => toast.error("Sign out failed", { description: errorMessage(error) }),
    onSettled: () =>
      navigate(`/auth?mode=signin&redirect=${encodeURIComponent(returnTo)}`, { replace: true }),
  });
  return (
    <Button disabled={signOut.isPending} onClick={() => signOut.mutate()}>
      {signOut.isPending ? <Spinner /> : null}
      Sign in with another account
    </Button>
  );
}

function AcceptedCard({ workspaceName }: { workspaceName: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => navigate("/dashboard", { replace: true }),
      REDIRECT_AFTER_ACCEPT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <InvitationCard
      icon={CheckCircle2}
      title="Success! Redirecting to dashboard..."
      description={`You are now a member of ${workspaceName}.`}
    />
  );
}

function ReadyCard({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const [joined, setJoined] = useState<string | null>(null);
  const accept = useAcceptInvitation({ onSuccess: (workspace) => setJoined(workspace.name) });
  const decline = useDeclineInvitation({ onSuccess: () => navigate("/dashboard") });
  const busy = accept.isPending || decline.isPending;

  if (joined !== null) return <AcceptedCard workspaceName={joined} />;
  return (
    <InvitationCard
      icon={UserPlus}
      title={`Join ${invitation.workspace.name}`}
      description={`${inviterName(invitation)} invited you to join ${invitation.workspace.name} as ${ROLE_LABELS[invitation.role]}.`}
    >
      <Button disabled={busy} onClick={() => accept.mutate(token)}>
        {accept.isPending ? <Spinner /> : <MailCheck aria-hidden />}
        Accept Invitation
      </Button>
      <Button variant="outline" disabled={busy} onClick={() => decline.mutate(token)}>
        {decline.isPending ? <Spinner /> : null}
        Decline
      </Button>
    </InvitationCard>
  );
}

/** `/invite/accept?token=…`: every state of spec §4 "Invitation", in its order. */
export function InvitationAcceptance({ token }: { token: string | null }) {
  const location = useLocation();
  const invitation = useInvitation(token);
  // Asked only when the page came with a session cookie, or known from a sign-in in this tab: a
  // visitor opening the link from their mail is asked to sign in with no request about them.
  const me = useVisitorMe();
  const state = decideInvitationState({
    token,
    invitation: {
      isPending: invitation.isPending,
      isError: invitation.isError,
      data: invitation.data,
    },
    // Loading, not pending: a question never asked (no session cookie) is a visitor.
    session: { isPending: me.isLoading, email: me.data?.user.email ?? null },
    now: new Date(),
  });
  const returnTo = `${location.pathname}${location.search}`;

  switch (state.kind) {
    case "invalid":
      return (
        <InvitationCard
          icon={MailX}
          tone="destructive"
          title="Invalid Invitation"
          description="This invitation link is invalid or incomplete."
        >
          <HomeButton />
        </InvitationCard>
      );
    case "validating":
      return (
        <InvitationCard
          icon={Loader2}
          spinning
          title="Validating invitation..."
          description="Please wait while we check your invitation."
        />
      );
    case "not-found":
      return (
        <InvitationCard
          icon={MailX}
          tone="destructive"
          title="Invitation Not Found"
          description="This invitation is invalid, has expired, or has already been used."
        >
          <HomeButton />
        </InvitationCard>
      );
    case "already":
      return (
        <InvitationCard
          icon={MailCheck}
          title={`Invitation Already ${capitalize(state.status)}`}
          description={`This invitation has already been ${state.status}.`}
        >
          {me.data ? <DashboardButton /> : <HomeButton />}
        </InvitationCard>
      );
    case "expired":
      return (
        <InvitationCard
          icon={Clock}
          tone="destructive"
          title="Invitation Expired"
          description={`This invitation expired on ${formatDate(state.expiresAt)}. Please contact the workspace owner for a new invitation.`}
        >
          {me.data ? <DashboardButton /> : <HomeButton />}
        </InvitationCard>
      );
    case "sign-in-required": {
      // Spec §2: both buttons come back to this invitation after authenticating.
      const redirect = encodeURIComponent(returnTo);
      const name = invitation.data?.workspace.name ?? "a workspace";
      return (
        <InvitationCard
          icon={LogIn}
          title="Sign In Required"
          description={`You've been invited to join ${name}. Please sign in or create an account with ${invitation.data?.invitedEmail ?? "the invited email"} to accept this invitation.`}
        >
          <Button asChild>
            <Link to={`/auth?mode=signin&redirect=${redirect}`}>Sign In</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/auth?mode=signup&redirect=${redirect}`}>Sign Up</Link>
          </Button>
        </InvitationCard>
      );
    }
    case "email-mismatch":
      return (
        <InvitationCard
          icon={MailX}
          tone="destructive"
          title="Email Mismatch"
          description={`This invitation was sent to ${state.invitedEmail}, but you are signed in as ${state.signedInEmail}. Please sign in with the correct email address or contact the workspace owner.`}
        >
          <SwitchAccountButton returnTo={returnTo} />
          <DashboardButton />
        </InvitationCard>
      );
    case "ready":
      return invitation.data && token ? (
        <ReadyCard token={token} invitation={invitation.data} />
      ) : null;
  }
}
