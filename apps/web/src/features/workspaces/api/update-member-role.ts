import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type UpdateMemberRoleRequest, WorkspaceMemberResponseSchema } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { membersQueryKey } from "./get-members";

interface Variables extends UpdateMemberRoleRequest {
  userId: string;
}

export function updateMemberRole(workspaceId: string, { userId, role }: Variables) {
  return apiRequest(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(userId)}`,
    WorkspaceMemberResponseSchema,
    { method: "PATCH", body: { role } },
  );
}

export function useUpdateMemberRole(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateMemberRole(workspaceId, variables),
    onSuccess: async ({ member }) => {
      toast.success("Role updated", { description: `${member.fullName} is now ${member.role}.` });
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) });
    },
    onError: (error) => toast.error(`Failed to update role: ${errorMessage(error)}`),
  });
}
