import { WorkspaceGate } from "@/components/workspace-gate";
import { NoPropertiesState } from "@/features/data-sources/components/no-properties-state";

/** `/data-sources`: the property table arrives with its API; until then, the empty state. */
export function DataSourcesRoute() {
  return <WorkspaceGate>{() => <NoPropertiesState />}</WorkspaceGate>;
}
