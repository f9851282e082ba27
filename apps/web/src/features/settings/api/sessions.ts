import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type SignInSession,
  SignInSessionListResponseSchema,
  type SignOutOthersResponse,
  SignOutOthersResponseSchema,
} from "@utmost/contracts";
import { apiCommand, apiRequest, isApiError } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/**
 * Under the user's own key, so whatever refreshes who is signed in (confirming two-factor starts
 * a new session) refreshes this list too.
 */
export const signInSessionsQueryKey = [...meQueryKey, "sessions"] as const;

/** Where the user is signed in: this browser first, then newest first. */
export function useSignInSessions() {
  return useQuery(
    queryOptions({
      queryKey: signInSessionsQueryKey,
      queryFn: () => apiRequest("/api/me/sessions", SignInSessionListResponseSchema),
      select: (data) => data.sessions,
    }),
  );
}

export function signOutSession(sessionId: string): Promise<void> {
  return apiCommand(`/api/me/sessions/${encodeURIComponent(sessionId)}`, { method: "DELETE" });
}

export function signOutOtherSessions() {
  return apiRequest("/api/me/sessions/sign-out-others", SignOutOthersResponseSchema, {
    method: "POST",
  });
}

/** Signs one other browser out; each row has its own, so each shows its own wait. */
export function useSignOutSession(options: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: signInSessionsQueryKey });
  return useMutation({
    mutationFn: (session: SignInSession) => signOutSession(session.id),
    onSuccess: async () => {
      await refresh();
      options.onSuccess();
    },
    onError: async (error) => {
      // Not found: it expired or was signed out elsewhere meanwhile, so the row is stale.
      if (isApiError(error, 404)) await refresh();
      options.onError(error);
    },
  });
}

export function useSignOutOtherSessions(options: {
  onSuccess: (response: SignOutOthersResponse) => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: async (response) => {
      await queryClient.invalidateQueries({ queryKey: signInSessionsQueryKey });
      options.onSuccess(response);
    },
    onError: options.onError,
  });
}
