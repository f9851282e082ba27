import type { DataSource, Scan } from "@utmost/contracts";
import { CheckCircle2, Play, ScanSearch } from "lucide-react";
import { useEffect, useState } from "react";
import { GradeBadge, ScoreValue } from "@/components/health-score";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { LoadingScreen } from "@/components/ui/spinner";
import { displayedProgress, useElapsedMs } from "@/lib/audit-progress";
import { useAuditRunner } from "@/lib/audits";
import { scanHealth } from "@/lib/health-score";

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

/**
 * Spec §5: 'Please connect a data source first'. The spec's scan step skipped ahead to Complete
 * here; onboarding stays, so it never announces an audit that did not run (ADR 017).
 */
function NoPropertyScan({ onBackToConnect }: { onBackToConnect: () => void }) {
  return (
    <>
      <StepHeading
        title="Run your first audit"
        description="No analytics property is connected yet, so there is nothing to scan."
      />
      <p role="alert" className="text-sm text-destructive">
        Please connect a data source first
      </p>
      <Button size="lg" onClick={onBackToConnect}>
        Connect a property
      </Button>
    </>
  );
}

/**
 * Spec §4 scan step: idle, running (the real scan's progress), then 100 and 'Audit Complete!';
 * a failed audit returns to idle. An audit already running (the one saving started) is followed.
 */
function PropertyScan({
  dataSource,
  onComplete,
  onFinishedChange,
}: {
  dataSource: DataSource;
  onComplete: (scan: Scan) => void;
  onFinishedChange: (finished: boolean) => void;
}) {
  const runner = useAuditRunner({
    dataSourceId: dataSource.id,
    latestScan: dataSource.latestScan,
    scanType: "onboarding",
    toasts: "onboarding",
  });
  const { scan } = runner;
  const elapsed = useElapsedMs(runner.isRunning);
  const finished = !runner.isRunning && scan?.status === "completed";
  useEffect(() => onFinishedChange(finished), [finished, onFinishedChange]);

  if (runner.isRunning) {
    const progress = displayedProgress(scan?.status === "running" ? scan.progress : 0, elapsed);
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
  onBackToConnect,
  onComplete,
  onSkip,
  skipping,
}: {
  dataSource: DataSource | null;
  loading: boolean;
  onBack: () => void;
  onBackToConnect: () => void;
  onComplete: (scan: Scan) => void;
  onSkip: () => void;
  skipping: boolean;
}) {
  // Once the audit has finished there is nothing left to skip: Continue is the way on.
  const [finished, setFinished] = useState(false);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 text-center">
      {loading ? (
        <LoadingScreen />
      ) : dataSource ? (
        <PropertyScan
          dataSource={dataSource}
          onComplete={onComplete}
          onFinishedChange={setFinished}
        />
      ) : (
        <NoPropertyScan onBackToConnect={onBackToConnect} />
      )}
      <div className="mt-auto flex w-full justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        {finished ? null : (
          <Button variant="ghost" onClick={onSkip} disabled={skipping}>
            Skip
          </Button>
        )}
      </div>
    </div>
  );
}
