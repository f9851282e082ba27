import { WorkspaceGate } from "@/components/workspace-gate";
import { MembersList } from "@/features/workspaces/components/members-list";

/** `/workspace/members`. */
export function WorkspaceMembersRoute() {
  return <WorkspaceGate>{(workspace) => <MembersList workspaceId={workspace.id} />}</WorkspaceGate>;
}
