import type { WorkspaceSummary } from "@utmost/contracts";
import { AlertCircle, BarChart3, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useStartGoogleOAuth } from "@/lib/google-oauth";
import {
  ADD_PROPERTY_OFFER,
  ADD_PROPERTY_PATH,
  PROPERTY_LIMIT_TOAST,
  planRoom,
} from "@/lib/plan-room";

export function ConnectPropertyCard({ workspace }: { workspace: WorkspaceSummary | null }) {
  const workspaceId = workspace?.id ?? null;
  const { data: me } = useMe();
  const room = workspace ? planRoom(workspace, me?.user.id) : null;
  const start = useStartGoogleOAuth({
    onError: (error) => {
      if (isApiError(error) && error.code === "DATA_SOURCE_LIMIT_REACHED") {
        toast.error(PROPERTY_LIMIT_TOAST.title, { description: PROPERTY_LIMIT_TOAST.description });
        return;
      }
      toast.error(`Failed to start connection: ${errorMessage(error)}`);
    },
  });
  // The page leaves for Google on success, so the button stays busy until it does.
  const busy = start.isPending || start.isSuccess;

  // Without a selected workspace the server connects to the user's first one, creating it if
  // the user has none.
  const authorize = () => start.mutate(workspaceId ? { workspaceId } : {});

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader className="items-center text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <BarChart3 className="size-6" aria-hidden />
        </div>
        <CardTitle className="pt-2 text-xl">Connect Google Analytics 4</CardTitle>
        <CardDescription>
          One-click OAuth: sign in with Google and allow Utmost to read your Analytics data. It
          takes about 60 seconds.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        {room?.atLimit ? (
          // Spec §5: adding is blocked at the limit; say so here, before the trip to Google.
          <div
            role="status"
            className="flex w-full flex-col gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
          >
            <p className="flex items-center gap-2 font-medium">
              <AlertCircle className="size-4 shrink-0 text-warning-foreground" aria-hidden />
              {PROPERTY_LIMIT_TOAST.title}
            </p>
            <p>
              {room.used} of {room.limit} analytics properties on{" "}
              {room.viewerIsOwner ? "your" : "the workspace owner's"} {room.planName} plan are in
              use
              {room.countsOtherWorkspaces ? ", across all of the owner's workspaces" : ""}.{" "}
              {room.canBuyProperty ? (
                <Link to={ADD_PROPERTY_PATH} className="font-medium text-primary hover:underline">
                  {ADD_PROPERTY_OFFER}
                </Link>
              ) : room.viewerIsOwner ? (
                <Link to="/settings/billing" className="font-medium text-primary hover:underline">
                  Upgrade your plan
                </Link>
              ) : (
                "Only the workspace owner can upgrade it."
              )}
            </p>
          </div>
        ) : null}
        <Button size="lg" disabled={busy || room?.atLimit} onClick={authorize}>
          {busy ? <Spinner /> : null}
          Authorize Google Analytics
        </Button>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="size-4" aria-hidden />
          Your Google tokens are stored encrypted.
        </p>
      </CardContent>
    </Card>
  );
}
