import { Download, FileText, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { UpgradeNotice } from "@/components/upgrade-notice";
import { formatNumber } from "@/lib/format";
import { useReport, useReports, useRequestReport } from "../api/reports";

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The health report's "PDF report" action (issue 10): a white-label PDF of the latest audit,
 * made on the server; the card follows it until it can be downloaded. Plans without
 * white-label reports (`whiteLabelReports` false) see why the button is off.
 */
export function PdfReportCard({
  dataSourceId,
  whiteLabelReports,
}: {
  dataSourceId: string;
  /** Whether the workspace owner's plan sells white-label reports; undefined while not known. */
  whiteLabelReports: boolean | undefined;
}) {
  const [reportId, setReportId] = useState<string | null>(null);
  const request = useRequestReport(dataSourceId, { onSuccess: setReportId });
  // Until one is generated here, the property's latest report is the one shown.
  const recent = useReports(dataSourceId, { enabled: whiteLabelReports === true });
  const report = useReport(reportId ?? recent.data?.[0]?.id ?? null);
  const current = report.data;
  const generating = request.isPending || current?.status === "pending";

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-4 text-muted-foreground" aria-hidden />
          PDF report
        </CardTitle>
        <CardDescription>
          A PDF of this audit under your workspace's name, logo and colour: the score, its trend and
          every active issue with how to fix it. Set the branding in Settings → Workspace.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            disabled={whiteLabelReports !== true || generating}
            onClick={() => request.mutate()}
          >
            {generating ? <Spinner /> : <FileText aria-hidden />}
            Generate PDF report
          </Button>
          {current?.status === "ready" ? (
            <Button asChild>
              <a href={current.downloadUrl} download={current.fileName ?? undefined}>
                <Download aria-hidden />
                Download PDF
              </a>
            </Button>
          ) : null}
        </div>
        {whiteLabelReports === false ? (
          <UpgradeNotice
            feature="White-label PDF reports"
            sells={(plan) => plan.whiteLabelReports}
          />
        ) : null}
        {generating ? (
          <p role="status" className="text-sm text-muted-foreground">
            Generating the PDF report… this takes a few seconds.
          </p>
        ) : null}
        {current?.status === "ready" ? (
          <p className="text-sm text-muted-foreground">
            {current.fileName}
            {current.sizeBytes !== null ? ` (${formatSize(current.sizeBytes)})` : null}
          </p>
        ) : null}
        {current?.status === "failed" ? (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>The PDF report could not be generated</AlertTitle>
            <AlertDescription>
              <p>{current.errorMessage ?? "Try generating it again."}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        {report.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not follow the report's progress. Generate it again.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
