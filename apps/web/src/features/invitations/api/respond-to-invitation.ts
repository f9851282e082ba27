import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type AcceptInvitationResponse, AcceptInvitationResponseSchema } from "@utmost/contracts";
import { toast } from "sonner";
import { apiCommand, apiRequest, errorMessage } from "@/lib/api-client";
import { getMe, meQueryKey } from "@/lib/auth";
import { markOnboardingCompleted, setSelectedWorkspaceId } from "@/lib/storage";
import { workspacesQueryKey } from "@/lib/workspaces";

export function acceptInvitation(token: string) {
  return apiRequest("/api/invitations/accept", AcceptInvitationResponseSchema, {
    method: "POST",
    body: { token },
  });
}

export function declineInvitation(token: string): Promise<void> {
  return apiCommand("/api/invitations/decline", { method: "POST", body: { token } });
}

/**
 * The onboarding finish action (spec §4). Onboarding is about connecting one's first property;
 * an invitee who joined a team has properties to work on, and spec §4 sends them to /dashboard
 * after accepting, which the route guard would otherwise turn into /onboarding.
 */
async function finishOnboardingIfNeeded(): Promise<void> {
  const me = await getMe();
  if (!me || me.onboardingCompleted) return;
  await apiCommand("/api/me/onboarding/complete", { method: "POST" });
  markOnboardingCompleted();
}

async function acceptAndSettle(token: string): Promise<AcceptInvitationResponse> {
  const accepted = await acceptInvitation(token);
  try {
    await finishOnboardingIfNeeded();
  } catch {
    // The user has joined either way; at worst the guard offers onboarding, which can be skipped.
  }
  return accepted;
}

/** Spec §4: after accepting, the joined workspace becomes the selected one. */
export function useAcceptInvitation(options: {
  onSuccess: (workspace: AcceptInvitationResponse["workspace"]) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAndSettle,
    onSuccess: async ({ workspace }) => {
      setSelectedWorkspaceId(workspace.id);
      toast.success("You have successfully joined the workspace!");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
      options.onSuccess(workspace);
    },
    onError: (error) => toast.error(`Failed to accept invitation: ${errorMessage(error)}`),
  });
}

export function useDeclineInvitation(options: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: () => options.onSuccess(),
    onError: (error) => toast.error(`Failed to decline invitation: ${errorMessage(error)}`),
  });
}
