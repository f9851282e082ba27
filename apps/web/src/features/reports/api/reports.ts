import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { ReportListResponseSchema, ReportResponseSchema } from "@utmost/contracts";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/api-client";

/** White-label PDF reports (issue 10): requested, then followed until ready or failed. */

/** How often a pending report is asked about. */
export const REPORT_POLL_MS = 1500;

export const reportQueryKey = (reportId: string) => ["reports", reportId] as const;

/** The property's recent reports, newest first: the latest stays downloadable after a reload. */
export function useReports(dataSourceId: string, options: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: ["data-sources", dataSourceId, "reports"] as const,
      queryFn: () =>
        apiRequest(
          `/api/data-sources/${encodeURIComponent(dataSourceId)}/reports`,
          ReportListResponseSchema,
        ),
      select: (data) => data.reports,
      enabled: options.enabled,
    }),
  );
}

export function useRequestReport(
  dataSourceId: string,
  options: { onSuccess: (id: string) => void },
) {
  return useMutation({
    mutationFn: () =>
      apiRequest(
        `/api/data-sources/${encodeURIComponent(dataSourceId)}/reports`,
        ReportResponseSchema,
        { method: "POST" },
      ),
    onSuccess: ({ report }) => options.onSuccess(report.id),
    onError: (error) => toast.error(`Failed to generate the PDF report: ${errorMessage(error)}`),
  });
}

/** The report, asked about again every REPORT_POLL_MS while it is pending. */
export function useReport(reportId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: reportQueryKey(reportId ?? ""),
      queryFn: () =>
        apiRequest(`/api/reports/${encodeURIComponent(reportId ?? "")}`, ReportResponseSchema),
      select: (data) => data.report,
      enabled: reportId !== null,
      refetchInterval: (query) =>
        query.state.data?.report.status === "pending" ? REPORT_POLL_MS : false,
    }),
  );
}
