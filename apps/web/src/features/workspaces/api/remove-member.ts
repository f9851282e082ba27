import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiCommand, errorMessage } from "@/lib/api-client";
import { workspacesQueryKey } from "@/lib/workspaces";
import { membersQueryKey } from "./get-members";

/** Removes a member; on one's own row this is leaving the workspace. */
export function removeMember(workspaceId: string, userId: string): Promise<void> {
  return apiCommand(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(userId)}`,
    { method: "DELETE" },
  );
}

export function useRemoveMember(workspaceId: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: { userId: string; fullName: string }) =>
      removeMember(workspaceId, member.userId),
    onSuccess: async (_, member) => {
      toast.success("Member removed", {
        description: `${member.fullName} no longer has access to this workspace.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey, exact: true }),
      ]);
      options.onSuccess?.();
    },
    onError: (error) => toast.error(`Failed to remove member: ${errorMessage(error)}`),
  });
}
