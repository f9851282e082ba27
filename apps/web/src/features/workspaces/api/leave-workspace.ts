import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { clearSelectedWorkspaceId } from "@/lib/storage";
import { workspacesQueryKey } from "@/lib/workspaces";
import { removeMember } from "./remove-member";

/** A member leaves: the workspace is gone from their list, so nothing stays selected. */
export function useLeaveWorkspace(
  workspace: { id: string; name: string },
  options: { onSuccess: () => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(workspace.id, userId),
    onSuccess: async () => {
      clearSelectedWorkspaceId();
      toast.success("You left the workspace", {
        description: `You no longer have access to ${workspace.name}.`,
      });
      // Leave the page first, so it never refetches the members it may no longer read.
      options.onSuccess();
      queryClient.removeQueries({ queryKey: ["workspaces", workspace.id] });
      await queryClient.invalidateQueries({ queryKey: workspacesQueryKey, exact: true });
    },
    onError: (error) => toast.error(`Failed to leave workspace: ${errorMessage(error)}`),
  });
}
