import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type MeResponse, SessionResponseSchema } from "@utmost/contracts";
import { apiCommand, apiRequest } from "./api-client";
import { pageCameWithSessionCookie } from "./session-cookie-mark";

export const meQueryKey = ["me"] as const;

/**
 * Who is signed in: `GET /api/session`, which answers `null` for a signed-out visitor, so a
 * public page asks without a 401 in the browser's console (`GET /api/me` would answer 401).
 */
export function getMe(): Promise<MeResponse | null> {
  return apiRequest("/api/session", SessionResponseSchema);
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions);
}

/**
 * Who is signed in, for what a public page shows them (the header's buttons, the plans): asked
 * only when the page came with a session cookie; otherwise what the app already knows (signed in
 * in this tab), else a visitor, with no request (issue 24). Pages that must know for sure, the
 * sign-in guard and /auth, use `useMe`.
 */
export function useVisitorMe() {
  return useQuery({ ...meQueryOptions, enabled: pageCameWithSessionCookie() });
}

export function signOut(): Promise<void> {
  return apiCommand("/api/auth/sign-out", { method: "POST", body: {} });
}

export function useSignOut(options: { onSettled?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onError: options.onError,
    onSettled: () => {
      queryClient.clear();
      options.onSettled?.();
    },
  });
}
