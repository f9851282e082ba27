import { DEFAULT_DATA_SOURCE_LIMIT, TIER_LABELS, type WorkspaceSummary } from "@utmost/contracts";
import { Layers } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadingScreen } from "@/components/ui/spinner";
import { WorkspacePaymentGrace } from "@/features/billing/components/payment-grace-alert";
import { usePaymentSuccess } from "@/features/billing/hooks/use-payment-success";
import { NoPropertiesState } from "@/features/data-sources/components/no-properties-state";
import { PropertiesUsageCard } from "@/features/data-sources/components/properties-usage-card";
import { PropertyGrid } from "@/features/data-sources/components/property-grid";
import { WorkspaceCard } from "@/features/workspaces/components/workspace-card";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useDataSources } from "@/lib/data-sources";
import { planRoom } from "@/lib/plan-room";
import { useSelectedWorkspace } from "@/lib/workspaces";

function WorkspaceDashboard({ workspace }: { workspace: WorkspaceSummary }) {
  const dataSources = useDataSources(workspace.id);
  const { data: me } = useMe();
  // The list is fresher than the workspace summary once it has loaded: this workspace's share of
  // the owner's count follows it.
  const fresh = {
    ...workspace,
    dataSourceCount: dataSources.data?.length ?? workspace.dataSourceCount,
    ownerDataSourcesUsed:
      workspace.ownerDataSourcesUsed -
      workspace.dataSourceCount +
      (dataSources.data?.length ?? workspace.dataSourceCount),
  };

  return (
    <div className="flex flex-col gap-6">
      <WorkspacePaymentGrace workspace={workspace} />
      <div className="grid gap-6 lg:grid-cols-2">
        <WorkspaceCard workspace={fresh} />
        <PropertiesUsageCard room={planRoom(fresh, me?.user.id)} />
      </div>
      <section aria-labelledby="dashboard-properties" className="flex flex-col gap-4">
        <h2 id="dashboard-properties" className="text-lg font-semibold">
          Your Analytics Properties
        </h2>
        {dataSources.isPending ? (
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            <Skeleton className="h-64" />
            <Skeleton className="h-64" />
          </div>
        ) : dataSources.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load analytics properties: {errorMessage(dataSources.error)}
          </p>
        ) : dataSources.data.length === 0 ? (
          <NoPropertiesState />
        ) : (
          <PropertyGrid dataSources={dataSources.data} />
        )}
      </section>
    </div>
  );
}

export function DashboardRoute() {
  usePaymentSuccess();
  const { data: me } = useMe();
  const { workspace, isPending } = useSelectedWorkspace();

  if (isPending) return <LoadingScreen />;
  if (workspace) return <WorkspaceDashboard workspace={workspace} />;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <EmptyState icon={Layers} title="Please select a workspace first" />
      <PropertiesUsageCard
        room={{
          planName: TIER_LABELS[me?.subscription?.tier ?? "free"],
          used: me?.subscription?.dataSourcesUsed ?? 0,
          limit: me?.subscription?.dataSourceLimit ?? DEFAULT_DATA_SOURCE_LIMIT,
          atLimit:
            (me?.subscription?.dataSourcesUsed ?? 0) >=
            (me?.subscription?.dataSourceLimit ?? DEFAULT_DATA_SOURCE_LIMIT),
          viewerIsOwner: true,
          countsOtherWorkspaces: false,
          canBuyProperty: (me?.subscription?.tier ?? "free") !== "free",
          canUpgrade: me?.subscription?.tier !== "agency",
        }}
      />
    </div>
  );
}
