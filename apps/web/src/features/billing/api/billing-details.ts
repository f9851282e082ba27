import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BillingDetailsResponseSchema,
  type PaidTier,
  PLANS,
  SetExtraPropertiesRequestSchema,
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

/** "2 add-on properties", "1 add-on property". */
export function addOnCount(count: number): string {
  return `${count} add-on ${count === 1 ? "property" : "properties"}`;
}

/**
 * `POST /api/billing/extra-properties` (issue 23): the provider sets the add-on properties the
 * plan carries and prorates the rest of the period; the new limit follows in the plan, the
 * workspaces and the sidebar.
 */
export function useSetExtraProperties(options: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extraProperties: number) =>
      apiRequest("/api/billing/extra-properties", BillingDetailsResponseSchema, {
        method: "POST",
        body: SetExtraPropertiesRequestSchema.parse({ extraProperties }),
      }),
    onSuccess: async (response, extraProperties) => {
      queryClient.setQueryData(billingDetailsQueryKey, response);
      toast.success("Subscription updated successfully", {
        description: `Your plan now carries ${addOnCount(extraProperties)}.`,
      });
      options.onSuccess();
      for (const queryKey of [meQueryKey, workspacesQueryKey, billingQueryKey]) {
        await queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => toast.error(`Failed to update subscription: ${errorMessage(error)}`),
  });
}
