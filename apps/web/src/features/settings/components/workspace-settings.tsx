import type { WorkspaceSummary } from "@utmost/contracts";
import { Layers } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

const TYPE_LABELS: Record<WorkspaceSummary["type"], string> = {
  personal: "Personal",
  team: "Team",
};

export function WorkspaceSettings({ workspace }: { workspace: WorkspaceSummary | null }) {
  if (!workspace) return <EmptyState icon={Layers} title="No workspace selected" />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Workspace</CardTitle>
        <CardDescription>The workspace selected in the sidebar.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid max-w-md grid-cols-[8rem_1fr] gap-y-3 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">{workspace.name}</dd>
          <dt className="text-muted-foreground">Type</dt>
          <dd>{TYPE_LABELS[workspace.type]}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
