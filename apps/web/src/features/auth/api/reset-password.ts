import { useMutation } from "@tanstack/react-query";
import type { ResetPasswordRequest } from "@utmost/contracts";
import { apiCommand } from "@/lib/api-client";

export function resetPassword(body: ResetPasswordRequest): Promise<void> {
  return apiCommand("/api/auth/reset-password", { method: "POST", body });
}

export function useResetPassword(options: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}
