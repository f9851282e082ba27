import type { DataSource } from "@utmost/contracts";
import { BarChart3, CheckCircle2, Sparkles } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useStartGoogleOAuth } from "@/lib/google-oauth";
import { PROPERTY_LIMIT_TOAST } from "@/lib/plan-room";
import { forgetOnboardingConnect, rememberOnboardingConnect } from "@/lib/storage";

const POINTS = [
  "Connect a Google Analytics 4 property in about 60 seconds with one-click OAuth.",
  "Utmost scans its sessions for UTM tagging mistakes such as internal links with UTMs, missing sources and inconsistent campaign names.",
  "You get a health score from 0 to 100, a grade, and a resolution guide for every issue.",
];

export function WelcomeStep({
  workspaceId,
  loading,
  connected,
  needsProperty,
  onNext,
  onSkip,
  skipping,
}: {
  workspaceId: string | null;
  /** The workspace (and its properties) are still loading: nothing to connect to yet. */
  loading: boolean;
  /** The property already connected, if any: going back to this step does not ask again. */
  connected: DataSource | null;
  /** Next was pressed with nothing connected: say what is missing, and stay. */
  needsProperty: boolean;
  onNext: () => void;
  onSkip: () => void;
  skipping: boolean;
}) {
  const start = useStartGoogleOAuth({
    onError: (error) => {
      forgetOnboardingConnect();
      if (isApiError(error) && error.code === "DATA_SOURCE_LIMIT_REACHED") {
        toast.error(PROPERTY_LIMIT_TOAST.title, { description: PROPERTY_LIMIT_TOAST.description });
        return;
      }
      toast.error(`Failed to start connection: ${errorMessage(error)}`);
    },
  });
  // The page leaves for Google on success, so the button stays busy until it does.
  const busy = start.isPending || start.isSuccess;

  function authorize() {
    // The connect page reads this when Google sends the browser back, and returns here.
    rememberOnboardingConnect();
    // Without a workspace yet the server connects to the user's first one, creating it if needed.
    start.mutate(workspaceId ? { workspaceId } : {});
  }

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Sparkles className="size-7" aria-hidden />
      </div>
      <div>
        <h2 className="text-2xl font-semibold">Welcome to Utmost</h2>
        <p className="mt-2 text-muted-foreground">
          Let's connect your Google Analytics 4 property and check your UTM tracking.
        </p>
      </div>
      <ul className="flex flex-col gap-3 text-left text-sm">
        {POINTS.map((point) => (
          <li key={point} className="flex gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {point}
          </li>
        ))}
      </ul>
      <div className="flex w-full flex-col gap-2">
        {connected ? (
          <p className="flex items-center justify-center gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
            <CheckCircle2 className="size-4 text-success" aria-hidden />
            Connected: <span className="font-medium">{connected.name}</span>
          </p>
        ) : (
          <Button size="lg" onClick={authorize} disabled={busy || loading}>
            {busy ? <Spinner /> : <BarChart3 />}
            Authorize Google Analytics
          </Button>
        )}
        {needsProperty ? (
          <p role="alert" className="text-sm text-destructive">
            Please connect at least one Analytics Property to continue
          </p>
        ) : null}
        <div className="flex justify-between">
          <Button variant="ghost" onClick={onSkip} disabled={skipping}>
            Skip
          </Button>
          <Button variant={connected ? "default" : "outline"} onClick={onNext} disabled={loading}>
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
