import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api-client";
import { downloadCsv } from "@/lib/download";
import { type DateRange, dateRangeQuery } from "../utils/date-range";

/** Spec §7 export-issue-csv: one issue's affected rows in the range. */
export function exportIssueCsv(issueId: string, range: DateRange): Promise<void> {
  return downloadCsv(
    `/api/issues/${encodeURIComponent(issueId)}/export.csv${dateRangeQuery(range)}`,
    `utm-issue-${issueId}.csv`,
  );
}

/** Spec §7 export-audit-csv: every issue of the scan's property in the range. */
export function exportScanCsv(scanId: string, range: DateRange): Promise<void> {
  return downloadCsv(
    `/api/scans/${encodeURIComponent(scanId)}/export.csv${dateRangeQuery(range)}`,
    `utm-audit-${scanId}.csv`,
  );
}

export function useExportIssueCsv() {
  return useMutation({
    mutationFn: ({ issueId, range }: { issueId: string; range: DateRange }) =>
      exportIssueCsv(issueId, range),
    onSuccess: () => toast.success("Issue CSV exported successfully"),
    onError: (error) => toast.error(`Failed to export issue CSV: ${errorMessage(error)}`),
  });
}

export function useExportScanCsv() {
  return useMutation({
    mutationFn: ({ scanId, range }: { scanId: string; range: DateRange }) =>
      exportScanCsv(scanId, range),
    onSuccess: () => toast.success("CSV exported successfully"),
    onError: (error) => toast.error(`Failed to export CSV: ${errorMessage(error)}`),
  });
}
