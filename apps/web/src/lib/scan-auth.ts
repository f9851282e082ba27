import type { Scan } from "@utmost/contracts";

/**
 * Spec §4: a failed scan whose message mentions expired authentication, reconnecting or
 * UNAUTHENTICATED shows the Authentication Expired alert. The typed `errorCode` decides for
 * scans that carry one; the message rule covers those recorded before it existed.
 */
export function isAuthExpired(scan: Pick<Scan, "status" | "errorCode" | "errorMessage">): boolean {
  if (scan.status !== "failed") return false;
  if (scan.errorCode === "GOOGLE_AUTH_EXPIRED") return true;
  return /expired|reconnect|unauthenticated/i.test(scan.errorMessage ?? "");
}
