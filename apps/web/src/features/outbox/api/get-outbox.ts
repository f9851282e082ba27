import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutboxResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

export const outboxQueryKey = ["outbox"] as const;

/** Newest first, whatever order the server keeps them in. */
export const outboxQueryOptions = queryOptions({
  queryKey: outboxQueryKey,
  queryFn: () => apiRequest("/api/dev/outbox", OutboxResponseSchema),
  select: (data) =>
    [...data.messages].sort(
      (a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
    ),
  refetchInterval: 5_000,
});

export function useOutbox(enabled: boolean) {
  return useQuery({ ...outboxQueryOptions, enabled });
}
