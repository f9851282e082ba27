import { useMutation } from "@tanstack/react-query";
import { type GoogleSignInRequest, GoogleSignInResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

/** Asks the API for Google's consent URL; the browser then leaves for Google. */
export function signInWithGoogle(body: GoogleSignInRequest): Promise<{ url: string }> {
  return apiRequest("/api/auth/sign-in/social", GoogleSignInResponseSchema, {
    method: "POST",
    body,
  });
}

export function useSignInWithGoogle(options: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: signInWithGoogle,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: options.onError,
  });
}
