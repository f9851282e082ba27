import { useMutation } from "@tanstack/react-query";
import type { SignUpRequest } from "@utmost/contracts";
import { apiCommand } from "@/lib/api-client";
import { verifiedCallbackPath } from "./send-verification-email";

/**
 * No session comes back: the mailed link verifies the address and signs the user in, landing
 * on `redirect` if any (the server answers a taken address the same way, and mails its owner).
 */
export function signUp(body: SignUpRequest, redirect: string | null = null): Promise<void> {
  return apiCommand("/api/auth/sign-up/email", {
    method: "POST",
    body: { ...body, callbackURL: verifiedCallbackPath(redirect) },
  });
}

export function useSignUp(options: {
  redirect: string | null;
  onSuccess: (email: string) => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: (body: SignUpRequest) => signUp(body, options.redirect),
    onSuccess: (_data, body) => options.onSuccess(body.email),
    onError: options.onError,
  });
}
