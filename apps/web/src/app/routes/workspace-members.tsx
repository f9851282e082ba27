import { type WorkspaceSummary, workspaceRoleCan } from "@utmost/contracts";
import { Plus } from "lucide-react";
import { useState } from "react";
import { CreateWorkspaceDialog } from "@/components/create-workspace-dialog";
import { Button } from "@/components/ui/button";
import { WorkspaceGate } from "@/components/workspace-gate";
import { InviteMemberForm } from "@/features/invitations/components/invite-member-form";
import { PendingInvitations } from "@/features/invitations/components/pending-invitations";
import { MembersList } from "@/features/workspaces/components/members-list";
import { RoleBadge } from "@/features/workspaces/components/role-badge";

function TeamMembers({ workspace }: { workspace: WorkspaceSummary }) {
  const [creating, setCreating] = useState(false);
  const canManageInvitations = workspaceRoleCan(workspace.role, "manageInvitations");
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="truncate text-lg font-semibold">{workspace.name}</h2>
          <RoleBadge role={workspace.role} />
        </div>
        <Button variant="outline" onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          Create Workspace
        </Button>
      </div>
      <InviteMemberForm workspaceId={workspace.id} canInvite={canManageInvitations} />
      <MembersList workspace={workspace} />
      <PendingInvitations workspaceId={workspace.id} canManage={canManageInvitations} />
      <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

/** `/workspace/members` (spec §2): members, pending invitations, the invite form. */
export function WorkspaceMembersRoute() {
  return <WorkspaceGate>{(workspace) => <TeamMembers workspace={workspace} />}</WorkspaceGate>;
}
