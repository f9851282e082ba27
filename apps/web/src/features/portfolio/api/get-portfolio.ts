import { queryOptions, useQuery } from "@tanstack/react-query";
import { PortfolioResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { dataSourceKeys } from "@/lib/data-sources";

/** Under the properties' key, so a finished audit or a deleted property refreshes the table. */
export const portfolioQueryOptions = queryOptions({
  queryKey: [...dataSourceKeys.all, "portfolio"],
  queryFn: () => apiRequest("/api/portfolio", PortfolioResponseSchema),
  select: (data) => data.properties,
});

/** Every property of the user's Agency workspaces; 403 PLAN_UPGRADE_REQUIRED without one. */
export function usePortfolio() {
  return useQuery(portfolioQueryOptions);
}
