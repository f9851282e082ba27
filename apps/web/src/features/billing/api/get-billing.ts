import { queryOptions, useQuery } from "@tanstack/react-query";
import { BillingOverviewSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

export const billingQueryKey = ["billing"] as const;

/** `GET /api/billing`: the signed-in user's own plan, checkout's mode and the portal's offer. */
export const billingQueryOptions = queryOptions({
  queryKey: billingQueryKey,
  queryFn: () => apiRequest("/api/billing", BillingOverviewSchema),
});

export function useBilling() {
  return useQuery(billingQueryOptions);
}
