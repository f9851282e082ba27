import { type ScanFrequency, ScanFrequencySchema } from "@utmost/contracts";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { formatDateTime } from "@/lib/format";
import { useScanSchedule, useUpdateScanSchedule } from "../api/scan-schedule";

const FREQUENCY_LABELS: Record<ScanFrequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
};

/**
 * The property's automated scans in the health report's details: the cadence (a choice where
 * the plan offers one: paid plans daily or weekly) and when the next one is due.
 */
export function ScanScheduleControl({ dataSourceId }: { dataSourceId: string }) {
  const schedule = useScanSchedule(dataSourceId);
  const update = useUpdateScanSchedule(dataSourceId);
  if (!schedule.data) return null;
  const { frequency, offered, nextScanAt } = schedule.data;

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <dt className="text-muted-foreground">Automated scans</dt>
      <dd className="flex flex-wrap items-center gap-2">
        {offered.length > 1 ? (
          <Select
            value={frequency}
            disabled={update.isPending}
            onValueChange={(value) => {
              const parsed = ScanFrequencySchema.safeParse(value);
              if (parsed.success && parsed.data !== frequency) update.mutate(parsed.data);
            }}
          >
            <SelectTrigger aria-label="Automated scans" className="h-7 w-28 py-0">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {offered.map((option) => (
                <SelectItem key={option} value={option}>
                  {FREQUENCY_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <span>{FREQUENCY_LABELS[frequency]}</span>
        )}
        <span className="text-muted-foreground">
          {nextScanAt ? `next ${formatDateTime(nextScanAt)}` : "paused until reconnected"}
        </span>
      </dd>
    </div>
  );
}
