import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const dataSourceQueryKey = (dataSourceId: string) => ["data-sources", dataSourceId] as const;

/**
 * `GET /api/data-sources/:id`. Its response shape is not in the contracts yet; the health page
 * only needs to know whether the property exists and is accessible.
 */
export function useDataSource(dataSourceId: string) {
  return useQuery(
    queryOptions({
      queryKey: dataSourceQueryKey(dataSourceId),
      queryFn: () =>
        apiRequest(`/api/data-sources/${encodeURIComponent(dataSourceId)}`, z.unknown()),
    }),
  );
}
