import { queryOptions, useQuery } from "@tanstack/react-query";
import { ConventionsResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

/** A workspace's naming conventions (ADR 012): the settings card edits them, the builder obeys. */

export const conventionsPath = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/conventions`;

export const conventionsQueryKey = (workspaceId: string) =>
  ["workspaces", workspaceId, "conventions"] as const;

export function useConventions(workspaceId: string) {
  return useQuery(
    queryOptions({
      queryKey: conventionsQueryKey(workspaceId),
      queryFn: () => apiRequest(conventionsPath(workspaceId), ConventionsResponseSchema),
    }),
  );
}
