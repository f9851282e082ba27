import { useMutation } from "@tanstack/react-query";
import { ConfirmAlertRecipientResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

/** The recipient's opt-in with the mailed token (public: the address may have no account). */
export function confirmAlertRecipient(token: string) {
  return apiRequest("/api/alert-recipients/confirm", ConfirmAlertRecipientResponseSchema, {
    method: "POST",
    body: { token },
  });
}

export function useConfirmAlertRecipient() {
  return useMutation({ mutationFn: confirmAlertRecipient });
}
