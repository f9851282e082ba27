import { useMutation } from "@tanstack/react-query";
import { apiCommand } from "@/lib/api-client";

/**
 * Where the verification link lands: the sign-in page says the address is verified (the link
 * signs the user in) and goes on to `redirect`, if any.
 */
export function verifiedCallbackPath(redirect: string | null): string {
  return redirect
    ? `/auth?verified=1&redirect=${encodeURIComponent(redirect)}`
    : "/auth?verified=1";
}

/** Mails a new verification link to `email` (the server answers the same for any address). */
export function sendVerificationEmail(
  email: string,
  redirect: string | null = null,
): Promise<void> {
  return apiCommand("/api/auth/send-verification-email", {
    method: "POST",
    body: { email, callbackURL: verifiedCallbackPath(redirect) },
  });
}

export function useSendVerificationEmail(options: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: (email: string) => sendVerificationEmail(email),
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
