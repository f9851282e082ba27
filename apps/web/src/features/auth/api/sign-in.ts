import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInRequest } from "@utmost/contracts";
import { apiCommand } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

export function signIn(body: SignInRequest): Promise<void> {
  return apiCommand("/api/auth/sign-in/email", { method: "POST", body });
}

export function useSignIn(options: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Stay pending until /api/me knows the user, so the page can move on in one step.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
    onError: options.onError,
  });
}
