import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type SendInvitationRequest,
  WorkspaceInvitationListResponseSchema,
  WorkspaceInvitationResponseSchema,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiCommand, apiRequest, errorMessage } from "@/lib/api-client";

const invitationsPath = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/invitations`;

export const workspaceInvitationsQueryKey = (workspaceId: string) =>
  ["workspaces", workspaceId, "invitations"] as const;

/** A workspace's pending invitations, newest first (spec §7). Owners and admins only. */
export function useWorkspaceInvitations(workspaceId: string, options: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: workspaceInvitationsQueryKey(workspaceId),
      queryFn: () =>
        apiRequest(invitationsPath(workspaceId), WorkspaceInvitationListResponseSchema),
      select: (data) => data.invitations,
      enabled: options.enabled,
    }),
  );
}

export function sendInvitation(workspaceId: string, body: SendInvitationRequest) {
  return apiRequest(invitationsPath(workspaceId), WorkspaceInvitationResponseSchema, {
    method: "POST",
    body,
  });
}

export function useSendInvitation(workspaceId: string, options: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendInvitationRequest) => sendInvitation(workspaceId, body),
    onSuccess: async ({ invitation }) => {
      toast.success("Invitation sent!", {
        description: `An invitation has been sent to ${invitation.invitedEmail}`,
      });
      options.onSuccess();
      await queryClient.invalidateQueries({ queryKey: workspaceInvitationsQueryKey(workspaceId) });
    },
    onError: (error) => toast.error(`Failed to send invitation: ${errorMessage(error)}`),
  });
}

export function cancelInvitation(workspaceId: string, invitationId: string): Promise<void> {
  return apiCommand(`${invitationsPath(workspaceId)}/${encodeURIComponent(invitationId)}`, {
    method: "DELETE",
  });
}

export function useCancelInvitation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => cancelInvitation(workspaceId, invitationId),
    onSuccess: async () => {
      toast.success("Invitation cancelled", { description: "The invitation has been removed" });
      await queryClient.invalidateQueries({ queryKey: workspaceInvitationsQueryKey(workspaceId) });
    },
    onError: (error) => toast.error(`Failed to cancel invitation: ${errorMessage(error)}`),
  });
}
