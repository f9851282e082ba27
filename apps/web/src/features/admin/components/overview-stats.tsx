import { type AdminStats, SubscriptionTierSchema, TIER_LABELS } from "@utmost/contracts";
import { Activity, Gauge, Layers, ScanSearch, Users } from "lucide-react";
import { ScoreValue } from "@/components/health-score";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/format";
import { ErrorRateCard } from "./error-rate-card";
import { StatCard } from "./stat-card";

/** Spec §6 "System admin" and §7: the totals, the plan mix, scan activity and quality. */
export function OverviewStats({ stats }: { stats: AdminStats }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Users" icon={Users} value={formatNumber(stats.totalUsers)}>
          <ul aria-label="Users by plan" className="mt-2 flex flex-wrap gap-1.5">
            {SubscriptionTierSchema.options.map((tier) => (
              <li key={tier}>
                <Badge variant="secondary">
                  {TIER_LABELS[tier]}: {formatNumber(stats.usersByTier[tier] ?? 0)}
                </Badge>
              </li>
            ))}
          </ul>
        </StatCard>
        <StatCard label="Workspaces" icon={Layers} value={formatNumber(stats.totalWorkspaces)} />
        <StatCard
          label="Total Scans"
          icon={ScanSearch}
          value={formatNumber(stats.totalScans)}
          description={`${formatNumber(stats.scansToday)} today (UTC), ${formatNumber(stats.scansRunning)} running`}
        />
        <StatCard
          label="Average Score"
          icon={Gauge}
          value={
            stats.averageScore === null ? (
              "No scores yet"
            ) : (
              <ScoreValue score={Math.round(stats.averageScore * 10) / 10} />
            )
          }
          description="Last 100 completed scans"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Scans Running" icon={Activity} value={formatNumber(stats.scansRunning)} />
        <StatCard
          label="Scans Today"
          icon={ScanSearch}
          value={formatNumber(stats.scansToday)}
          description="Since 00:00 UTC"
        />
        <ErrorRateCard errors={stats.scanErrors7d} />
      </div>
    </div>
  );
}
