import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";

/** A running audit's progress as the server reports it. */
export function ScanProgress({
  progress,
  label = "Running audit",
}: {
  progress: number;
  label?: string;
}) {
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
