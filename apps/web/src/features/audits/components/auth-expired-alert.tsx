import type { DataSource, Scan } from "@utmost/contracts";
import { KeyRound, RefreshCw } from "lucide-react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useStartGoogleOAuth } from "@/lib/google-oauth";

/** Spec §2 and §8: the failed scan's own message, and a way to grant access again. */
export function AuthExpiredAlert({ scan, dataSource }: { scan: Scan; dataSource: DataSource }) {
  const reconnect = useStartGoogleOAuth({
    onError: (error) =>
      toast.error("Failed to start reconnection", { description: errorMessage(error) }),
  });
  const busy = reconnect.isPending || reconnect.isSuccess;

  return (
    <Alert variant="destructive">
      <KeyRound aria-hidden />
      <AlertTitle>Authentication Expired</AlertTitle>
      <AlertDescription>
        <p>{scan.errorMessage ?? "Google no longer accepts this property's authorization."}</p>
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={busy}
          onClick={() =>
            reconnect.mutate({ workspaceId: dataSource.workspaceId, dataSourceId: dataSource.id })
          }
        >
          {busy ? <Spinner /> : <RefreshCw />}
          Reconnect Google Analytics
        </Button>
      </AlertDescription>
    </Alert>
  );
}
