import type { WorkspaceSummary } from "@utmost/contracts";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkspaceGate } from "@/components/workspace-gate";
import { NoPropertiesState } from "@/features/data-sources/components/no-properties-state";
import { PropertiesTable } from "@/features/data-sources/components/properties-table";
import { useReconnectedToast } from "@/features/data-sources/hooks/use-reconnected-toast";
import { errorMessage } from "@/lib/api-client";
import { useDataSources } from "@/lib/data-sources";

function WorkspaceProperties({ workspace }: { workspace: WorkspaceSummary }) {
  const dataSources = useDataSources(workspace.id);
  if (dataSources.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (dataSources.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load analytics properties: {errorMessage(dataSources.error)}
      </p>
    );
  }
  if (dataSources.data.length === 0) return <NoPropertiesState />;
  return <PropertiesTable dataSources={dataSources.data} />;
}

/** `/data-sources`: the workspace's analytics properties (spec §2). */
export function DataSourcesRoute() {
  useReconnectedToast();
  return (
    <WorkspaceGate>{(workspace) => <WorkspaceProperties workspace={workspace} />}</WorkspaceGate>
  );
}
