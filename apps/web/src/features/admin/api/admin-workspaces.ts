import { queryOptions, useQuery } from "@tanstack/react-query";
import { AdminWorkspacesResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

export const adminWorkspacesQueryKey = ["admin", "workspaces"] as const;

/** Every workspace with owner, members and analytics properties (spec §6). */
export function useAdminWorkspaces() {
  return useQuery(
    queryOptions({
      queryKey: adminWorkspacesQueryKey,
      queryFn: () => apiRequest("/api/admin/workspaces", AdminWorkspacesResponseSchema),
      select: (data) => data.workspaces,
    }),
  );
}
