import { ADMIN_SCAN_ERROR_RATE_ALERT, type AdminStats } from "@utmost/contracts";
import { AlertTriangle } from "lucide-react";
import { formatNumber } from "@/lib/format";
import { formatRate, isErrorRateAlarming } from "../utils/error-rate";
import { StatCard } from "./stat-card";

/** Spec §7 and §9: failed scans of the last 7 days, destructive above 5%. */
export function ErrorRateCard({ errors }: { errors: AdminStats["scanErrors7d"] }) {
  const alarming = isErrorRateAlarming(errors.rate);
  return (
    <StatCard
      label="Scan Error Rate (7 days)"
      icon={AlertTriangle}
      value={formatRate(errors.rate)}
      destructive={alarming}
      description={`${formatNumber(errors.failed)} failed of ${formatNumber(errors.total)} ${errors.total === 1 ? "scan" : "scans"}`}
    >
      {alarming ? (
        <p className="text-xs font-medium text-destructive">
          Above the {formatRate(ADMIN_SCAN_ERROR_RATE_ALERT)} threshold
        </p>
      ) : null}
    </StatCard>
  );
}
