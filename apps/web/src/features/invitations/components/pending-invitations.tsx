import type { WorkspaceInvitation } from "@utmost/contracts";
import { MailPlus, X } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useCancelInvitation, useWorkspaceInvitations } from "../api/workspace-invitations";

function InvitationRow({
  invitation,
  cancelling,
  onCancel,
}: {
  invitation: WorkspaceInvitation;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const expired = invitation.status === "expired";
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" aria-label={invitation.invitedEmail}>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{invitation.invitedEmail}</p>
        <p className="text-xs text-muted-foreground">
          {invitation.invitedBy ? `Invited by ${invitation.invitedBy.fullName} · ` : ""}
          {expired
            ? `Expired ${formatDate(invitation.expiresAt)}`
            : `Expires ${formatDate(invitation.expiresAt)}`}
        </p>
      </div>
      <Badge variant="secondary" className="capitalize">
        {invitation.role}
      </Badge>
      <Badge variant={expired ? "destructive" : "warning"}>{expired ? "Expired" : "Pending"}</Badge>
      <Button
        variant="ghost"
        size="sm"
        disabled={cancelling}
        aria-label={`Cancel invitation for ${invitation.invitedEmail}`}
        onClick={onCancel}
      >
        <X aria-hidden />
        Cancel
      </Button>
    </li>
  );
}

/** Spec §2: the workspace's pending invitations, each of which can be cancelled. */
export function PendingInvitations({
  workspaceId,
  canManage,
}: {
  workspaceId: string;
  canManage: boolean;
}) {
  const invitations = useWorkspaceInvitations(workspaceId, { enabled: canManage });
  const cancel = useCancelInvitation(workspaceId);
  // Cancelling cannot be undone (the link stops working), so it is asked first.
  const [confirming, setConfirming] = useState<WorkspaceInvitation | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Invitations</CardTitle>
        <CardDescription>
          {canManage
            ? "Invitations that have not been accepted yet."
            : "Only the workspace owner or an admin can see and manage invitations."}
        </CardDescription>
      </CardHeader>
      {canManage ? (
        <CardContent>
          {invitations.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : invitations.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load invitations: {errorMessage(invitations.error)}
            </p>
          ) : invitations.data.length === 0 ? (
            <EmptyState icon={MailPlus} title="No pending invitations" className="py-8" />
          ) : (
            <ul className="divide-y">
              {invitations.data.map((invitation) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  cancelling={cancel.isPending && cancel.variables === invitation.id}
                  onCancel={() => setConfirming(invitation)}
                />
              ))}
            </ul>
          )}
          <ConfirmDialog
            open={confirming !== null}
            title="Cancel this invitation?"
            description={
              confirming
                ? `${confirming.invitedEmail} will no longer be able to join with the link they were sent. You can invite them again later.`
                : ""
            }
            confirmLabel="Cancel Invitation"
            pending={cancel.isPending}
            onConfirm={() => {
              if (!confirming) return;
              cancel.mutate(confirming.id, { onSuccess: () => setConfirming(null) });
            }}
            onClose={() => setConfirming(null)}
          />
        </CardContent>
      ) : null}
    </Card>
  );
}
