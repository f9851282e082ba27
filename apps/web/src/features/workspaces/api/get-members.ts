import { queryOptions, useQuery } from "@tanstack/react-query";
import { WorkspaceMemberListResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

export const membersQueryKey = (workspaceId: string) =>
  ["workspaces", workspaceId, "members"] as const;

export function membersQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: membersQueryKey(workspaceId),
    queryFn: () =>
      apiRequest(
        `/api/workspaces/${encodeURIComponent(workspaceId)}/members`,
        WorkspaceMemberListResponseSchema,
      ),
  });
}

/** The members and the signed-in user's own role, which says what they may do here. */
export function useWorkspaceMembers(workspaceId: string) {
  return useQuery(membersQueryOptions(workspaceId));
}
