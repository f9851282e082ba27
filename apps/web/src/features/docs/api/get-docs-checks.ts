import { queryOptions, useQuery } from "@tanstack/react-query";
import { DocsCheckListResponseSchema, DocsCheckResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

/** The engine's checks change only with a release: one fetch per page load is enough. */
export const docsChecksQueryOptions = queryOptions({
  queryKey: ["docs", "checks"],
  queryFn: () => apiRequest("/api/docs/checks", DocsCheckListResponseSchema),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useDocsChecks() {
  return useQuery(docsChecksQueryOptions);
}

export function docsCheckQueryOptions(checkId: string) {
  return queryOptions({
    queryKey: ["docs", "checks", checkId],
    queryFn: () =>
      apiRequest(`/api/docs/checks/${encodeURIComponent(checkId)}`, DocsCheckResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDocsCheck(checkId: string) {
  return useQuery(docsCheckQueryOptions(checkId));
}
