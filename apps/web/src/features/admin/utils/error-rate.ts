import { ADMIN_SCAN_ERROR_RATE_ALERT } from "@utmost/contracts";

/** Spec §9: a scan error rate over 7 days above 5% is shown destructive. */
export function isErrorRateAlarming(rate: number | null): boolean {
  return rate !== null && rate > ADMIN_SCAN_ERROR_RATE_ALERT;
}

const percentFormat = new Intl.NumberFormat("en-US", {
  style: "percent",
  maximumFractionDigits: 1,
});

/** 0.0625 -> "6.3%"; no scans in the window reads as "No scans". */
export function formatRate(rate: number | null): string {
  return rate === null ? "No scans" : percentFormat.format(rate);
}
