import { queryOptions, useQuery } from "@tanstack/react-query";
import { ScanDetailResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { scanQueryKey } from "@/lib/audits";

export function scanChecksQueryOptions(scanId: string) {
  return queryOptions({
    queryKey: [...scanQueryKey(scanId), "checks"],
    queryFn: () => apiRequest(`/api/scans/${encodeURIComponent(scanId)}`, ScanDetailResponseSchema),
    select: (data) => ({ checks: data.scan.checks, hiddenSessions: data.scan.hiddenSessions }),
    // A completed scan's checks never change.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What each check of a completed scan concluded (passed, failed, or skipped with the reason), and
 * the sessions GA4 hid from its attribution.
 */
export function useScanChecks(scanId: string) {
  return useQuery(scanChecksQueryOptions(scanId));
}
