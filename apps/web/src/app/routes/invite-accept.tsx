import { useSearchParams } from "react-router";
import { InvitationAcceptance } from "@/features/invitations/components/invitation-acceptance";

/** `/invite/accept?token=…` (spec §2, §4 "Invitation"). */
export function InviteAcceptRoute() {
  const [searchParams] = useSearchParams();
  return <InvitationAcceptance token={searchParams.get("token")} />;
}
