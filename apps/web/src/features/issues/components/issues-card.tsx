import type { Issue, IssueCounts } from "@utmost/contracts";
import { Download, ListChecks, SearchCheck, SearchX } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { CountsDefinition } from "@/components/counts-definition";
import { HistoryWindowNote } from "@/components/history-window-note";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { UpgradeNotice } from "@/components/upgrade-notice";
import { errorMessage } from "@/lib/api-client";
import { type HistoryView, rangeReachesPast } from "@/lib/history-window";
import { isTypingTarget } from "@/lib/keyboard";
import { useExportIssueCsv, useExportScanCsv } from "../api/export-csv";
import { useIssues } from "../api/get-issues";
import { useResolveIssue, useRestoreIssue } from "../api/update-issue";
import { DATE_RANGES, type DateRange, DEFAULT_DATE_RANGE } from "../utils/date-range";
import {
  checksOf,
  DEFAULT_FILTERS,
  facetCounts,
  filterIssues,
  groupByCheck,
  type IssueFilters,
  LIST_STATUSES,
  type ListStatus,
} from "../utils/issue-filters";
import { DateRangeSelect } from "./date-range-select";
import { IssueFiltersBar } from "./issue-filters-bar";
import { IssueItem } from "./issue-item";
import { MuteIssueDialog } from "./mute-issue-dialog";

const plural = (count: number, word: string) => `${count} ${count === 1 ? word : `${word}s`}`;

/** The other statuses that hold issues, for an empty Active list to say so ("1 muted"). */
function othersOf(counts: Map<ListStatus, number>, except: ListStatus) {
  return LIST_STATUSES.filter(
    (status) => status.value !== except && (counts.get(status.value) ?? 0) > 0,
  ).map((status) => ({ ...status, count: counts.get(status.value) ?? 0 }));
}

/**
 * j/k (and the arrow keys on an issue) move focus between issues, `/` goes to the search; never
 * while typing in a field, with a modifier held, or under a dialog.
 */
function useListKeys(
  list: React.RefObject<HTMLElement | null>,
  search: React.RefObject<HTMLInputElement | null>,
) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (event.key === "/") {
        event.preventDefault();
        search.current?.focus();
        return;
      }
      const items = [...(list.current?.querySelectorAll<HTMLElement>("[data-issue-id]") ?? [])];
      if (items.length === 0) return;
      const onIssue = event.target instanceof HTMLElement && items.includes(event.target);
      const step =
        event.key === "j" || (onIssue && event.key === "ArrowDown")
          ? 1
          : event.key === "k" || (onIssue && event.key === "ArrowUp")
            ? -1
            : 0;
      if (step === 0) return;
      event.preventDefault();
      const current = items.findIndex((item) => item.contains(document.activeElement));
      const next =
        current === -1
          ? step > 0
            ? 0
            : items.length - 1
          : Math.min(items.length - 1, Math.max(0, current + step));
      const item = items[next];
      item?.focus();
      item?.scrollIntoView({ block: "nearest" });
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [list, search]);
}

/**
 * Spec §2 Issues Found card, built for work (issue 22): the property's issues in a date range,
 * filtered by status, severity, check and text, optionally grouped by check, with counts per
 * filter value and keyboard navigation. Its Active issues are exactly what the counts count;
 * muted and resolved ones are listed under their status and can be restored. The audit's CSV
 * export covers the same range; it works when the owner's plan has it (spec §9 Plans). Both stop
 * where the owner's plan's history does (ADR 023), which a note says when it hides something.
 */
export function IssuesCard({
  dataSourceId,
  scanId,
  csvExports,
  counts,
  history,
}: {
  dataSourceId: string;
  scanId: string;
  csvExports: boolean | undefined;
  /** The plan's history window, once known. */
  history?: HistoryView | undefined;
  /** The property's counts (the one model), to tell when the date range hides counted issues. */
  counts: IssueCounts | null | undefined;
}) {
  const [range, setRange] = useState<DateRange>(DEFAULT_DATE_RANGE);
  const [filters, setFilters] = useState<IssueFilters>(DEFAULT_FILTERS);
  const [grouped, setGrouped] = useState(false);
  const [muting, setMuting] = useState<Issue | null>(null);
  const issues = useIssues(dataSourceId, range);
  const resolve = useResolveIssue();
  const restore = useRestoreIssue();
  const exportIssue = useExportIssueCsv();
  const exportScan = useExportScanCsv();
  const rangeLabel = DATE_RANGES.find((option) => option.value === range)?.label ?? "";
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useListKeys(listRef, searchRef);

  const all = issues.data ?? [];
  const shown = useMemo(() => filterIssues(all, filters), [all, filters]);
  const facets = useMemo(() => facetCounts(all, filters), [all, filters]);
  const checks = useMemo(() => checksOf(all), [all]);
  const filtered =
    filters.severity !== "all" || filters.check !== "all" || filters.search.trim() !== "";
  const statusLabel = LIST_STATUSES.find((s) => s.value === filters.status)?.label ?? "";
  const activeInRange = facets.status.get("active") ?? 0;
  // The latest audit's counted issues that this date range leaves out.
  const outOfRange =
    counts && !filtered && filters.status === "active" ? counts.active - activeInRange : 0;
  const windowNote =
    history !== undefined &&
    (history.window.olderHidden ||
      rangeReachesPast(history.window, range === "all" ? "all" : Number(range)));

  const item = (issue: Issue) => (
    <li key={issue.id}>
      <IssueItem
        issue={issue}
        canExport={csvExports === true}
        exporting={exportIssue.isPending && exportIssue.variables?.issueId === issue.id}
        busy={
          (resolve.isPending && resolve.variables === issue.id) ||
          (restore.isPending && restore.variables?.issueId === issue.id)
        }
        onExport={() => exportIssue.mutate({ issueId: issue.id, range })}
        onResolve={() => resolve.mutate(issue.id)}
        onMute={() => setMuting(issue)}
        onRestore={(action) => restore.mutate({ issueId: issue.id, action })}
      />
    </li>
  );

  function emptyState() {
    if (all.length === 0) {
      return (
        <EmptyList
          icon="clear"
          title="No issues found"
          text="No UTM tracking issues were detected in this date range."
        />
      );
    }
    if (filtered) {
      return (
        <EmptyList
          icon="none"
          title="No issues match these filters"
          text={`None of the ${plural(facets.status.get(filters.status) ?? 0, `${statusLabel.toLowerCase()} issue`)} in ${rangeLabel.toLowerCase()} matches.`}
          action={
            <Button
              variant="outline"
              size="sm"
              onClick={() => setFilters({ ...DEFAULT_FILTERS, status: filters.status })}
            >
              Clear filters
            </Button>
          }
        />
      );
    }
    const others = othersOf(facets.status, filters.status);
    return (
      <EmptyList
        icon={filters.status === "active" ? "clear" : "none"}
        title={[
          `No ${statusLabel.toLowerCase()} issues`,
          ...others.map((other) => `${other.count} ${other.label.toLowerCase()}`),
        ].join("; ")}
        text={
          filters.status === "active"
            ? "The latest audit found nothing active in this date range."
            : `No issue in ${rangeLabel.toLowerCase()} is ${statusLabel.toLowerCase()}.`
        }
        action={
          others.length > 0 ? (
            <div className="flex flex-wrap justify-center gap-2">
              {others.map((other) => (
                <Button
                  key={other.value}
                  variant="outline"
                  size="sm"
                  onClick={() => setFilters({ ...filters, status: other.value })}
                >
                  Show {other.label.toLowerCase()}
                </Button>
              ))}
            </div>
          ) : null
        }
      />
    );
  }

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center gap-2">
            <ListChecks className="size-5 text-primary" aria-hidden />
            <CardTitle>Issues Found</CardTitle>
          </div>
          <CardDescription aria-live="polite">
            {issues.data
              ? `Showing ${shown.length} of ${plural(all.length, "issue")} · ${rangeLabel}`
              : rangeLabel}
          </CardDescription>
          <CountsDefinition className="self-start" />
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
      <CardContent className="flex min-w-0 flex-col gap-4">
        {windowNote ? <HistoryWindowNote history={history} /> : null}
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
        ) : (
          <>
            <IssueFiltersBar
              filters={filters}
              counts={facets}
              checks={checks}
              groupByCheck={grouped}
              onChange={setFilters}
              onGroupByCheckChange={setGrouped}
              searchRef={searchRef}
            />
            {outOfRange > 0 ? (
              <div className="flex flex-wrap items-center gap-2 rounded-md border border-dashed p-3 text-sm">
                <span>
                  {plural(outOfRange, "counted issue")} of the latest audit{" "}
                  {outOfRange === 1 ? "was" : "were"} last detected before this date range.
                </span>
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto px-0"
                  onClick={() => setRange("all")}
                >
                  Show all time
                </Button>
              </div>
            ) : null}
            <p className="sr-only sm:not-sr-only sm:text-xs sm:text-muted-foreground">
              Keys: j and k move between issues, / searches.
            </p>
            <div ref={listRef} className="min-w-0">
              {shown.length === 0 ? (
                emptyState()
              ) : grouped ? (
                <div className="flex flex-col gap-5">
                  {groupByCheck(shown).map((group) => (
                    <section
                      key={group.check}
                      aria-label={`${group.check} issues`}
                      className="flex flex-col gap-2"
                    >
                      <h4 className="flex flex-wrap items-baseline gap-2 text-sm font-semibold">
                        <span className="font-mono break-all">{group.check}</span>
                        <span className="font-normal text-muted-foreground">
                          {plural(group.issues.length, "issue")}
                        </span>
                      </h4>
                      <ul className="flex flex-col gap-3">{group.issues.map(item)}</ul>
                    </section>
                  ))}
                </div>
              ) : (
                <ul className="flex flex-col gap-3">{shown.map(item)}</ul>
              )}
            </div>
          </>
        )}
      </CardContent>
      <MuteIssueDialog issue={muting} onClose={() => setMuting(null)} />
    </Card>
  );
}

function EmptyList({
  icon,
  title,
  text,
  action,
}: {
  icon: "clear" | "none";
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  const Icon = icon === "clear" ? SearchCheck : SearchX;
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center">
      <Icon
        className={icon === "clear" ? "size-8 text-success" : "size-8 text-muted-foreground"}
        aria-hidden
      />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}
