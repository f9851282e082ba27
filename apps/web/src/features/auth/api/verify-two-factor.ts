import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SignInResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { meQueryOptions } from "@/lib/auth";

export type SecondFactor = "totp" | "backup-code";

const PATHS: Record<SecondFactor, string> = {
  totp: "/api/auth/two-factor/verify-totp",
  "backup-code": "/api/auth/two-factor/verify-backup-code",
};

/** Finishes a sign-in that is waiting for a second factor: the session starts here. */
export function verifySecondFactor(input: { factor: SecondFactor; code: string }) {
  return apiRequest(PATHS[input.factor], SignInResponseSchema, {
    method: "POST",
    body: { code: input.code },
  });
}

export function useVerifySecondFactor(options: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    // Fetched rather than invalidated: /auth asks only when its page came with a session cookie.
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 }),
    onError: options.onError,
  });
}
