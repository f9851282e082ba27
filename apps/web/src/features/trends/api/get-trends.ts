import { queryOptions, useQuery } from "@tanstack/react-query";
import { TrendsResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { dataSourceKeys } from "@/lib/data-sources";

/** Under the property's key, so a finished audit adds its point and its changes. */
export function trendsQueryOptions(dataSourceId: string) {
  return queryOptions({
    queryKey: [...dataSourceKeys.detail(dataSourceId), "trends"],
    queryFn: () =>
      apiRequest(
        `/api/data-sources/${encodeURIComponent(dataSourceId)}/trends`,
        TrendsResponseSchema,
      ),
  });
}

/** Every completed scan's score and counts, and what changed since the previous scan. */
export function useTrends(dataSourceId: string) {
  return useQuery(trendsQueryOptions(dataSourceId));
}
