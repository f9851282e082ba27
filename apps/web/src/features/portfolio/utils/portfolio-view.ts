import type { PortfolioProperty, PortfolioStatus } from "@utmost/contracts";

/** The table's sortable columns. */
export type PortfolioColumn =
  | "property"
  | "workspace"
  | "score"
  | "trend"
  | "critical"
  | "lastScan"
  | "status";

export type SortDirection = "ascending" | "descending";

export interface PortfolioSort {
  column: PortfolioColumn;
  direction: SortDirection;
}

/** Who needs attention first: the lowest score at the top. */
export const DEFAULT_SORT: PortfolioSort = { column: "score", direction: "ascending" };

export const STATUS_LABELS: Record<PortfolioStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  over_plan_limit: "Inactive: over plan limit",
  needs_reconnect: "Needs reconnect",
};

/** Worst first when sorted ascending, as the score is. */
const STATUS_RANK: Record<PortfolioStatus, number> = {
  needs_reconnect: 0,
  over_plan_limit: 1,
  inactive: 2,
  active: 3,
};

const text = new Intl.Collator("en", { sensitivity: "base", numeric: true });

type Key = string | number | null;

function keyOf(row: PortfolioProperty, column: PortfolioColumn): Key {
  switch (column) {
    case "property":
      return row.name;
    case "workspace":
      return row.workspaceName;
    case "score":
      return row.healthScore;
    case "trend":
      return row.scoreChange;
    case "critical":
      return row.criticalIssuesCount;
    case "lastScan":
      return row.lastScanAt === null ? null : Date.parse(row.lastScanAt);
    case "status":
      return STATUS_RANK[row.status];
  }
}

function compareKeys(a: Key, b: Key): number {
  if (typeof a === "string" && typeof b === "string") return text.compare(a, b);
  return Number(a) - Number(b);
}

/**
 * The rows in `sort` order. Rows without a value (never audited, no previous scan) go last in
 * either direction; ties fall back to the property name, then the workspace name.
 */
export function sortPortfolio(
  rows: readonly PortfolioProperty[],
  sort: PortfolioSort,
): PortfolioProperty[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = keyOf(a, sort.column);
    const kb = keyOf(b, sort.column);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else {
      const order = compareKeys(ka, kb) * sign;
      if (order !== 0) return order;
    }
    return text.compare(a.name, b.name) || text.compare(a.workspaceName, b.workspaceName);
  });
}

export interface PortfolioFilter {
  /** Matched against the property's and the workspace's names. */
  search: string;
  /** A workspace id, or null for all. */
  workspaceId: string | null;
  status: PortfolioStatus | null;
}

export const NO_FILTER: PortfolioFilter = { search: "", workspaceId: null, status: null };

export function filterPortfolio(
  rows: readonly PortfolioProperty[],
  filter: PortfolioFilter,
): PortfolioProperty[] {
  const needle = filter.search.trim().toLocaleLowerCase("en");
  return rows.filter(
    (row) =>
      (filter.workspaceId === null || row.workspaceId === filter.workspaceId) &&
      (filter.status === null || row.status === filter.status) &&
      (needle === "" ||
        row.name.toLocaleLowerCase("en").includes(needle) ||
        row.workspaceName.toLocaleLowerCase("en").includes(needle)),
  );
}

/** The workspaces the rows come from, by name, for the workspace filter. */
export function workspacesOf(rows: readonly PortfolioProperty[]): { id: string; name: string }[] {
  const byId = new Map(rows.map((row) => [row.workspaceId, row.workspaceName]));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => text.compare(a.name, b.name));
}
