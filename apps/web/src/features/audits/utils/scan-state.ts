import type { Scan } from "@utmost/contracts";

// Shared with the dashboard's property card, which offers Reconnect for the same scans.
export { isAuthExpired } from "@/lib/scan-auth";

/** The newest completed scan among those given: the report a running or failed scan leaves up. */
export function newestCompletedScan(scans: readonly (Scan | null | undefined)[]): Scan | null {
  let newest: Scan | null = null;
  for (const scan of scans) {
    if (scan?.status !== "completed") continue;
    if (!newest || Date.parse(scan.createdAt) > Date.parse(newest.createdAt)) newest = scan;
  }
  return newest;
}
