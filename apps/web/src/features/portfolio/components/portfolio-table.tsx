import type { PortfolioProperty, PortfolioStatus } from "@utmost/contracts";
import {
  ArrowDown,
  ArrowDownRight,
  ArrowRight,
  ArrowUp,
  ArrowUpDown,
  ArrowUpRight,
} from "lucide-react";
import { Link } from "react-router";
import { CountsDefinition } from "@/components/counts-definition";
import { GradeBadge, ScoreValue } from "@/components/health-score";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { setSelectedWorkspaceId } from "@/lib/storage";
import { type PortfolioColumn, type PortfolioSort, STATUS_LABELS } from "../utils/portfolio-view";

const STATUS_VARIANTS: Record<PortfolioStatus, BadgeProps["variant"]> = {
  active: "success",
  inactive: "secondary",
  over_plan_limit: "warning",
  needs_reconnect: "destructive",
};

const COLUMNS: { column: PortfolioColumn; label: string }[] = [
  { column: "property", label: "Property" },
  { column: "workspace", label: "Workspace" },
  { column: "score", label: "Score" },
  { column: "trend", label: "Trend" },
  { column: "critical", label: "Critical" },
  { column: "lastScan", label: "Last scan" },
  { column: "status", label: "Status" },
];

function SortableHead({
  column,
  label,
  sort,
  onSort,
}: {
  column: PortfolioColumn;
  label: string;
  sort: PortfolioSort;
  onSort: (column: PortfolioColumn) => void;
}) {
  const active = sort.column === column;
  const Icon = !active ? ArrowUpDown : sort.direction === "ascending" ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? sort.direction : "none"}>
      <button
        type="button"
        className={cn(
          "-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-muted hover:text-foreground",
          active && "text-foreground",
        )}
        onClick={() => onSort(column)}
      >
        {label}
        <Icon className={cn("size-3.5", !active && "opacity-50")} aria-hidden />
      </button>
    </TableHead>
  );
}

function Trend({ change }: { change: number | null }) {
  if (change === null) {
    return (
      <span className="text-muted-foreground" title="No previous scan to compare with">
        <span aria-hidden>–</span>
        <span className="sr-only">No previous scan</span>
      </span>
    );
  }
  const Icon = change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : ArrowRight;
  const tone =
    change > 0 ? "text-success" : change < 0 ? "text-destructive" : "text-muted-foreground";
  const label =
    change === 0
      ? "Unchanged"
      : `${change > 0 ? "Up" : "Down"} ${Math.abs(change)} ${Math.abs(change) === 1 ? "point" : "points"}`;
  return (
    <span className={cn("inline-flex items-center gap-1 font-medium tabular-nums", tone)}>
      <Icon className="size-4" aria-hidden />
      <span aria-hidden>{change > 0 ? `+${change}` : String(change)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

function LastScan({ row }: { row: PortfolioProperty }) {
  if (!row.lastScanAt) return <span className="text-muted-foreground">Never</span>;
  return (
    <span className="flex flex-col">
      <span>{formatDateTime(row.lastScanAt)}</span>
      {row.lastScanStatus === "failed" ? (
        <span className="text-xs text-destructive">Failed</span>
      ) : row.lastScanStatus === "running" ? (
        <span className="text-xs text-muted-foreground">Running...</span>
      ) : null}
    </span>
  );
}

/** /clients: one row per property across the user's Agency workspaces. */
export function PortfolioTable({
  rows,
  sort,
  onSort,
}: {
  rows: readonly PortfolioProperty[];
  sort: PortfolioSort;
  onSort: (column: PortfolioColumn) => void;
}) {
  return (
    <Card>
      <Table stackOnPhone>
        {/* On a phone the sort buttons stay on screen above the cards. */}
        <TableHeader data-controls>
          <TableRow className="hover:bg-transparent">
            {COLUMNS.map(({ column, label }) => (
              <SortableHead
                key={column}
                column={column}
                label={label}
                sort={sort}
                onSort={onSort}
              />
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell
                colSpan={COLUMNS.length}
                className="py-8 text-center text-muted-foreground"
              >
                No properties match these filters.
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.dataSourceId}>
                <TableCell className="min-w-48" data-primary>
                  <Link
                    to={`/data-sources/${row.dataSourceId}/health`}
                    // The report opens inside the property's workspace, as if chosen in the switcher.
                    onClick={() => setSelectedWorkspaceId(row.workspaceId)}
                    className="font-medium text-primary hover:underline"
                  >
                    {row.name}
                  </Link>
                  <p className="text-xs text-muted-foreground">{row.ga4PropertyId}</p>
                </TableCell>
                <TableCell data-label="Workspace">{row.workspaceName}</TableCell>
                <TableCell data-label="Score">
                  {row.healthScore === null ? (
                    <span className="text-muted-foreground">Not audited</span>
                  ) : (
                    <span className="inline-flex items-center gap-2">
                      <ScoreValue score={row.healthScore} />
                      {row.healthGrade ? <GradeBadge grade={row.healthGrade} /> : null}
                    </span>
                  )}
                </TableCell>
                <TableCell data-label="Trend">
                  <Trend change={row.scoreChange} />
                </TableCell>
                <TableCell
                  data-label="Critical"
                  className={cn(
                    "tabular-nums",
                    row.criticalIssuesCount > 0 && "font-semibold text-destructive",
                  )}
                >
                  {row.criticalIssuesCount}
                </TableCell>
                <TableCell className="whitespace-nowrap" data-label="Last scan">
                  <LastScan row={row} />
                </TableCell>
                <TableCell data-label="Status">
                  <Badge variant={STATUS_VARIANTS[row.status]}>{STATUS_LABELS[row.status]}</Badge>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <div className="flex flex-wrap items-center gap-x-2 border-t px-4 py-2 text-xs text-muted-foreground">
        <span>Critical: the active critical issues of each property's latest audit.</span>
        <CountsDefinition />
      </div>
    </Card>
  );
}
