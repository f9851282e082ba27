import { useMutation } from "@tanstack/react-query";
import type { ForgotPasswordRequest } from "@utmost/contracts";
import { apiCommand } from "@/lib/api-client";

/** Where the reset mail's link lands (with `?token=` or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = "/auth/reset-password";

export function requestPasswordReset(body: ForgotPasswordRequest): Promise<void> {
  return apiCommand("/api/auth/request-password-reset", {
    method: "POST",
    body: { email: body.email, redirectTo: RESET_PASSWORD_PATH },
  });
}

export function useRequestPasswordReset(options: { onError: (error: Error) => void }) {
  return useMutation({ mutationFn: requestPasswordReset, onError: options.onError });
}
