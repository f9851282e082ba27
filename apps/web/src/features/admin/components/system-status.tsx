import { ADMIN_ACTIVITY_REFRESH_MS, ADMIN_STATS_REFRESH_MS } from "@utmost/contracts";
import { Activity, ScanSearch, Timer } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatTime } from "@/lib/format";
import { useAdminRecentScans, useAdminStats } from "../api/admin-stats";
import { ErrorRateCard } from "./error-rate-card";
import { LoadError } from "./load-error";
import { RecentScansList } from "./recent-scans-list";
import { StatCard } from "./stat-card";

function LastUpdated({ at, everyMs }: { at: number; everyMs: number }) {
  return (
    <p className="text-xs text-muted-foreground">
      Last updated {at > 0 ? formatTime(at) : "never"} · refreshes every {everyMs / 1000} seconds
    </p>
  );
}

/** The System tab: live scan figures (every 30 s) and recent activity (every 10 s), spec §7. */
export function SystemStatus() {
  const stats = useAdminStats({ refetchInterval: ADMIN_STATS_REFRESH_MS });
  const recent = useAdminRecentScans({ refetchInterval: ADMIN_ACTIVITY_REFRESH_MS });
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="admin-system-stats" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="admin-system-stats" className="text-lg font-semibold">
            System Stats
          </h2>
          <LastUpdated at={stats.dataUpdatedAt} everyMs={ADMIN_STATS_REFRESH_MS} />
        </div>
        {stats.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-32" />
            ))}
          </div>
        ) : stats.isError ? (
          <LoadError what="the statistics" error={stats.error} />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              label="Scans Running"
              icon={Activity}
              value={formatNumber(stats.data.scansRunning)}
            />
            <StatCard
              label="Scans Today"
              icon={ScanSearch}
              value={formatNumber(stats.data.scansToday)}
              description="Since 00:00 UTC"
            />
            <StatCard
              label="Total Scans"
              icon={Timer}
              value={formatNumber(stats.data.totalScans)}
            />
            <ErrorRateCard errors={stats.data.scanErrors7d} />
          </div>
        )}
      </section>
      <Card>
        <CardHeader>
          <CardTitle>Recent Activity</CardTitle>
          <CardDescription>The newest scans of every workspace</CardDescription>
          <LastUpdated at={recent.dataUpdatedAt} everyMs={ADMIN_ACTIVITY_REFRESH_MS} />
        </CardHeader>
        <CardContent>
          {recent.isPending ? (
            <Skeleton className="h-40" />
          ) : recent.isError ? (
            <LoadError what="recent activity" error={recent.error} />
          ) : (
            <RecentScansList scans={recent.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
