import type { Issue, IssueSeverity } from "@utmost/contracts";

/**
 * The issue list's filters (issue 22). "Active" is exactly what the counts model counts: active
 * issues the latest completed audit found. An active issue the latest audit no longer finds is
 * apart, as "No longer found", so the list and the counts never disagree.
 */
export const LIST_STATUSES = [
  { value: "active", label: "Active" },
  { value: "muted", label: "Muted" },
  { value: "resolved", label: "Resolved" },
  { value: "gone", label: "No longer found" },
] as const;
export type ListStatus = (typeof LIST_STATUSES)[number]["value"];

export const SEVERITY_OPTIONS = [
  { value: "critical", label: "Critical" },
  { value: "warning", label: "Warning" },
  { value: "info", label: "Info" },
] as const satisfies readonly { value: IssueSeverity; label: string }[];

export interface IssueFilters {
  status: ListStatus;
  severity: IssueSeverity | "all";
  /** An engine check id, or every check. */
  check: string;
  search: string;
}

export const ALL = "all";

export const DEFAULT_FILTERS: IssueFilters = {
  status: "active",
  severity: ALL,
  check: ALL,
  search: "",
};

export function listStatusOf(issue: Issue): ListStatus {
  if (issue.status !== "active") return issue.status;
  return issue.foundByLatestAudit ? "active" : "gone";
}

function matchesSearch(issue: Issue, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === "") return true;
  return [issue.title, issue.description, issue.issueType, ...issue.values].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** Whether the issue passes every filter but `except` (for counts per filter value). */
export function matches(issue: Issue, filters: IssueFilters, except?: keyof IssueFilters): boolean {
  return (
    (except === "status" || listStatusOf(issue) === filters.status) &&
    (except === "severity" || filters.severity === ALL || issue.severity === filters.severity) &&
    (except === "check" || filters.check === ALL || issue.issueType === filters.check) &&
    (except === "search" || matchesSearch(issue, filters.search))
  );
}

export function filterIssues(issues: readonly Issue[], filters: IssueFilters): Issue[] {
  return issues.filter((issue) => matches(issue, filters));
}

function tally<K extends string>(issues: readonly Issue[], key: (issue: Issue) => K) {
  const counts = new Map<K, number>();
  for (const issue of issues) counts.set(key(issue), (counts.get(key(issue)) ?? 0) + 1);
  return counts;
}

/**
 * How many issues each value of each filter would show, the other filters as they are: the
 * numbers beside the Status, Severity and Check choices.
 */
export function facetCounts(issues: readonly Issue[], filters: IssueFilters) {
  const without = (facet: keyof IssueFilters) =>
    issues.filter((issue) => matches(issue, filters, facet));
  const bySeverity = without("severity");
  const byCheck = without("check");
  return {
    status: tally(without("status"), listStatusOf),
    severity: tally(bySeverity, (issue) => issue.severity),
    severityAll: bySeverity.length,
    check: tally(byCheck, (issue) => issue.issueType),
    checkAll: byCheck.length,
  };
}

/** Every check id among the issues, sorted, for the Check filter. */
export function checksOf(issues: readonly Issue[]): string[] {
  return [...new Set(issues.map((issue) => issue.issueType))].sort();
}

/** The issues by check, in list order, each group where its first issue stands. */
export function groupByCheck(issues: readonly Issue[]): { check: string; issues: Issue[] }[] {
  const groups = new Map<string, Issue[]>();
  for (const issue of issues) {
    const group = groups.get(issue.issueType);
    if (group) group.push(issue);
    else groups.set(issue.issueType, [issue]);
  }
  return [...groups].map(([check, grouped]) => ({ check, issues: grouped }));
}
