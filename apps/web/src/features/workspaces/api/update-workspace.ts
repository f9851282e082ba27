import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type UpdateWorkspaceRequest, WorkspaceResponseSchema } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { workspacesQueryKey } from "@/lib/workspaces";

export function updateWorkspace(workspaceId: string, body: UpdateWorkspaceRequest) {
  return apiRequest(`/api/workspaces/${encodeURIComponent(workspaceId)}`, WorkspaceResponseSchema, {
    method: "PATCH",
    body,
  });
}

export function useUpdateWorkspace(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceRequest) => updateWorkspace(workspaceId, body),
    onSuccess: async () => {
      toast.success("Workspace updated successfully");
      await queryClient.invalidateQueries({ queryKey: workspacesQueryKey, exact: true });
    },
    onError: (error) => toast.error(`Failed to update workspace: ${errorMessage(error)}`),
  });
}
