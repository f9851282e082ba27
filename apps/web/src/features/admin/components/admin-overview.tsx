import { ADMIN_RECENT_SCANS } from "@utmost/contracts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminRecentScans, useAdminStats } from "../api/admin-stats";
import { LoadError } from "./load-error";
import { OverviewStats } from "./overview-stats";
import { RecentScansList } from "./recent-scans-list";
import { TopIssueTypes } from "./top-issue-types";

/** The Overview tab: figures, common issues and the newest scans. */
export function AdminOverview() {
  const stats = useAdminStats();
  const recent = useAdminRecentScans();
  return (
    <div className="flex flex-col gap-6">
      {stats.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[1, 2, 3, 4].map((key) => (
            <Skeleton key={key} className="h-32" />
          ))}
        </div>
      ) : stats.isError ? (
        <LoadError what="the statistics" error={stats.error} />
      ) : (
        <OverviewStats stats={stats.data} />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {stats.data ? <TopIssueTypes issueTypes={stats.data.topIssueTypes} /> : null}
        <Card>
          <CardHeader>
            <CardTitle>Recent Scans</CardTitle>
            <CardDescription>
              The {ADMIN_RECENT_SCANS} newest scans of every workspace
            </CardDescription>
          </CardHeader>
          <CardContent>
            {recent.isPending ? (
              <Skeleton className="h-40" />
            ) : recent.isError ? (
              <LoadError what="recent scans" error={recent.error} />
            ) : (
              <RecentScansList scans={recent.data} />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
