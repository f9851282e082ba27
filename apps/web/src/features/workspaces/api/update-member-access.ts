import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type UpdateMemberAccessRequest, WorkspaceMemberResponseSchema } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { membersQueryKey } from "./get-members";

interface Variables {
  userId: string;
  access: UpdateMemberAccessRequest;
}

export function updateMemberAccess(workspaceId: string, { userId, access }: Variables) {
  return apiRequest(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(userId)}/access`,
    WorkspaceMemberResponseSchema,
    { method: "PUT", body: access },
  );
}

/** Client-level access (Agency): every property, or only the chosen ones. */
export function useUpdateMemberAccess(workspaceId: string, options: { onSuccess?: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateMemberAccess(workspaceId, variables),
    onSuccess: async ({ member }) => {
      toast.success("Access updated", {
        description:
          member.propertyAccess === "all"
            ? `${member.fullName} can see every analytics property.`
            : `${member.fullName} can see ${member.dataSourceIds.length === 1 ? "1 chosen analytics property" : `${member.dataSourceIds.length} chosen analytics properties`}.`,
      });
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) });
    },
    onError: (error) => toast.error(`Failed to update access: ${errorMessage(error)}`),
  });
}
