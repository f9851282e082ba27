import { useMutation } from "@tanstack/react-query";
import { BillingPortalResponseSchema } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** `POST /api/billing/portal`: a link into the provider's customer portal (cancel, card). */
export function createPortalLink() {
  return apiRequest("/api/billing/portal", BillingPortalResponseSchema, {
    method: "POST",
    body: {},
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: createPortalLink,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast.error("Could not open subscription management", { description: errorMessage(error) }),
  });
}
