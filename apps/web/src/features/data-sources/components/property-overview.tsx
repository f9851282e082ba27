import type { DataSource } from "@utmost/contracts";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PropertyStatusBadge } from "./property-status-badge";

/**
 * The health report's top: breadcrumb, the property's identity and the page's actions. The
 * property's name is the page's heading, so it is not repeated here.
 */
export function PropertyOverview({
  dataSource,
  actions,
  details,
}: {
  dataSource: DataSource;
  actions?: ReactNode;
  /** More rows of the property's details, each a `dt` and `dd` in a `div`. */
  details?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb">
        <ol className="flex items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to="/data-sources" className="hover:text-foreground">
              Analytics Properties
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="truncate text-foreground">
            Health report
          </li>
        </ol>
      </nav>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          {/* The page's heading names the property (issue 22: the title once). */}
          <div className="flex items-center gap-2">
            <PropertyStatusBadge dataSource={dataSource} />
          </div>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">Type</dt>
              <dd>Google Analytics 4</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">GA4 Property ID</dt>
              <dd className="font-mono">{dataSource.ga4PropertyId}</dd>
            </div>
            {dataSource.ga4AccountName ? (
              <div className="flex gap-1.5">
                <dt className="text-muted-foreground">Account</dt>
                <dd>{dataSource.ga4AccountName}</dd>
              </div>
            ) : null}
            {details}
          </dl>
        </div>
        {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
