import { queryOptions, useQuery } from "@tanstack/react-query";
import { PublicConfigResponseSchema } from "@utmost/contracts";
import { apiRequest } from "./api-client";

export const configQueryKey = ["config"] as const;

export const configQueryOptions = queryOptions({
  queryKey: configQueryKey,
  queryFn: () => apiRequest("/api/config", PublicConfigResponseSchema),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(configQueryOptions);
}
