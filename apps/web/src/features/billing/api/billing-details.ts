import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BillingDetailsResponseSchema,
  type PaidTier,
  PLANS,
  SubscriptionTierSchema,
} from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { workspacesQueryKey } from "@/lib/workspaces";
import { billingQueryKey } from "./get-billing";

export const billingDetailsQueryKey = ["billing", "details"] as const;

/** `GET /api/billing/details`: a paid plan as the provider bills it (price, card, invoices). */
export function useBillingDetails(enabled: boolean) {
  return useQuery({
    queryKey: billingDetailsQueryKey,
    queryFn: () => apiRequest("/api/billing/details", BillingDetailsResponseSchema),
    select: (data) => data.details,
    enabled,
  });
}

/**
 * `POST /api/billing/change-plan`: the provider changes the plan at once and prorates the rest
 * of the period; the new limits follow in the plan, the workspaces and the sidebar.
 */
export function useChangePlan(options: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tier: PaidTier) =>
      apiRequest("/api/billing/change-plan", BillingDetailsResponseSchema, {
        method: "POST",
        body: { tier: SubscriptionTierSchema.parse(tier) },
      }),
    onSuccess: async (response, tier) => {
      queryClient.setQueryData(billingDetailsQueryKey, response);
      toast.success("Subscription updated successfully", {
        description: `You are now on the ${PLANS[tier].name} plan.`,
      });
      options.onSuccess();
      for (const queryKey of [meQueryKey, workspacesQueryKey, billingQueryKey]) {
        await queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => toast.error(`Failed to update subscription: ${errorMessage(error)}`),
  });
}
