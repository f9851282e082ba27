import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ScanFrequency, ScanScheduleResponseSchema } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { dataSourceKeys } from "@/lib/data-sources";

const scanScheduleKey = (dataSourceId: string) =>
  [...dataSourceKeys.detail(dataSourceId), "scan-schedule"] as const;

const scanScheduleUrl = (dataSourceId: string) =>
  `/api/data-sources/${encodeURIComponent(dataSourceId)}/scan-schedule`;

/** How often the property's automated scans run, and what the plan offers (spec §9). */
export function useScanSchedule(dataSourceId: string) {
  return useQuery({
    queryKey: scanScheduleKey(dataSourceId),
    queryFn: () => apiRequest(scanScheduleUrl(dataSourceId), ScanScheduleResponseSchema),
    select: (data) => data.scanSchedule,
  });
}

export function useUpdateScanSchedule(dataSourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (frequency: ScanFrequency | null) =>
      apiRequest(scanScheduleUrl(dataSourceId), ScanScheduleResponseSchema, {
        method: "PUT",
        body: { frequency },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(scanScheduleKey(dataSourceId), data);
      toast.success("Scan schedule updated");
    },
    onError: (error) =>
      toast.error("Failed to update scan schedule", { description: errorMessage(error) }),
  });
}
