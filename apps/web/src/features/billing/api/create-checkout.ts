import { useMutation } from "@tanstack/react-query";
import { type CreateCheckoutRequest, CreateCheckoutResponseSchema } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { isLocalEnvironmentMessage } from "../local-environment";

export { isLocalEnvironmentMessage };

/** Spec §7 create-dodo-checkout: a checkout session for one of the paid plans. */
export function createCheckout(request: CreateCheckoutRequest) {
  return apiRequest("/api/billing/checkout", CreateCheckoutResponseSchema, {
    method: "POST",
    body: request,
  });
}

function toastCheckoutError(error: Error) {
  const message = errorMessage(error);
  if (isLocalEnvironmentMessage(message)) {
    toast.info("Local Development Limitation", { description: message });
  } else {
    toast.error("Upgrade failed", { description: message });
  }
}

/**
 * Starts checkout for a paid plan and sends the browser to the provider's page, which returns it
 * to `PAYMENT_SUCCESS_PATH` (spec §4 Checkout).
 */
export function useCheckout() {
  const mutation = useMutation({
    mutationFn: createCheckout,
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    onError: toastCheckoutError,
  });
  // After success the page is on its way out: the buttons stay busy until it has gone.
  const isBusy = mutation.isPending || mutation.isSuccess;
  return {
    start: (tier: CreateCheckoutRequest["tier"]) => mutation.mutate({ tier }),
    isBusy,
    pendingTier: isBusy ? (mutation.variables?.tier ?? null) : null,
  };
}
