import { queryOptions, useQuery } from "@tanstack/react-query";
import { GoogleConnectionResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

/** The accounts and properties Google listed for a fresh authorization (the picker's list). */
export function googleConnectionQueryOptions(connectionId: string) {
  return queryOptions({
    queryKey: ["google-connections", connectionId],
    queryFn: () =>
      apiRequest(
        `/api/oauth/google/connections/${encodeURIComponent(connectionId)}`,
        GoogleConnectionResponseSchema,
      ),
    // The handle is spent by saving; reading it again later would only fail.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useGoogleConnection(connectionId: string) {
  return useQuery(googleConnectionQueryOptions(connectionId));
}
