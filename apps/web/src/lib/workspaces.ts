import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateWorkspaceRequest,
  WorkspaceListResponseSchema,
  WorkspaceResponseSchema,
  type WorkspaceSummary,
} from "@utmost/contracts";
import { useEffect } from "react";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "./api-client";
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

export function createWorkspace(body: CreateWorkspaceRequest) {
  return apiRequest("/api/workspaces", WorkspaceResponseSchema, { method: "POST", body });
}

/** Spec §4: creating a workspace selects it. */
export function useCreateWorkspace(options: { onSuccess?: (workspace: WorkspaceSummary) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: async ({ workspace }) => {
      setSelectedWorkspaceId(workspace.id);
      await queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      toast.success("Workspace created successfully");
      options.onSuccess?.(workspace);
    },
    onError: (error) => toast.error(`Failed to create workspace: ${errorMessage(error)}`),
  });
}
