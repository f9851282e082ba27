import type { WorkspaceSummary } from "@utmost/contracts";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkspaceGate } from "@/components/workspace-gate";
import { LinkBuilderForm } from "@/features/builder/components/link-builder-form";
import { LinkHistory } from "@/features/builder/components/link-history";
import { errorMessage } from "@/lib/api-client";
import { useConventions } from "@/lib/conventions";

function Builder({ workspace }: { workspace: WorkspaceSummary }) {
  const conventions = useConventions(workspace.id);
  return (
    <div className="flex flex-col gap-6">
      {conventions.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : conventions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the workspace's naming conventions: {errorMessage(conventions.error)}
        </p>
      ) : (
        <LinkBuilderForm
          key={workspace.id}
          workspaceId={workspace.id}
          conventions={conventions.data.conventions}
        />
      )}
      <LinkHistory workspaceId={workspace.id} />
    </div>
  );
}

/** `/builder` (ADR 012): the UTM link builder and the workspace's saved links. */
export function BuilderRoute() {
  return <WorkspaceGate>{(workspace) => <Builder workspace={workspace} />}</WorkspaceGate>;
}
