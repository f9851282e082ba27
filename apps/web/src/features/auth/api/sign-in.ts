import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SignInRequest, type SignInResponse, SignInResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { meQueryOptions } from "@/lib/auth";

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
    // Stay pending until /api/me knows the user, so the page can move on in one step. Fetched
    // rather than invalidated: /auth asks only when its page came with a session cookie.
    onSuccess: async (response) => {
      if ("twoFactorRedirect" in response) {
        options.onTwoFactorRequired();
        return;
      }
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    },
    onError: options.onError,
  });
}
