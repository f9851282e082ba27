import { queryOptions, useQuery } from "@tanstack/react-query";
import { WorkspaceListResponseSchema, type WorkspaceSummary } from "@utmost/contracts";
import { useEffect } from "react";
import { apiRequest } from "./api-client";
import { shouldRetry } from "./query-client";
import { getSelectedWorkspaceId, setSelectedWorkspaceId } from "./storage";

export const workspacesQueryKey = ["workspaces"] as const;

/** Spec §9: the workspace list is retried 2 times, 500 ms apart. */
export const workspacesQueryOptions = queryOptions({
  queryKey: workspacesQueryKey,
  queryFn: () => apiRequest("/api/workspaces", WorkspaceListResponseSchema),
  select: (data) => data.workspaces,
  retry: shouldRetry,
  retryDelay: 500,
});

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions);
}

/** The stored workspace when it is still in the list, else the first one (spec §4). */
export function resolveSelectedWorkspace(
  workspaces: readonly WorkspaceSummary[],
  storedId: string | null,
): WorkspaceSummary | null {
  return workspaces.find((workspace) => workspace.id === storedId) ?? workspaces[0] ?? null;
}

export interface SelectedWorkspaceState {
  workspace: WorkspaceSummary | null;
  workspaces: WorkspaceSummary[];
  isPending: boolean;
}

export function useSelectedWorkspace(): SelectedWorkspaceState {
  const query = useWorkspaces();
  const workspaces = query.data ?? [];
  const workspace = resolveSelectedWorkspace(workspaces, getSelectedWorkspaceId());

  // Other screens (and the OAuth connect call) read the id from storage, so keep it in step.
  useEffect(() => {
    if (workspace && getSelectedWorkspaceId() !== workspace.id) {
      setSelectedWorkspaceId(workspace.id);
    }
  }, [workspace]);

  return { workspace, workspaces, isPending: query.isPending };
}

/** Spec §4: selecting another workspace stores its id and reloads the page. */
export function selectWorkspace(workspaceId: string): void {
  setSelectedWorkspaceId(workspaceId);
  window.location.reload();
}
