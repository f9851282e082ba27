import type { Scan } from "@utmost/contracts";
import { Info } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCalendarDate, formatNumber, formatPercentDown } from "@/lib/format";

/** Spec §4: chunked scans use chunks of `chunk_size_days` days, 2 when unspecified. */
const DEFAULT_CHUNK_SIZE_DAYS = 2;

function scanStrategy(scan: Scan): string {
  if (!scan.isChunkedScan) return "Full Range";
  return `Chunked (${scan.chunkSizeDays ?? DEFAULT_CHUNK_SIZE_DAYS}-day chunks)`;
}

/** Google's sampling, in words: the counts behind the score are estimates. */
function samplingExplanation(samplingRate: number | null): string {
  const sample =
    samplingRate === null ? "a sample" : `a sample of ${formatPercentDown(samplingRate)}`;
  return `Google answered this scan from ${sample} of the property's events, so session counts are estimates.`;
}

/** How the report's scan read GA4 (spec §2 Scan Details card). */
export function ScanDetailsCard({ scan }: { scan: Scan }) {
  const rows = [
    { label: "Rows Analyzed", value: formatNumber(scan.rowsFetched) },
    { label: "API Calls", value: formatNumber(scan.apiCallsMade) },
    { label: "Scan Strategy", value: scanStrategy(scan) },
    {
      label: "Date Range",
      value:
        scan.dateRangeStart && scan.dateRangeEnd
          ? `${formatCalendarDate(scan.dateRangeStart)} – ${formatCalendarDate(scan.dateRangeEnd)}`
          : "Not recorded",
    },
  ];

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Info className="size-5 text-primary" aria-hidden />
          <CardTitle>Scan Details</CardTitle>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          {scan.isComplete ? null : <Badge variant="warning">Partial</Badge>}
          {/* Every day read is not yet exact: a sampled or thresholded scan is never "Completed". */}
          {scan.isComplete && !scan.isSampled && !scan.isThresholded ? (
            <Badge variant="success">Completed</Badge>
          ) : null}
          {scan.isSampled ? <Badge variant="warning">Sampled</Badge> : null}
          {scan.isThresholded ? <Badge variant="warning">Thresholded</Badge> : null}
          {scan.quotaLimitHit ? <Badge variant="destructive">Quota Limit Hit</Badge> : null}
          {scan.isChunkedScan ? <Badge variant="accent">Auto-Chunking Enabled</Badge> : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
        {scan.isComplete ? null : (
          <p className="text-xs text-muted-foreground">
            The property's Google Analytics quota ran out before every day was read. The score
            covers the most recent days read so far; Google's quota refreshes every hour and every
            day, and the next audit reads the whole range again.
          </p>
        )}
        {scan.isSampled ? (
          <p className="text-xs text-muted-foreground">{samplingExplanation(scan.samplingRate)}</p>
        ) : null}
        {scan.isThresholded ? (
          <p className="text-xs text-muted-foreground">
            Google withheld some rows to protect user privacy (data thresholds), so small values may
            be missing.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
