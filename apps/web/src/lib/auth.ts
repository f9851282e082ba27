import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type MeResponse, MeResponseSchema } from "@utmost/contracts";
import { ApiError, apiCommand, apiRequest } from "./api-client";

export const meQueryKey = ["me"] as const;

/** `GET /api/me`, with "signed out" (401) as the value `null` rather than an error. */
export async function getMe(): Promise<MeResponse | null> {
  try {
    return await apiRequest("/api/me", MeResponseSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions);
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
