import { Loader2, LogIn, MailX, UserCheck } from "lucide-react";
import { Link, useLocation, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { useInvitation } from "@/features/invitations/api/get-invitation";
import { InvitationCard } from "@/features/invitations/components/invitation-card";
import { useMe } from "@/lib/auth";

function HomeButton() {
  return (
    <Button asChild variant="outline">
      <Link to="/">Return to Home</Link>
    </Button>
  );
}

function InvitationByToken({ token }: { token: string }) {
  const location = useLocation();
  const invitation = useInvitation(token);
  const me = useMe();

  if (invitation.isPending || me.isPending) {
    return (
      <InvitationCard
        icon={Loader2}
        spinning
        title="Validating invitation..."
        description="Please wait while we check your invitation."
      />
    );
  }
  if (invitation.isError) {
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
  }
  if (!me.data) {
    // Spec §2: both buttons come back to this invitation after authenticating.
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <InvitationCard
        icon={LogIn}
        title="Sign In Required"
        description="Please sign in or create an account to accept this invitation."
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
  return (
    <InvitationCard
      icon={UserCheck}
      title="Workspace Invitation"
      description={`You are signed in as ${me.data.user.email}.`}
    >
      <Button asChild variant="outline">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </InvitationCard>
  );
}

/** `/invite/accept?token=…` (spec §2, §4 "Invitation"). */
export function InviteAcceptRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  if (!token) {
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
  }
  return <InvitationByToken token={token} />;
}
