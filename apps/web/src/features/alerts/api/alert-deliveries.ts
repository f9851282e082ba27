import { queryOptions, useQuery } from "@tanstack/react-query";
import { AlertDeliveryListResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

export const alertDeliveriesQueryKey = (alertRuleId: string) =>
  ["alert-rules", alertRuleId, "deliveries"] as const;

/** How many deliveries the log shows. */
const LOG_LIMIT = 20;

/** A rule's delivery log, newest first; idle until a rule is given. */
export function useAlertDeliveries(alertRuleId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: alertDeliveriesQueryKey(alertRuleId ?? ""),
      queryFn: () =>
        apiRequest(
          `/api/alert-rules/${encodeURIComponent(alertRuleId ?? "")}/deliveries?limit=${LOG_LIMIT}`,
          AlertDeliveryListResponseSchema,
        ),
      select: (data) => data.deliveries,
      enabled: alertRuleId !== null,
    }),
  );
}
