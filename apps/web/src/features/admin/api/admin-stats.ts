import { queryOptions, useQuery } from "@tanstack/react-query";
import { AdminRecentScansResponseSchema, AdminStatsSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";

/** The console's figures and recent activity (spec §6 "System admin", §7 polling). */

export const adminStatsQueryKey = ["admin", "stats"] as const;
export const adminRecentScansQueryKey = ["admin", "recent-scans"] as const;

/** `refetchInterval` polls while the caller is shown (the System tab, spec §7: every 30 s). */
export function useAdminStats(options: { refetchInterval?: number } = {}) {
  return useQuery(
    queryOptions({
      queryKey: adminStatsQueryKey,
      queryFn: () => apiRequest("/api/admin/stats", AdminStatsSchema),
      refetchInterval: options.refetchInterval,
    }),
  );
}

/** The 10 newest scans; the System tab's recent activity polls every 10 s (spec §7). */
export function useAdminRecentScans(options: { refetchInterval?: number } = {}) {
  return useQuery(
    queryOptions({
      queryKey: adminRecentScansQueryKey,
      queryFn: () => apiRequest("/api/admin/recent-scans", AdminRecentScansResponseSchema),
      select: (data) => data.scans,
      refetchInterval: options.refetchInterval,
    }),
  );
}
