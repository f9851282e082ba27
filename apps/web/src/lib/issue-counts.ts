import { queryOptions, useQuery } from "@tanstack/react-query";
import { IssueCountsResponseSchema } from "@utmost/contracts";
import { apiRequest } from "./api-client";
import { dataSourceKeys } from "./data-sources";

/**
 * The property's counts by the one model (`@utmost/contracts` counts.ts), of its latest
 * completed audit. Under the property's key: a finished audit or an issue's new status
 * refreshes them with everything else the property shows.
 */
export const issueCountsQueryKey = (dataSourceId: string) =>
  [...dataSourceKeys.detail(dataSourceId), "issue-counts"] as const;

export function issueCountsQueryOptions(dataSourceId: string) {
  return queryOptions({
    queryKey: issueCountsQueryKey(dataSourceId),
    queryFn: () =>
      apiRequest(
        `/api/data-sources/${encodeURIComponent(dataSourceId)}/issue-counts`,
        IssueCountsResponseSchema,
      ),
  });
}

export function useIssueCounts(dataSourceId: string) {
  return useQuery(issueCountsQueryOptions(dataSourceId));
}
