import type { Scan } from "@utmost/contracts";
import { AlertOctagon, AlertTriangle, CheckCircle2, HeartPulse } from "lucide-react";
import { GradeBadge, ScoreValue } from "@/components/health-score";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { scanHealth } from "@/lib/health-score";

/** The report's score, grade and counts (spec §2 health summary card). */
export function HealthSummaryCard({ scan }: { scan: Scan }) {
  const { score, grade } = scanHealth(scan);
  const counts = [
    {
      label: "Critical Issues",
      value: scan.criticalIssuesCount,
      icon: AlertOctagon,
      className: "text-destructive",
    },
    {
      label: "Warnings",
      value: scan.warningIssuesCount,
      icon: AlertTriangle,
      className: "text-warning",
    },
    {
      label: "Passed Checks",
      value: scan.passedChecksCount,
      icon: CheckCircle2,
      className: "text-success",
    },
  ];

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
      <CardContent className="flex flex-col gap-6">
        <div className="flex items-end gap-3">
          <p className="flex items-baseline gap-1">
            <span className="sr-only">Health score</span>
            <ScoreValue score={score} className="text-5xl" />
            <span className="text-muted-foreground">/100</span>
          </p>
          <GradeBadge grade={grade} className="mb-2 px-3 text-sm" />
        </div>
        <dl className="grid grid-cols-3 gap-3">
          {counts.map((count) => (
            <div key={count.label} className="flex flex-col-reverse gap-1 rounded-lg border p-3">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <count.icon className={`size-3.5 ${count.className}`} aria-hidden />
                {count.label}
              </dt>
              <dd className="text-2xl font-semibold tabular-nums">{count.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
