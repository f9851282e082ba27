import { queryOptions, useQuery } from "@tanstack/react-query";
import { DataSourceListResponseSchema } from "@utmost/contracts";
import { apiRequest } from "./api-client";

/**
 * Query keys of everything read about properties. A finished audit, a muted issue or a deleted
 * property invalidates `all`, which covers lists, details, scan lists and issue lists.
 */
export const dataSourceKeys = {
  all: ["data-sources"] as const,
  list: (workspaceId: string) => ["data-sources", "list", workspaceId] as const,
  detail: (dataSourceId: string) => ["data-sources", "detail", dataSourceId] as const,
};

export function dataSourcesQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: dataSourceKeys.list(workspaceId),
    queryFn: () =>
      apiRequest(
        `/api/workspaces/${encodeURIComponent(workspaceId)}/data-sources`,
        DataSourceListResponseSchema,
      ),
    select: (data) => data.dataSources,
  });
}

/** The workspace's properties, newest first, each with its latest scan; idle without one. */
export function useDataSources(workspaceId: string | null) {
  return useQuery({
    ...dataSourcesQueryOptions(workspaceId ?? ""),
    enabled: workspaceId !== null,
  });
}
