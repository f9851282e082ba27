import type { IssueSeverity } from "@utmost/contracts";
import { Search } from "lucide-react";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import {
  ALL,
  type facetCounts,
  type IssueFilters,
  LIST_STATUSES,
  type ListStatus,
  SEVERITY_OPTIONS,
} from "../utils/issue-filters";

const SELECT_CLASS =
  "h-9 w-full min-w-0 rounded-md border border-input bg-card px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30";

/**
 * The list's filters, each value with how many issues it would show (the other filters as they
 * are). Native controls, labelled, so they work by keyboard and on a phone.
 */
export function IssueFiltersBar({
  filters,
  counts,
  checks,
  groupByCheck,
  onChange,
  onGroupByCheckChange,
  searchRef,
}: {
  filters: IssueFilters;
  counts: ReturnType<typeof facetCounts>;
  checks: readonly string[];
  groupByCheck: boolean;
  onChange: (filters: IssueFilters) => void;
  onGroupByCheckChange: (group: boolean) => void;
  searchRef: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex min-w-0 flex-wrap items-center gap-1.5">
        <legend className="float-left mr-1 text-sm font-medium">Status</legend>
        {LIST_STATUSES.map((status) => {
          const count = counts.status.get(status.value) ?? 0;
          const selected = filters.status === status.value;
          // "No longer found" only when there is such an issue (or it is chosen).
          if (status.value === "gone" && count === 0 && !selected) return null;
          return (
            <button
              key={status.value}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange({ ...filters, status: status.value as ListStatus })}
              className={cn(
                "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40",
                selected
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-card hover:bg-muted",
              )}
            >
              {/* What it shows is its name, "Active (12)" (WCAG 2.5.3 "Label in Name"). */}
              {status.label} <span className="tabular-nums opacity-80">({count})</span>
            </button>
          );
        })}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto] lg:items-end">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-severity`} className="text-xs font-medium text-muted-foreground">
            Severity
          </label>
          <select
            id={`${id}-severity`}
            className={SELECT_CLASS}
            value={filters.severity}
            onChange={(event) =>
              onChange({ ...filters, severity: event.target.value as IssueSeverity | "all" })
            }
          >
            <option value={ALL}>All severities ({counts.severityAll})</option>
            {SEVERITY_OPTIONS.map((severity) => (
              <option key={severity.value} value={severity.value}>
                {severity.label} ({counts.severity.get(severity.value) ?? 0})
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-check`} className="text-xs font-medium text-muted-foreground">
            Check
          </label>
          <select
            id={`${id}-check`}
            className={SELECT_CLASS}
            value={filters.check}
            onChange={(event) => onChange({ ...filters, check: event.target.value })}
          >
            <option value={ALL}>All checks ({counts.checkAll})</option>
            {checks.map((check) => (
              <option key={check} value={check}>
                {check} ({counts.check.get(check) ?? 0})
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-search`} className="text-xs font-medium text-muted-foreground">
            Search issues
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              ref={searchRef}
              id={`${id}-search`}
              type="search"
              className="pl-8"
              placeholder="Title, value or check (press /)"
              value={filters.search}
              onChange={(event) => onChange({ ...filters, search: event.target.value })}
            />
          </div>
        </div>
        <label className="flex h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={groupByCheck}
            onChange={(event) => onGroupByCheckChange(event.target.checked)}
          />
          Group by check
        </label>
      </div>
    </div>
  );
}
