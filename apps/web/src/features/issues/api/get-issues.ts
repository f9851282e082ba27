import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { IssueListResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { dataSourceKeys } from "@/lib/data-sources";
import { type DateRange, dateRangeQuery } from "../utils/date-range";

/** Under the property's key, so a finished audit refreshes its issues too. */
export const issuesQueryKey = (dataSourceId: string) =>
  [...dataSourceKeys.detail(dataSourceId), "issues"] as const;

export function issuesQueryOptions(dataSourceId: string, range: DateRange) {
  return queryOptions({
    queryKey: [...issuesQueryKey(dataSourceId), range],
    queryFn: () =>
      apiRequest(
        `/api/data-sources/${encodeURIComponent(dataSourceId)}/issues${dateRangeQuery(range)}`,
        IssueListResponseSchema,
      ),
    select: (data) => data.issues,
    // Changing the range keeps the current list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** Active and resolved issues in the range; muted ones stay hidden (spec §8 'Issue muted'). */
export function useIssues(dataSourceId: string, range: DateRange) {
  return useQuery(issuesQueryOptions(dataSourceId, range));
}
