import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignUpRequest } from "@utmost/contracts";
import { apiCommand } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/** The server signs the new user in straight away. */
export function signUp(body: SignUpRequest): Promise<void> {
  return apiCommand("/api/auth/sign-up/email", { method: "POST", body });
}

export function useSignUp(options: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: async () => {
      options.onSuccess();
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: options.onError,
  });
}
