import type { Issue } from "@utmost/contracts";
import { Download, ListChecks, SearchCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { UpgradeNotice } from "@/components/upgrade-notice";
import { errorMessage } from "@/lib/api-client";
import { useExportIssueCsv, useExportScanCsv } from "../api/export-csv";
import { useIssues } from "../api/get-issues";
import { useResolveIssue } from "../api/update-issue";
import { DATE_RANGES, type DateRange, DEFAULT_DATE_RANGE } from "../utils/date-range";
import { DateRangeSelect } from "./date-range-select";
import { IssueItem } from "./issue-item";
import { MuteIssueDialog } from "./mute-issue-dialog";

/**
 * Spec §2 Issues Found card: the property's issues in a date range, each with its guide and
 * actions, and the audit's CSV export for the same range. The exports work when the workspace
 * owner's plan has them (`csvExports`, spec §9 Plans; undefined while not known); a plan without
 * them gets a notice naming the plan that has them.
 */
export function IssuesCard({
  dataSourceId,
  scanId,
  csvExports,
}: {
  dataSourceId: string;
  scanId: string;
  csvExports: boolean | undefined;
}) {
  const [range, setRange] = useState<DateRange>(DEFAULT_DATE_RANGE);
  const [muting, setMuting] = useState<Issue | null>(null);
  const issues = useIssues(dataSourceId, range);
  const resolve = useResolveIssue();
  const exportIssue = useExportIssueCsv();
  const exportScan = useExportScanCsv();
  const rangeLabel = DATE_RANGES.find((option) => option.value === range)?.label ?? "";

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center gap-2">
            <ListChecks className="size-5 text-primary" aria-hidden />
            <CardTitle>Issues Found</CardTitle>
          </div>
          <CardDescription>
            {issues.data
              ? `${issues.data.length} ${issues.data.length === 1 ? "issue" : "issues"} · ${rangeLabel}`
              : rangeLabel}
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <DateRangeSelect value={range} onChange={setRange} />
          <Button
            variant="outline"
            onClick={() => exportScan.mutate({ scanId, range })}
            disabled={csvExports !== true || exportScan.isPending}
          >
            {exportScan.isPending ? <Spinner /> : <Download />}
            Export CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {csvExports !== false ? null : (
          <UpgradeNotice feature="CSV exports" sells={(plan) => plan.csvExports} />
        )}
        {issues.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : issues.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load issues: {errorMessage(issues.error)}
          </p>
        ) : issues.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <SearchCheck className="size-8 text-success" aria-hidden />
            <p className="font-medium">No issues found</p>
            <p className="text-sm text-muted-foreground">
              No UTM tracking issues were detected in this date range.
            </p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {issues.data.map((issue) => (
              <li key={issue.id}>
                <IssueItem
                  issue={issue}
                  canExport={csvExports === true}
                  exporting={exportIssue.isPending && exportIssue.variables?.issueId === issue.id}
                  resolving={resolve.isPending && resolve.variables === issue.id}
                  onExport={() => exportIssue.mutate({ issueId: issue.id, range })}
                  onResolve={() => resolve.mutate(issue.id)}
                  onMute={() => setMuting(issue)}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <MuteIssueDialog issue={muting} onClose={() => setMuting(null)} />
    </Card>
  );
}
