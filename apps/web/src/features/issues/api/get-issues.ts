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
    queryFn: () => {
      // Every status: the list's Status filter shows muted and resolved issues too (ADR 014).
      const query = new URLSearchParams(dateRangeQuery(range));
      query.set("includeMuted", "true");
      return apiRequest(
        `/api/data-sources/${encodeURIComponent(dataSourceId)}/issues?${query}`,
        IssueListResponseSchema,
      );
    },
    select: (data) => data.issues,
    // Changing the range keeps the current list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every issue last detected in the range, muted ones included: the list shows active ones first
 * and the others under its Status filter (spec §8 'Issue muted': they leave the counts).
 */
export function useIssues(dataSourceId: string, range: DateRange) {
  return useQuery(issuesQueryOptions(dataSourceId, range));
}
