import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { displayedProgress, useElapsedMs } from "@/lib/audit-progress";

/**
 * A running audit's progress: the server's figure, or spec §4's steady climb (10%, +10 every
 * 500 ms, up to 90%) while the server has nothing to report yet, so a fast scan never sits at 0%.
 */
export function ScanProgress({
  progress: reported,
  label = "Running audit",
}: {
  progress: number;
  label?: string;
}) {
  const progress = displayedProgress(reported, useElapsedMs(true));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm">
        <span className="flex items-center gap-2 text-muted-foreground">
          <Spinner className="text-primary" />
          {label}...
        </span>
        <span className="font-medium tabular-nums">{progress}%</span>
      </div>
      <Progress value={progress} aria-label="Audit progress" />
    </div>
  );
}
