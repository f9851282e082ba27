import type { Scan, ScanType } from "@utmost/contracts";

/**
 * Starts audits. Implemented by the scans module on the job queue; routes that start an audit
 * (Run Audit, Save Analytics Property, onboarding) receive it, so they need not know the queue.
 */
export interface ScanStarter {
  /**
   * Starts an audit of the property, or returns the one already running for it (spec: one
   * running scan per property); `created` tells which. The caller has already checked access.
   */
  start(input: {
    dataSourceId: string;
    scanType: ScanType;
    requestedByUserId: string | null;
  }): Promise<{ scan: Scan; created: boolean }>;
}
