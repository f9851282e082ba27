import { queryOptions, useQuery } from "@tanstack/react-query";
import { DataSourceResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { dataSourceKeys } from "@/lib/data-sources";

export function dataSourceQueryOptions(dataSourceId: string) {
  return queryOptions({
    queryKey: dataSourceKeys.detail(dataSourceId),
    queryFn: () =>
      apiRequest(`/api/data-sources/${encodeURIComponent(dataSourceId)}`, DataSourceResponseSchema),
    select: (data) => data.dataSource,
  });
}

/** `GET /api/data-sources/:id`: 404 'Analytics property not found' when missing or not ours. */
export function useDataSource(dataSourceId: string) {
  return useQuery(dataSourceQueryOptions(dataSourceId));
}
