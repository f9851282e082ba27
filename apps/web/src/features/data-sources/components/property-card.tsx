import type { DataSource, Scan } from "@utmost/contracts";
import { BarChart3, FileBarChart, Play, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { CountsDefinition } from "@/components/counts-definition";
import { GradeBadge, ScoreValue } from "@/components/health-score";
import { ReconnectGoogleButton } from "@/components/reconnect-google-button";
import { ScanProgress } from "@/components/scan-progress";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { useAuditRunner } from "@/lib/audits";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { scanHealth } from "@/lib/health-score";
import { isAuthExpired } from "@/lib/scan-auth";
import { PropertyStatusBadge } from "./property-status-badge";

function ScanSummary({ scan }: { scan: Scan }) {
  const { score, grade } = scanHealth(scan);
  const counts = [
    { label: "Critical", value: scan.criticalIssuesCount, className: "text-destructive" },
    { label: "Warnings", value: scan.warningIssuesCount, className: "text-warning-foreground" },
    { label: "Passed", value: scan.passedChecksCount, className: "text-success" },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-end gap-3">
        <p className="flex items-baseline gap-1">
          <span className="sr-only">Health score</span>
          <ScoreValue score={score} className="text-4xl" />
          <span className="text-sm text-muted-foreground">/100</span>
        </p>
        <GradeBadge grade={grade} className="mb-1.5" />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {counts.map((count) => (
          <div key={count.label} className="flex flex-col-reverse rounded-lg bg-muted/60 px-2 py-2">
            <dt className="text-xs text-muted-foreground">{count.label}</dt>
            <dd className={cn("text-lg font-semibold tabular-nums", count.className)}>
              {count.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-xs text-muted-foreground">
          Last scanned {formatDateTime(scan.completedAt ?? scan.createdAt)}
        </p>
        {/* The scan's counts are the one model's (ADR 014); its definition, one click away. */}
        <CountsDefinition />
      </div>
    </div>
  );
}

/** Dashboard card of one property with its latest audit (spec §2 /dashboard). */
export function PropertyCard({
  dataSource,
  className,
}: {
  dataSource: DataSource;
  className?: string;
}) {
  const runner = useAuditRunner({ dataSourceId: dataSource.id, latestScan: dataSource.latestScan });
  const { scan } = runner;
  const authExpired = !runner.isRunning && scan !== null && isAuthExpired(scan);

  return (
    <Card className={cn("flex flex-col", className)}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 items-center gap-2">
            <BarChart3 className="size-5 shrink-0 text-primary" aria-hidden />
            <CardTitle className="truncate">{dataSource.name}</CardTitle>
          </div>
          <PropertyStatusBadge dataSource={dataSource} />
        </div>
        <CardDescription className="truncate">
          {dataSource.ga4AccountName ? `${dataSource.ga4AccountName} · ` : ""}GA4 property{" "}
          {dataSource.ga4PropertyId}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        {runner.isRunning ? (
          <ScanProgress progress={scan?.status === "running" ? scan.progress : 0} />
        ) : !scan ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">
              No audit data yet. Run your first audit to see health metrics.
            </p>
            <Button onClick={runner.start}>
              <Play />
              Run First Audit
            </Button>
          </div>
        ) : scan.status === "failed" ? (
          <div className="flex flex-col gap-1 text-sm">
            <p className="font-medium text-destructive">
              {authExpired ? "Authentication Expired" : "The last audit failed"}
            </p>
            {scan.errorMessage ? (
              <p className="text-muted-foreground">{scan.errorMessage}</p>
            ) : null}
          </div>
        ) : (
          <ScanSummary scan={scan} />
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={`/data-sources/${dataSource.id}/health`}>
            <FileBarChart />
            View Full Report
          </Link>
        </Button>
        {authExpired ? (
          // Another audit would fail the same way until Google grants access again.
          <ReconnectGoogleButton dataSource={dataSource} label="Reconnect" size="sm" />
        ) : scan ? (
          <Button variant="ghost" size="sm" onClick={runner.start} disabled={runner.isRunning}>
            <RefreshCw />
            Re-run Audit
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
