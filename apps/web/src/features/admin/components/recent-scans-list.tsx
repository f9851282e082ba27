import type { AdminRecentScan } from "@utmost/contracts";
import { GradeBadge, ScoreValue } from "@/components/health-score";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";

const STATUS: Record<AdminRecentScan["status"], { label: string; variant: BadgeProps["variant"] }> =
  {
    running: { label: "Running", variant: "accent" },
    completed: { label: "Completed", variant: "success" },
    failed: { label: "Failed", variant: "destructive" },
  };

/** The newest scans of every workspace (spec §7: 10 most recent with property and workspace). */
export function RecentScansList({ scans }: { scans: AdminRecentScan[] }) {
  if (scans.length === 0) return <p className="text-sm text-muted-foreground">No scans yet</p>;
  return (
    <ul aria-label="Recent scans" className="flex flex-col divide-y">
      {scans.map((scan) => {
        const status = STATUS[scan.status];
        return (
          <li
            key={scan.id}
            aria-label={`${scan.dataSourceName}, ${scan.workspaceName}`}
            className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
          >
            <div className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{scan.dataSourceName}</span>
              <span className="truncate text-xs text-muted-foreground">
                {scan.workspaceName} · {formatDateTime(scan.createdAt)}
              </span>
              {scan.status === "failed" && scan.errorMessage ? (
                <span className="truncate text-xs text-destructive">{scan.errorMessage}</span>
              ) : null}
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {scan.status === "completed" && scan.healthScore !== null ? (
                <ScoreValue score={scan.healthScore} />
              ) : null}
              {scan.status === "completed" && scan.healthGrade ? (
                <GradeBadge grade={scan.healthGrade} />
              ) : null}
              <Badge variant={status.variant}>{status.label}</Badge>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
