import { queryOptions, useQuery } from "@tanstack/react-query";
import { ScanListResponseSchema } from "@utmost/contracts";
import { apiRequest } from "@/lib/api-client";
import { dataSourceKeys } from "@/lib/data-sources";

export function scansQueryOptions(dataSourceId: string) {
  return queryOptions({
    queryKey: [...dataSourceKeys.detail(dataSourceId), "scans"],
    queryFn: () =>
      apiRequest(
        `/api/data-sources/${encodeURIComponent(dataSourceId)}/scans`,
        ScanListResponseSchema,
      ),
    select: (data) => data.scans,
  });
}

/** The property's scans, newest first; `enabled` lets callers skip it when the latest will do. */
export function useScans(dataSourceId: string, options: { enabled: boolean }) {
  return useQuery({ ...scansQueryOptions(dataSourceId), enabled: options.enabled });
}
