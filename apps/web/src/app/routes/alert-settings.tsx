import { BellOff } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { WorkspaceGate } from "@/components/workspace-gate";

/** `/alert-settings`: alert rules arrive with their API; until then, the empty state. */
export function AlertSettingsRoute() {
  return (
    <WorkspaceGate>
      {() => (
        <EmptyState
          icon={BellOff}
          title="No alert rules configured yet"
          description="Alert rules notify you by email, Slack or webhook when a property's UTM health changes."
        />
      )}
    </WorkspaceGate>
  );
}
