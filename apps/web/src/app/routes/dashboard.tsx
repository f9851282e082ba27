import { DEFAULT_DATA_SOURCE_LIMIT } from "@utmost/contracts";
import { Layers } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingScreen } from "@/components/ui/spinner";
import { NoPropertiesState } from "@/features/data-sources/components/no-properties-state";
import { PropertiesUsageCard } from "@/features/data-sources/components/properties-usage-card";
import { WorkspaceCard } from "@/features/workspaces/components/workspace-card";
import { useMe } from "@/lib/auth";
import { useSelectedWorkspace } from "@/lib/workspaces";

/** Spec §4 "Checkout": a successful payment comes back to `/dashboard?payment=success`. */
function usePaymentSuccessToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const paymentSucceeded = searchParams.get("payment") === "success";

  useEffect(() => {
    if (!paymentSucceeded) return;
    toast.success("Subscription activated!", { id: "payment-success" });
    // Drop the flag so a refresh does not announce it again.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("payment");
        return next;
      },
      { replace: true },
    );
  }, [paymentSucceeded, setSearchParams]);
}

export function DashboardRoute() {
  usePaymentSuccessToast();
  const { data: me } = useMe();
  const { workspace, isPending } = useSelectedWorkspace();

  if (isPending) return <LoadingScreen />;

  const used = workspace?.dataSourceCount ?? 0;
  const limit =
    workspace?.dataSourceLimit ?? me?.subscription?.dataSourceLimit ?? DEFAULT_DATA_SOURCE_LIMIT;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        {workspace ? (
          <WorkspaceCard workspace={workspace} />
        ) : (
          <EmptyState icon={Layers} title="Please select a workspace first" />
        )}
        <PropertiesUsageCard used={used} limit={limit} />
      </div>
      {used === 0 ? <NoPropertiesState /> : null}
    </div>
  );
}
