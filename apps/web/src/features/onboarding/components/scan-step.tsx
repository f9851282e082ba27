import type { DataSource, Scan } from "@utmost/contracts";
import { CheckCircle2, Play, ScanSearch } from "lucide-react";
import { useEffect } from "react";
import { toast } from "sonner";
import { GradeBadge, ScoreValue } from "@/components/health-score";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { LoadingScreen } from "@/components/ui/spinner";
import { useAuditRunner } from "@/lib/audits";
import { scanHealth } from "@/lib/health-score";

/** Spec §9: with no data source the scan step moves on after 2 seconds. */
export const SKIP_SCAN_DELAY_MS = 2000;

/** Spec §4: a running audit shows at least the first step of progress. */
const FIRST_PROGRESS_STEP = 10;

function StepHeading({ title, description }: { title: string; description: string }) {
  return (
    <>
      <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ScanSearch className="size-7" aria-hidden />
      </div>
      <div>
        <h2 className="text-2xl font-semibold">{title}</h2>
        <p className="mt-2 text-muted-foreground">{description}</p>
      </div>
    </>
  );
}

/** Spec §4: with no data source connected the step says so and moves on to Complete. */
function NoPropertyScan({ onSkipToComplete }: { onSkipToComplete: () => void }) {
  useEffect(() => {
    // A fixed id keeps a single toast when the effect runs twice in development.
    toast.error("No data source connected. Skipping scan step.", { id: "onboarding-scan-skip" });
    const timer = window.setTimeout(onSkipToComplete, SKIP_SCAN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [onSkipToComplete]);

  return (
    <StepHeading
      title="Run your first audit"
      description="No analytics property is connected yet, so there is nothing to scan."
    />
  );
}

/**
 * Spec §4 scan step: idle, running (the real scan's progress), then 100 and 'Audit Complete!';
 * a failed audit returns to idle. An audit already running (the one saving started) is followed.
 */
function PropertyScan({
  dataSource,
  onComplete,
}: {
  dataSource: DataSource;
  onComplete: (scan: Scan) => void;
}) {
  const runner = useAuditRunner({
    dataSourceId: dataSource.id,
    latestScan: dataSource.latestScan,
    scanType: "onboarding",
  });
  const { scan } = runner;

  if (runner.isRunning) {
    const progress = Math.max(scan?.status === "running" ? scan.progress : 0, FIRST_PROGRESS_STEP);
    return (
      <>
        <StepHeading
          title="Auditing your property"
          description={`Scanning ${dataSource.name} for UTM tracking errors. This takes 30 to 60 seconds.`}
        />
        <div className="flex w-full flex-col gap-2">
          <Progress value={progress} aria-label="Audit progress" />
          <p className="text-sm text-muted-foreground tabular-nums">{progress}%</p>
        </div>
      </>
    );
  }

  if (scan?.status === "completed") {
    const { score, grade } = scanHealth(scan);
    return (
      <>
        <div className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
          <CheckCircle2 className="size-7" aria-hidden />
        </div>
        <div className="flex w-full flex-col gap-2">
          <Progress value={100} aria-label="Audit progress" />
          <p className="text-sm text-muted-foreground tabular-nums">100%</p>
        </div>
        <div className="flex flex-col items-center gap-2">
          <h2 className="text-2xl font-semibold">Audit Complete!</h2>
          <p className="flex items-center gap-2 text-muted-foreground">
            Health score <ScoreValue score={score} className="text-xl" />
            <GradeBadge grade={grade} />
          </p>
        </div>
        <Button onClick={() => onComplete(scan)}>Continue</Button>
      </>
    );
  }

  return (
    <>
      <StepHeading
        title="Run your first audit"
        description={`Scan ${dataSource.name} for UTM tracking errors and get its health score.`}
      />
      {scan?.status === "failed" ? (
        <p role="alert" className="text-sm text-destructive">
          The last audit failed{scan.errorMessage ? `: ${scan.errorMessage}` : "."}
        </p>
      ) : null}
      <Button size="lg" onClick={runner.start}>
        <Play />
        Start Audit
      </Button>
    </>
  );
}

export function ScanStep({
  dataSource,
  loading,
  onBack,
  onSkipToComplete,
  onComplete,
  onSkip,
  skipping,
}: {
  dataSource: DataSource | null;
  loading: boolean;
  onBack: () => void;
  onSkipToComplete: () => void;
  onComplete: (scan: Scan) => void;
  onSkip: () => void;
  skipping: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      {loading ? (
        <LoadingScreen />
      ) : dataSource ? (
        <PropertyScan dataSource={dataSource} onComplete={onComplete} />
      ) : (
        <NoPropertyScan onSkipToComplete={onSkipToComplete} />
      )}
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
