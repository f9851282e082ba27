import type { DataSource } from "@utmost/contracts";
import { RefreshCw } from "lucide-react";
import type { ComponentProps } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useStartGoogleOAuth } from "@/lib/google-oauth";

/**
 * Spec §4 Reconnect: starts the Google step again for this property; Google's answer updates its
 * tokens and sets it active. Offered wherever an expired authorization stops an audit, instead of
 * an audit that would fail the same way.
 */
export function ReconnectGoogleButton({
  dataSource,
  label = "Reconnect Google Analytics",
  ...buttonProps
}: {
  dataSource: Pick<DataSource, "id" | "workspaceId">;
  label?: string;
} & Omit<ComponentProps<typeof Button>, "onClick" | "children">) {
  const reconnect = useStartGoogleOAuth({
    onError: (error) =>
      toast.error("Failed to start reconnection", { description: errorMessage(error) }),
  });
  // The page leaves for Google on success, so the button stays busy until it does.
  const busy = reconnect.isPending || reconnect.isSuccess;
  return (
    <Button
      {...buttonProps}
      disabled={busy || buttonProps.disabled}
      onClick={() =>
        reconnect.mutate({ workspaceId: dataSource.workspaceId, dataSourceId: dataSource.id })
      }
    >
      {busy ? <Spinner /> : <RefreshCw />}
      {label}
    </Button>
  );
}
