import type {
  Issue,
  PublicIssue,
  PublicIssueListResponse,
  PublicProperty,
  PublicPropertyStatus,
  PublicScan,
  PublicScanDetail,
  Scan,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { historyOf, requireWithinHistory, sinceParam } from "../billing/history-window.ts";
import type { DataSourceRow } from "../data-sources/data-sources.access.ts";
import * as dataSourcesRepo from "../data-sources/data-sources.repository.ts";
import { toIssue } from "../issues/issues.mapper.ts";
import type { ScanStarter } from "../scans/scan-starter.ts";
import { type ScanRow, toScan, toScanDetail } from "../scans/scans.mapper.ts";
import * as scansRepo from "../scans/scans.repository.ts";
import * as repo from "./public-api.repository.ts";

/**
 * The public API (ADR 012): everything is read within the API key's workspace, so another
 * workspace's property or scan is 404, as in the app. Rows go through the app's own mappers and
 * then into the public shapes, so both read the database the same way.
 */

function statusOf(row: DataSourceRow): PublicPropertyStatus {
  if (row.suspendedByPlanAt !== null) return "paused";
  return row.isActive ? "active" : "inactive";
}

function toPublicProperty(row: DataSourceRow, lastCompleted: ScanRow | undefined): PublicProperty {
  const scan = lastCompleted ? toScan(lastCompleted) : null;
  return {
    id: row.id,
    name: row.name,
    ga4PropertyId: row.ga4PropertyId,
    status: statusOf(row),
    healthScore: scan?.healthScore ?? null,
    healthGrade: scan?.healthGrade ?? null,
    lastScanAt: scan?.completedAt ?? null,
  };
}

export function toPublicScan(scan: Scan): PublicScan {
  return {
    id: scan.id,
    propertyId: scan.dataSourceId,
    type: scan.scanType,
    status: scan.status,
    progress: scan.progress,
    healthScore: scan.healthScore,
    healthGrade: scan.healthGrade,
    criticalIssuesCount: scan.criticalIssuesCount,
    warningIssuesCount: scan.warningIssuesCount,
    passedChecksCount: scan.passedChecksCount,
    isComplete: scan.isComplete,
    isSampled: scan.isSampled,
    samplingRate: scan.samplingRate,
    isThresholded: scan.isThresholded,
    dateRangeStart: scan.dateRangeStart,
    dateRangeEnd: scan.dateRangeEnd,
    errorMessage: scan.errorMessage,
    createdAt: scan.createdAt,
    startedAt: scan.startedAt,
    completedAt: scan.completedAt,
  };
}

function toPublicIssue(issue: Issue): PublicIssue {
  return {
    id: issue.id,
    propertyId: issue.dataSourceId,
    checkId: issue.issueType,
    title: issue.title,
    description: issue.description,
    severity: issue.severity,
    status: issue.status,
    affectedSessions: issue.affectedSessionsCount,
    values: issue.values,
    alsoFoundBy: issue.alsoFound.map((reason) => ({
      checkId: reason.issueType,
      title: reason.title,
    })),
    firstDetectedAt: issue.firstDetectedAt,
    lastDetectedAt: issue.lastDetectedAt,
    reopened: issue.reopened,
    foundByLatestScan: issue.foundByLatestAudit,
    resolutionGuide: issue.resolutionGuide,
  };
}

async function requireProperty(
  db: Db,
  workspaceId: string,
  propertyId: string,
): Promise<DataSourceRow> {
  const row = await repo.findDataSourceInWorkspace(db, workspaceId, propertyId);
  if (!row) throw new AppError("NOT_FOUND", "Property not found");
  return row;
}

export async function listProperties(db: Db, workspaceId: string): Promise<PublicProperty[]> {
  const rows = await dataSourcesRepo.listByWorkspace(db, workspaceId);
  const scans = await repo.latestCompletedScans(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublicProperty(row, scans.get(row.id)));
}

export async function getProperty(
  db: Db,
  workspaceId: string,
  propertyId: string,
): Promise<PublicProperty> {
  const row = await requireProperty(db, workspaceId, propertyId);
  const scans = await repo.latestCompletedScans(db, [row.id]);
  return toPublicProperty(row, scans.get(row.id));
}

export async function listScans(
  db: Db,
  workspaceId: string,
  propertyId: string,
  limit: number,
): Promise<PublicScan[]> {
  const row = await requireProperty(db, workspaceId, propertyId);
  const history = await historyOf(db, row.id);
  const scans = await scansRepo.listScans(db, row.id, limit, sinceParam(history));
  return scans.map((scan) => toPublicScan(toScan(scan)));
}

export async function getScan(
  db: Db,
  workspaceId: string,
  scanId: string,
): Promise<PublicScanDetail> {
  const row = await repo.findScanInWorkspace(db, workspaceId, scanId);
  if (!row) throw new AppError("NOT_FOUND", "Scan not found");
  requireWithinHistory(await historyOf(db, row.dataSourceId), row.createdAt, "scan");
  const { checks, ...scan } = toScanDetail(row);
  return { ...toPublicScan(scan), checks };
}

export async function listIssues(
  db: Db,
  workspaceId: string,
  propertyId: string,
  query: repo.IssueFilter & { limit: number; offset: number },
): Promise<PublicIssueListResponse> {
  const row = await requireProperty(db, workspaceId, propertyId);
  const history = await historyOf(db, row.id);
  const { rows, total } = await repo.issuesPage(
    db,
    row.id,
    { status: query.status, severity: query.severity, since: sinceParam(history) },
    { limit: query.limit, offset: query.offset },
  );
  const nextOffset = query.offset + rows.length;
  return {
    issues: rows.map((issue) => toPublicIssue(toIssue(issue))),
    total,
    nextOffset: rows.length > 0 && nextOffset < total ? nextOffset : null,
  };
}

/**
 * Starts an audit as Run Audit does (the same ScanStarter), with the app's refusals: a property
 * paused by the plan, and one that lost its Google access (the app shows Reconnect for it). An
 * audit already running is a 409 naming it, not a second one.
 */
export async function startScan(
  db: Db,
  starter: ScanStarter,
  workspaceId: string,
  propertyId: string,
): Promise<PublicScan> {
  const row = await requireProperty(db, workspaceId, propertyId);
  if (row.suspendedByPlanAt !== null) {
    throw new AppError(
      "PLAN_LIMIT_REACHED",
      "This analytics property is paused: the workspace owner's plan covers fewer properties. Upgrade the plan to audit it again.",
    );
  }
  if (!row.isActive) {
    throw new AppError(
      "PROPERTY_INACTIVE",
      "This analytics property is inactive: Utmost lost access to it in Google Analytics. Reconnect it in Utmost to audit it again.",
    );
  }
  const { scan, created } = await starter.start({
    dataSourceId: row.id,
    scanType: "manual",
    requestedByUserId: null,
  });
  if (!created) {
    throw new AppError(
      "AUDIT_ALREADY_RUNNING",
      `An audit of this property is already running (scan ${scan.id}). Follow it with GET /api/v1/scans/${scan.id}.`,
    );
  }
  return toPublicScan(scan);
}
