import { type DataSource, planOf } from "@utmost/contracts";
import { AlertTriangle, FileBarChart, Play } from "lucide-react";
import { useParams } from "react-router";
import { usePageTitle } from "@/components/layout/page-title";
import { ReconnectGoogleButton } from "@/components/reconnect-google-button";
import { ScanProgress } from "@/components/scan-progress";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadingScreen } from "@/components/ui/spinner";
import { useScans } from "@/features/audits/api/get-scans";
import { AuthExpiredAlert } from "@/features/audits/components/auth-expired-alert";
import { ChecksCard } from "@/features/audits/components/checks-card";
import { HealthSummaryCard } from "@/features/audits/components/health-summary-card";
import { RunAuditButton } from "@/features/audits/components/run-audit-button";
import { ScanDetailsCard } from "@/features/audits/components/scan-details-card";
import { isAuthExpired, newestCompletedScan } from "@/features/audits/utils/scan-state";
import { WorkspacePaymentGrace } from "@/features/billing/components/payment-grace-alert";
import { useDataSource } from "@/features/data-sources/api/get-data-source";
import { PropertyNotFound } from "@/features/data-sources/components/property-not-found";
import { PropertyOverview } from "@/features/data-sources/components/property-overview";
import { ScanScheduleControl } from "@/features/data-sources/components/scan-schedule-control";
import { IssuesCard } from "@/features/issues/components/issues-card";
import { PdfReportCard } from "@/features/reports/components/pdf-report-card";
import { ChangesSinceCard, ScoreTrendCard } from "@/features/trends/components/trend-cards";
import { errorMessage, isApiError } from "@/lib/api-client";
import { useAuditRunner } from "@/lib/audits";
import { useHistoryWindow } from "@/lib/history-window";
import { useIssueCounts } from "@/lib/issue-counts";
import { useWorkspaces } from "@/lib/workspaces";

function Report({ dataSource }: { dataSource: DataSource }) {
  const runner = useAuditRunner({ dataSourceId: dataSource.id, latestScan: dataSource.latestScan });
  const latest = runner.scan;
  // A running or failed latest scan leaves the last completed report on screen.
  const scans = useScans(dataSource.id, {
    enabled: latest !== null && latest.status !== "completed",
  });
  const report = newestCompletedScan([latest, ...(scans.data ?? [])]);
  const failed = latest?.status === "failed" ? latest : null;
  // Spec §9 Plans: the plan of the property's workspace owner decides the exports.
  const workspace = useWorkspaces().data?.find(({ id }) => id === dataSource.workspaceId);
  const csvExports = workspace ? planOf(workspace.ownerTier).csvExports : undefined;
  const whiteLabelReports = workspace ? planOf(workspace.ownerTier).whiteLabelReports : undefined;
  const issueCounts = useIssueCounts(dataSource.id);
  // The counts model's numbers, when they are of the scan on screen.
  const counts =
    report && issueCounts.data?.scanId === report.id ? issueCounts.data.counts : undefined;

  // Spec §9 Plans: how far back the owner's plan keeps history (ADR 023).
  const historyWindow = useHistoryWindow(dataSource.id).data;
  const history = historyWindow
    ? { window: historyWindow, viewerIsOwner: workspace?.role === "owner" }
    : undefined;

  return (
    <div className="flex flex-col gap-6">
      {/* Issue 23: the paid plan's cadence, alerts and exports hold until the grace ends. */}
      <WorkspacePaymentGrace workspace={workspace} />
      <PropertyOverview
        dataSource={dataSource}
        actions={<RunAuditButton running={runner.isRunning} onRun={runner.start} />}
        details={<ScanScheduleControl dataSourceId={dataSource.id} />}
      />
      {runner.isRunning ? (
        <Card>
          <CardContent className="pt-6">
            <ScanProgress progress={latest?.status === "running" ? latest.progress : 0} />
          </CardContent>
        </Card>
      ) : null}
      {failed && isAuthExpired(failed) ? (
        <AuthExpiredAlert scan={failed} dataSource={dataSource} />
      ) : failed ? (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden />
          <AlertTitle>The latest audit failed</AlertTitle>
          <AlertDescription>
            <p>{failed.errorMessage ?? "The audit could not finish."}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      {report ? (
        <>
          {/* Issue 22: the score and what changed first, then the issues; history and files below. */}
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <HealthSummaryCard scan={report} counts={counts} />
            <ChangesSinceCard dataSourceId={dataSource.id} history={history} />
          </div>
          <IssuesCard
            dataSourceId={dataSource.id}
            scanId={report.id}
            csvExports={csvExports}
            counts={counts}
            history={history}
          />
          <ScoreTrendCard dataSourceId={dataSource.id} history={history} />
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <ScanDetailsCard scan={report} />
            <PdfReportCard dataSourceId={dataSource.id} whiteLabelReports={whiteLabelReports} />
          </div>
          <ChecksCard scanId={report.id} />
        </>
      ) : scans.isFetching ? (
        <Skeleton className="h-64 w-full" />
      ) : runner.isRunning ? null : (
        <EmptyState
          icon={FileBarChart}
          title="No audit data yet"
          description="Run an audit to see this property's UTM health score, grade and issues."
          action={
            failed && isAuthExpired(failed) ? (
              // An audit would fail the same way: granting access again is the way on.
              <ReconnectGoogleButton dataSource={dataSource} />
            ) : (
              <Button onClick={runner.start}>
                <Play />
                Run Audit Now
              </Button>
            )
          }
        />
      )}
    </div>
  );
}

function HealthReport({ dataSourceId }: { dataSourceId: string }) {
  const dataSource = useDataSource(dataSourceId);
  usePageTitle(dataSource.data?.name ?? null);

  if (dataSource.isPending) return <LoadingScreen />;
  if (dataSource.isError) {
    // 404: missing or not ours (the API hides the difference); 400: not even an id.
    if (isApiError(dataSource.error, 404) || isApiError(dataSource.error, 400)) {
      return <PropertyNotFound />;
    }
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load this analytics property: {errorMessage(dataSource.error)}
      </p>
    );
  }
  return <Report dataSource={dataSource.data} />;
}

/** `/data-sources/:id/health` (spec §2). */
export function DataSourceHealthRoute() {
  const { id } = useParams();
  if (!id) return <PropertyNotFound />;
  return <HealthReport dataSourceId={id} />;
}
