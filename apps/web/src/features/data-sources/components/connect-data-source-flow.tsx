import { CreateDataSourceRequestSchema } from "@utmost/contracts";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { LoadingScreen } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api-client";
import { PROPERTY_LIMIT_TOAST } from "@/lib/plan-room";
import {
  forgetOnboardingConnect,
  forgetReconnect,
  isOnboardingConnect,
  isReconnect,
} from "@/lib/storage";
import { useSelectedWorkspace } from "@/lib/workspaces";
import { useCreateDataSource } from "../api/create-data-source";
import { useGoogleConnection } from "../api/get-google-connection";
import { ConnectPropertyCard } from "./connect-property-card";
import { PropertyPicker } from "./property-picker";

/**
 * Whether this connection started in onboarding, which it goes back to when it ends (spec §4);
 * reading it ends the onboarding connection either way.
 */
function endOnboardingConnect(): boolean {
  const fromOnboarding = isOnboardingConnect();
  forgetOnboardingConnect();
  return fromOnboarding;
}

function PickProperty({
  connectionId,
  onStartOver,
}: {
  connectionId: string;
  onStartOver: () => void;
}) {
  const navigate = useNavigate();
  const connection = useGoogleConnection(connectionId);
  const create = useCreateDataSource();
  const { workspace } = useSelectedWorkspace();

  useEffect(() => {
    if (connection.isError) {
      toast.error("Error", {
        id: "google-connection-error",
        description: "Failed to load Google Analytics properties",
      });
    }
  }, [connection.isError]);

  function save(property: string | null) {
    // Spec §5: the same rules the server applies, with their messages ('Please select a GA4 property').
    const request = CreateDataSourceRequestSchema.safeParse({ connectionId, property });
    if (!request.success) {
      toast.error("Error", { description: request.error.issues[0]?.message });
      return;
    }
    create.mutate(request.data, {
      onSuccess: ({ scan }) => {
        if (scan) {
          toast.success("All Set! Running Your First Audit", {
            description: "Your results will be ready in 30-60 seconds.",
          });
        } else {
          toast.success("Property Connected Successfully", {
            description: "Head to your dashboard to run your first UTM audit",
          });
        }
        navigate(endOnboardingConnect() ? "/onboarding?step=scan" : "/dashboard", {
          replace: true,
        });
      },
      onError: (error) => {
        if (isApiError(error) && error.code === "DATA_SOURCE_LIMIT_REACHED") {
          toast.error(PROPERTY_LIMIT_TOAST.title, {
            description: PROPERTY_LIMIT_TOAST.description,
          });
          return;
        }
        toast.error("Failed to save", { description: errorMessage(error) });
      },
    });
  }

  if (connection.isPending) return <LoadingScreen label="Loading Google Analytics properties" />;
  // The handle expired or was spent: authorizing again is the way on.
  if (connection.isError) return <ConnectPropertyCard workspace={workspace} />;
  return (
    <PropertyPicker
      accounts={connection.data.accounts}
      saving={create.isPending || create.isSuccess}
      onSave={save}
      onStartOver={onStartOver}
    />
  );
}

/**
 * `/connect-data-source`: Authorize Google Analytics, then, when Google sends the browser back
 * with `?connection=`, the property picker; `?error=` is a refused or failed authorization.
 */
export function ConnectDataSourceFlow() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const connectionId = searchParams.get("connection");
  const oauthError = searchParams.get("error");
  const { workspace, isPending } = useSelectedWorkspace();
  // Read once: the effect below forgets it, and may run again for the same error.
  const [reconnecting] = useState(isReconnect);

  useEffect(() => {
    if (oauthError === null) return;
    if (reconnecting) {
      // Spec §4: a reconnect ends on /data-sources, where the property still asks for it.
      forgetReconnect();
      toast.error("Failed to reconnect", { id: "oauth-error", description: oauthError });
      navigate("/data-sources", { replace: true });
      return;
    }
    toast.error("Authorization failed", { id: "oauth-error", description: oauthError });
    if (endOnboardingConnect()) {
      navigate("/onboarding", { replace: true });
      return;
    }
    // Drop the message so a refresh does not repeat it.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("error");
        return next;
      },
      { replace: true },
    );
  }, [oauthError, reconnecting, navigate, setSearchParams]);

  const startOver = () => setSearchParams({}, { replace: true });

  if (connectionId) return <PickProperty connectionId={connectionId} onStartOver={startOver} />;
  if (isPending) return <LoadingScreen />;
  return <ConnectPropertyCard workspace={workspace} />;
}
