import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiCommand, errorMessage } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { clearSelectedWorkspaceId, getSelectedWorkspaceId } from "@/lib/storage";
import { workspacesQueryKey } from "@/lib/workspaces";

export function deleteWorkspace(workspaceId: string): Promise<void> {
  return apiCommand(`/api/workspaces/${encodeURIComponent(workspaceId)}`, { method: "DELETE" });
}

/** Spec §4: deleting the selected workspace clears the selection (the caller goes to /dashboard). */
export function useDeleteWorkspace(options: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: async (_, workspaceId) => {
      if (getSelectedWorkspaceId() === workspaceId) clearSelectedWorkspaceId();
      toast.success("Workspace deleted successfully");
      options.onSuccess();
      queryClient.removeQueries({ queryKey: ["workspaces", workspaceId] });
      // The owner's plan counts the properties deleted with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
    onError: (error) => toast.error(`Failed to delete workspace: ${errorMessage(error)}`),
  });
}
