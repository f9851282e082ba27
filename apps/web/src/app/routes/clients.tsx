import { Building2, Plug } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { UpgradeNotice } from "@/components/upgrade-notice";
import { usePortfolio } from "@/features/portfolio/api/get-portfolio";
import { PortfolioFilters } from "@/features/portfolio/components/portfolio-filters";
import { PortfolioTable } from "@/features/portfolio/components/portfolio-table";
import {
  DEFAULT_SORT,
  filterPortfolio,
  NO_FILTER,
  type PortfolioColumn,
  type PortfolioFilter,
  type PortfolioSort,
  sortPortfolio,
  workspacesOf,
} from "@/features/portfolio/utils/portfolio-view";
import { errorMessage, isApiError } from "@/lib/api-client";

function UpgradeCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Every client in one place</CardTitle>
        <CardDescription>
          One table of every property in every workspace you belong to, with its score, trend,
          critical issues and last scan, sorted by who needs attention first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <UpgradeNotice
          feature="Multi-client dashboards"
          sells={(plan) => plan.multiClientDashboard}
        />
      </CardContent>
    </Card>
  );
}

function toggled(sort: PortfolioSort, column: PortfolioColumn): PortfolioSort {
  if (sort.column !== column) return { column, direction: "ascending" };
  return { column, direction: sort.direction === "ascending" ? "descending" : "ascending" };
}

/** `/clients`: the multi-client dashboard (Agency plan, ADR 012). */
export function ClientsRoute() {
  const portfolio = usePortfolio();
  const [sort, setSort] = useState<PortfolioSort>(DEFAULT_SORT);
  const [filter, setFilter] = useState<PortfolioFilter>(NO_FILTER);

  if (portfolio.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-9 w-full max-w-xl" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (portfolio.isError) {
    if (isApiError(portfolio.error, 403) && portfolio.error.code === "PLAN_UPGRADE_REQUIRED") {
      return <UpgradeCard />;
    }
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load your clients: {errorMessage(portfolio.error)}
      </p>
    );
  }
  const rows = portfolio.data;
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={Building2}
        title="No properties yet"
        description="Connect a Google Analytics 4 property in any of your Agency workspaces and it appears here."
        action={
          <Button asChild>
            <Link to="/connect-data-source">
              <Plug aria-hidden />
              Connect a Property
            </Link>
          </Button>
        }
      />
    );
  }
  const workspaces = workspacesOf(rows);
  const shown = sortPortfolio(filterPortfolio(rows, filter), sort);
  return (
    <div className="flex flex-col gap-4">
      <PortfolioFilters filter={filter} workspaces={workspaces} onChange={setFilter} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {shown.length === rows.length
          ? `${rows.length} ${rows.length === 1 ? "property" : "properties"} across ${workspaces.length} ${workspaces.length === 1 ? "workspace" : "workspaces"}`
          : `${shown.length} of ${rows.length} properties`}
      </p>
      <PortfolioTable
        rows={shown}
        sort={sort}
        onSort={(column) => setSort((current) => toggled(current, column))}
      />
    </div>
  );
}
