import type { IssueCounts, Scan } from "@utmost/contracts";
import { AlertOctagon, AlertTriangle, CheckCircle2, HeartPulse } from "lucide-react";
import { CountsDefinition } from "@/components/counts-definition";
import { GradeBadge, ScoreValue } from "@/components/health-score";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { scanHealth } from "@/lib/health-score";

/**
 * The report's score, grade and counts (spec §2 health summary card), by the one counts model:
 * `counts` when loaded, else the scan's columns, which hold the same numbers.
 */
export function HealthSummaryCard({ scan, counts }: { scan: Scan; counts?: IssueCounts | null }) {
  const { score, grade } = scanHealth(scan);
  const tiles = [
    {
      label: "Critical Issues",
      value: String(counts?.critical ?? scan.criticalIssuesCount),
      icon: AlertOctagon,
      className: "text-destructive",
    },
    {
      label: "Warnings",
      value: String(counts?.warning ?? scan.warningIssuesCount),
      icon: AlertTriangle,
      className: "text-warning",
    },
    {
      label: "Passed Checks",
      value: String(counts?.passedChecks ?? scan.passedChecksCount),
      icon: CheckCircle2,
      className: "text-success",
    },
  ];
  const more = counts
    ? [
        `${counts.info} info`,
        counts.reopened > 0 ? `${counts.reopened} re-opened` : null,
        `${counts.muted} muted`,
        `${counts.resolved} resolved`,
      ].filter((part) => part !== null)
    : [];

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <HeartPulse className="size-5 text-primary" aria-hidden />
          <CardTitle>Health Summary</CardTitle>
        </div>
        <CardDescription>
          Audit of {formatDateTime(scan.completedAt ?? scan.createdAt)}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-end gap-3">
          <p className="flex items-baseline gap-1">
            <span className="sr-only">Health score</span>
            <ScoreValue score={score} className="text-5xl" />
            <span className="text-muted-foreground">/100</span>
          </p>
          <GradeBadge grade={grade} className="mb-2 px-3 text-sm" />
        </div>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          {tiles.map((tile) => (
            <div
              key={tile.label}
              className="flex min-w-0 flex-col-reverse gap-1 rounded-lg border p-2 sm:p-3"
            >
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <tile.icon className={`size-3.5 shrink-0 ${tile.className}`} aria-hidden />
                {tile.label}
              </dt>
              <dd className="text-2xl font-semibold tabular-nums">{tile.value}</dd>
            </div>
          ))}
        </dl>
        {counts ? (
          <div className="flex flex-col gap-1 text-xs text-muted-foreground">
            <p>
              {counts.passedChecks} of {counts.checksRun} checks that ran passed
              {counts.checksSkipped > 0
                ? `; ${counts.checksSkipped} of ${counts.checksTotal} skipped (no data to check)`
                : ` (all ${counts.checksTotal} ran)`}
              .
            </p>
            <p>Also: {more.join(", ")}.</p>
          </div>
        ) : null}
        <CountsDefinition className="self-start" />
      </CardContent>
    </Card>
  );
}
