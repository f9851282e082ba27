import { PDF_CONTENT_TYPE, RECENT_REPORTS_LIMIT, type Report } from "@utmost/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { historyOf, sinceParam } from "../billing/history-window.ts";
import { findLogo } from "../branding/branding.repository.ts";
import { brandingOf, requireWhiteLabelReports } from "../branding/branding.service.ts";
import { requireDataSource } from "../data-sources/data-sources.access.ts";
import { fileSlug } from "../issues/csv.ts";
import { countsOfScans } from "../issues/issue-counts.service.ts";
import { hiddenSessions } from "../scans/scans.mapper.ts";
import { renderReportPdf } from "./report-pdf.ts";
import * as repo from "./reports.repository.ts";

/**
 * White-label PDF reports (issue 10, ADR 012). A member asks for one; it is made by the
 * `report.generate` job from the property's latest completed audit and kept for download. The
 * workspace owner's plan must sell white-label reports (spec §9: Agency).
 */

/** Puts a report's job on the queue, inside the transaction that creates the report. */
export type EnqueueReport = (tx: Db, reportId: string) => Promise<void>;

/** Audits drawn in the report's trend. */
export const TREND_SCANS = 12;

/** A failure the user can act on: its message is kept on the report as it is. */
export class ReportFailure extends Error {
  override name = "ReportFailure";
}

/** What a report shows when the worker failed for a reason the user cannot see. */
export const GENERIC_FAILURE_MESSAGE =
  "The report could not be generated. Try again; if it keeps failing, contact support.";

export function toReport(row: repo.ReportRow): Report {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    downloadUrl: `/api/reports/${row.id}/download`,
  };
}

export async function requestReport(
  db: Db,
  enqueue: EnqueueReport,
  dataSourceId: string,
  userId: string,
): Promise<Report> {
  const dataSource = await requireDataSource(db, dataSourceId, userId);
  await requireWhiteLabelReports(db, dataSource.workspaceId);
  const scanId = await repo.latestCompletedScanId(db, dataSource.id);
  if (!scanId) {
    throw new AppError(
      "CONFLICT",
      "This property has no completed audit yet. Run an audit, then generate the report.",
    );
  }
  const row = await db.transaction(async (tx) => {
    const report = await repo.insertReport(tx, {
      dataSourceId: dataSource.id,
      scanId,
      requestedByUserId: userId,
    });
    await enqueue(tx, report.id);
    return report;
  });
  return toReport(row);
}

async function requireReport(db: Db, reportId: string, userId: string) {
  const found = await repo.findReportForMember(db, reportId, userId);
  if (!found) throw new AppError("NOT_FOUND", "Report not found");
  return found;
}

export async function getReport(db: Db, reportId: string, userId: string): Promise<Report> {
  return toReport((await requireReport(db, reportId, userId)).report);
}

export async function listReports(db: Db, dataSourceId: string, userId: string): Promise<Report[]> {
  const dataSource = await requireDataSource(db, dataSourceId, userId);
  const rows = await repo.listReports(db, dataSource.id, RECENT_REPORTS_LIMIT);
  return rows.map(toReport);
}

export async function downloadReport(
  db: Db,
  reportId: string,
  userId: string,
): Promise<{ fileName: string; content: Buffer; contentType: string }> {
  const { report, workspaceId } = await requireReport(db, reportId, userId);
  await requireWhiteLabelReports(db, workspaceId);
  if (report.status === "pending") {
    throw new AppError("CONFLICT", "The report is still being generated. Try again in a moment.");
  }
  if (report.status === "failed") {
    throw new AppError(
      "CONFLICT",
      `The report could not be generated: ${report.errorMessage ?? GENERIC_FAILURE_MESSAGE}`,
    );
  }
  const content = await repo.findReportContent(db, report.id);
  if (!content || !report.fileName) throw new AppError("NOT_FOUND", "Report not found");
  return { fileName: report.fileName, content, contentType: PDF_CONTENT_TYPE };
}

/** "<brand>-<property>-<date>.pdf", plain ASCII so the download header needs no encoding. */
export function reportFileName(brand: string, property: string, date: Date): string {
  return `${fileSlug(brand, "report")}-${fileSlug(property, "property")}-${date.toISOString().slice(0, 10)}.pdf`;
}

export interface ReportWorkerDeps {
  db: Db;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** The renderer; tests replace it to make a generation fail. */
  render?: typeof renderReportPdf;
}

/**
 * Makes the report's PDF. Idempotent: a report that is no longer pending (a redelivered job, or
 * one whose earlier attempt finished) is left as it is. A ReportFailure fails the report at once
 * with its message; any other error is retried by the queue, and fails the report with a generic
 * message on the final attempt.
 */
export async function generateReport(
  deps: ReportWorkerDeps,
  reportId: string,
  { finalAttempt }: { finalAttempt: boolean },
): Promise<void> {
  const { db, logger } = deps;
  const job = await repo.findReportJob(db, reportId);
  if (job?.report.status !== "pending") return;
  try {
    const file = await buildReport(deps, job);
    await repo.markReady(db, reportId, file);
  } catch (error) {
    if (error instanceof ReportFailure) {
      await repo.markFailed(db, reportId, error.message);
      return;
    }
    logger.error({ err: error, reportId }, "report generation failed");
    if (finalAttempt) {
      await repo.markFailed(db, reportId, GENERIC_FAILURE_MESSAGE);
      return;
    }
    throw error;
  }
}

/** A report whose job ran out of attempts without settling it (its worker died). */
export async function failInterruptedReport(deps: ReportWorkerDeps, reportId: string) {
  if (await repo.markFailed(deps.db, reportId, GENERIC_FAILURE_MESSAGE)) {
    deps.logger.warn({ reportId }, "report failed after its job ran out of attempts");
  }
}

type ReportJob = NonNullable<Awaited<ReturnType<typeof repo.findReportJob>>>;

async function buildReport(deps: ReportWorkerDeps, job: ReportJob) {
  const { db } = deps;
  const { report, dataSource } = job;
  if (!report.scanId) {
    throw new ReportFailure("The audit this report shows was deleted. Generate a new report.");
  }
  const scan = await repo.findScan(db, report.scanId);
  if (scan?.status !== "completed") {
    throw new ReportFailure("The audit this report shows was deleted. Generate a new report.");
  }
  const branding = await brandingOf(db, dataSource.workspaceId);
  const logo = branding.hasLogo ? await findLogo(db, dataSource.workspaceId) : null;
  // The trend stops where the owner's plan's history does (ADR 023).
  const history = await historyOf(db, dataSource.id, deps.now());
  const trendRows = await repo.recentCompletedScans(
    db,
    dataSource.id,
    { upTo: scan.completedAt ?? deps.now(), since: sinceParam(history) },
    TREND_SCANS,
  );
  // Spec §3: a scan without a score counts as 0.
  const trend = trendRows.reverse().map((row) => ({
    score: row.healthScore ?? 0,
    completedAt: row.completedAt,
  }));
  if (trend.at(-1) === undefined) trend.push({ score: scan.healthScore ?? 0, completedAt: null });
  const [issues, scanCounts] = await Promise.all([
    repo.activeIssuesOfScan(db, scan.id),
    countsOfScans(db, [scan.id]),
  ]);
  // The counts model (issue 22): the same numbers as the app's report.
  const modelCounts = scanCounts.get(scan.id);
  const counts = {
    critical: modelCounts?.critical ?? 0,
    warning: modelCounts?.warning ?? 0,
    info: modelCounts?.info ?? 0,
  };
  const generatedAt = deps.now();
  const content = await (deps.render ?? renderReportPdf)({
    brand: {
      displayName: branding.displayName,
      brandColor: branding.brandColor,
      logo: logo?.bytes ?? null,
    },
    property: { name: dataSource.name, ga4PropertyId: dataSource.ga4PropertyId },
    generatedAt,
    scan: {
      healthScore: scan.healthScore ?? 0,
      healthGrade: scan.healthGrade ?? "F",
      dateRangeStart: scan.dateRangeStart,
      dateRangeEnd: scan.dateRangeEnd,
      completedAt: scan.completedAt,
      isComplete: scan.isComplete,
      samplingRate:
        scan.isSampled && scan.samplesReadCount !== null && scan.samplingSpaceSize
          ? scan.samplesReadCount / scan.samplingSpaceSize
          : null,
      isSampled: scan.isSampled,
      isThresholded: scan.isThresholded,
      dataDeletedSessions: hiddenSessions(scan)?.dataDeleted ?? 0,
    },
    trend,
    counts,
    issues,
  });
  return { fileName: reportFileName(branding.displayName, dataSource.name, generatedAt), content };
}
