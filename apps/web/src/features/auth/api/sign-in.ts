import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SignInRequest, type SignInResponse, SignInResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

export function signIn(body: SignInRequest): Promise<SignInResponse> {
  return apiRequest("/api/auth/sign-in/email", SignInResponseSchema, { method: "POST", body });
}

export function useSignIn(options: {
  onError: (error: Error) => void;
  /** The password was right and the account has two-factor sign-in on: a code is due. */
  onTwoFactorRequired: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Stay pending until /api/me knows the user, so the page can move on in one step.
    onSuccess: async (response) => {
      if ("twoFactorRedirect" in response) {
        options.onTwoFactorRequired();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: options.onError,
  });
}
