import { WorkspaceGate } from "@/components/workspace-gate";
import { ConnectPropertyCard } from "@/features/data-sources/components/connect-property-card";

/** `/connect-data-source`: starts the Google OAuth flow for the selected workspace. */
export function ConnectDataSourceRoute() {
  return (
    <WorkspaceGate>
      {(workspace) => <ConnectPropertyCard workspaceId={workspace.id} />}
    </WorkspaceGate>
  );
}
