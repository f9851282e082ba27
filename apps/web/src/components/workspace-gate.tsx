import type { WorkspaceSummary } from "@utmost/contracts";
import { Layers } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingScreen } from "@/components/ui/spinner";
import { useSelectedWorkspace } from "@/lib/workspaces";

/** Renders its children for the selected workspace, or the spec's "select one first" state. */
export function WorkspaceGate({
  children,
}: {
  children: (workspace: WorkspaceSummary) => ReactNode;
}) {
  const { workspace, isPending } = useSelectedWorkspace();
  if (isPending) return <LoadingScreen />;
  if (!workspace) {
    return (
      <EmptyState
        icon={Layers}
        title="Please select a workspace first"
        description="Choose a workspace in the sidebar to continue."
      />
    );
  }
  return children(workspace);
}
