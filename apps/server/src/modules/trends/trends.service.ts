import type {
  HealthGrade,
  TrendChanges,
  TrendIssue,
  TrendPoint,
  TrendsResponse,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { historyOf, sinceParam } from "../billing/history-window.ts";
import { requireDataSource } from "../data-sources/data-sources.access.ts";
import * as repo from "./trends.repository.ts";

/**
 * `GET /api/data-sources/:dataSourceId/trends`: the property's score over time and what changed
 * since the previous scan (ADR 012: computed from audit_scans and issue_occurrences).
 */
export async function getTrends(
  db: Db,
  dataSourceId: string,
  userId: string,
): Promise<TrendsResponse> {
  await requireDataSource(db, dataSourceId, userId);
  // Points and changes stay within the owner's plan's history window (ADR 023).
  const history = await historyOf(db, dataSourceId);
  const newestFirst = await repo.completedScans(db, dataSourceId, sinceParam(history));
  const [latest, previous] = newestFirst;
  const points = newestFirst.map(toPoint).reverse();
  if (!latest || !previous) return { points, changes: null };
  return { points, changes: await changes(db, latest, previous) };
}

function toPoint(row: repo.CompletedScanRow): TrendPoint {
  return {
    scanId: row.scanId,
    completedAt: (row.completedAt ?? row.createdAt).toISOString(),
    healthScore: row.healthScore,
    healthGrade: (row.healthGrade as HealthGrade | null) ?? null,
    criticalIssuesCount: row.criticalIssuesCount,
    warningIssuesCount: row.warningIssuesCount,
    issuesFound: row.issuesFound,
  };
}

async function changes(
  db: Db,
  latest: repo.CompletedScanRow,
  previous: repo.CompletedScanRow,
): Promise<TrendChanges> {
  const { added, fixed, reopened } = await repo.changesBetween(db, latest, previous);
  return {
    latestScanId: latest.scanId,
    previousScanId: previous.scanId,
    scoreChange:
      latest.healthScore === null || previous.healthScore === null
        ? null
        : latest.healthScore - previous.healthScore,
    newCount: countOf(added),
    fixedCount: countOf(fixed),
    reopenedCount: countOf(reopened),
    new: added.map(toIssue),
    fixed: fixed.map(toIssue),
    reopened: reopened.map(toIssue),
  };
}

/** Every row carries the full count (a window over the unlimited list). */
function countOf(rows: readonly repo.ChangedIssueRow[]): number {
  return rows[0]?.total ?? 0;
}

function toIssue(row: repo.ChangedIssueRow): TrendIssue {
  return {
    issueId: row.issueId,
    title: row.title,
    issueType: row.issueType,
    severity: row.severity,
    affectedSessionsCount: row.affectedSessionsCount,
  };
}
