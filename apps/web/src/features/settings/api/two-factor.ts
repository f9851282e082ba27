import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  EnableTwoFactorResponseSchema,
  SignInResponseSchema,
  type TwoFactorPasswordRequest,
  type VerifyTotpRequest,
} from "@utmost/contracts";
import { apiCommand, apiRequest } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/** Step 1 of turning two-factor sign-in on: a new secret and backup codes, not yet in force. */
export function enableTwoFactor(body: TwoFactorPasswordRequest) {
  return apiRequest("/api/auth/two-factor/enable", EnableTwoFactorResponseSchema, {
    method: "POST",
    body,
  });
}

/** Step 2: the first code from the authenticator app proves it is set up; sign-in asks from now. */
export function confirmTwoFactor(body: VerifyTotpRequest) {
  return apiRequest("/api/auth/two-factor/verify-totp", SignInResponseSchema, {
    method: "POST",
    body,
  });
}

export function disableTwoFactor(body: TwoFactorPasswordRequest) {
  return apiCommand("/api/auth/two-factor/disable", { method: "POST", body });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

export function useConfirmTwoFactor(options: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
    onError: options.onError,
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
