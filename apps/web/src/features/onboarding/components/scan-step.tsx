import { ScanSearch } from "lucide-react";
import { useEffect } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Spec §9: with no data source the scan step moves on after 2 seconds. */
export const SKIP_SCAN_DELAY_MS = 2000;

/**
 * Spec §4: with no data source connected the scan step says so and moves on to Complete.
 * No property can be connected yet, so that is the only path this step takes for now.
 */
export function ScanStep({
  onBack,
  onSkipToComplete,
  onSkip,
  skipping,
}: {
  onBack: () => void;
  onSkipToComplete: () => void;
  onSkip: () => void;
  skipping: boolean;
}) {
  useEffect(() => {
    // A fixed id keeps a single toast when the effect runs twice in development.
    toast.error("No data source connected. Skipping scan step.", { id: "onboarding-scan-skip" });
    const timer = window.setTimeout(onSkipToComplete, SKIP_SCAN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [onSkipToComplete]);

  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ScanSearch className="size-7" aria-hidden />
      </div>
      <div>
        <h2 className="text-2xl font-semibold">Run your first audit</h2>
        <p className="mt-2 text-muted-foreground">
          No analytics property is connected yet, so there is nothing to scan.
        </p>
      </div>
      <div className="flex w-full justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button variant="ghost" onClick={onSkip} disabled={skipping}>
          Skip
        </Button>
      </div>
    </div>
  );
}
