import {
  type CheckStatus,
  CheckStatusSchema,
  type CountedIssue,
  countIssues,
  type IssueCounts,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import * as repo from "./issue-counts.repository.ts";

/**
 * The counts model applied to stored scans: every count the product shows (dashboard, report,
 * issue list, Client Overview, PDF, alerts, API) comes from here or from the scan columns this
 * keeps equal to it.
 */

/** The counts of each scan: its detections with their status now, and its checks. */
export async function countsOfScans(
  db: Db,
  scanIds: readonly string[],
): Promise<Map<string, IssueCounts>> {
  const [issues, checks] = await Promise.all([
    repo.issuesFoundBy(db, scanIds),
    repo.checkStatusesOf(db, scanIds),
  ]);
  const issuesByScan = new Map<string, CountedIssue[]>(scanIds.map((id) => [id, []]));
  for (const { scanId, ...issue } of issues) issuesByScan.get(scanId)?.push(issue);
  const checksByScan = new Map<string, { status: CheckStatus }[]>(
    checks.map((row) => [
      row.scanId,
      row.statuses.flatMap((status) => {
        const parsed = CheckStatusSchema.safeParse(status);
        return parsed.success ? [{ status: parsed.data }] : [];
      }),
    ]),
  );
  return new Map(
    scanIds.map((scanId) => [
      scanId,
      countIssues({
        issues: issuesByScan.get(scanId) ?? [],
        checks: checksByScan.get(scanId) ?? [],
      }),
    ]),
  );
}

/** Each property's counts, of its latest completed scan; absent before the first. */
export async function latestCountsOf(
  db: Db,
  dataSourceIds: readonly string[],
): Promise<Map<string, { scanId: string; counts: IssueCounts }>> {
  const latest = await repo.latestCompletedScans(db, dataSourceIds);
  const counts = await countsOfScans(db, [...latest.values()]);
  const result = new Map<string, { scanId: string; counts: IssueCounts }>();
  for (const [dataSourceId, scanId] of latest) {
    const scanCounts = counts.get(scanId);
    if (scanCounts) result.set(dataSourceId, { scanId, counts: scanCounts });
  }
  return result;
}

/**
 * Writes the model's numbers into the scan's columns: when the scan completes, and when an
 * issue it found changes status (mute, resolve and their reversals).
 */
export async function refreshScanCounts(db: Db, scanId: string): Promise<IssueCounts | undefined> {
  const counts = (await countsOfScans(db, [scanId])).get(scanId);
  if (counts) await repo.storeScanCounts(db, scanId, counts);
  return counts;
}

/** After an issue changed status: its property's latest scan's counts follow. */
export async function refreshCountsAfterChange(db: Db, issueId: string) {
  const scanId = await repo.latestScanOfIssue(db, issueId);
  if (scanId) await refreshScanCounts(db, scanId);
}
