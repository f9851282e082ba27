import type { Readable } from "node:stream";
import { cheapestPlanWith } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { historyOf, requireWithinHistory, sinceParam } from "../billing/history-window.ts";
import { workspacePlan } from "../workspaces/workspaces.service.ts";
import { type CsvColumn, csvStream, fileSlug } from "./csv.ts";
import * as repo from "./issues.repository.ts";
import { requireIssue } from "./issues.service.ts";

/**
 * Spec §7 export-issue-csv and export-audit-csv, as file downloads. Rows are read a page at a
 * time while the file is written, so the size of a property's history does not matter. Exports
 * are sold by plan (spec §9 Plans): the workspace owner's plan must include them, and its history
 * window bounds them as it bounds the lists (ADR 023).
 */

const PAGE_SIZE = 500;

export interface CsvExport {
  filename: string;
  body: Readable;
}

type Guide = repo.IssueRow["resolutionGuide"];

/** The resolution guide's columns (spec §3 resolution_guide), shared by both exports. */
function guideColumns<T>(guide: (row: T) => Guide): CsvColumn<T>[] {
  return [
    { header: "Why It Matters", value: (row) => guide(row).why_it_matters },
    { header: "How To Fix", value: (row) => guide(row).how_to_fix },
    { header: "Example (Wrong)", value: (row) => guide(row).example_wrong },
    { header: "Example (Correct)", value: (row) => guide(row).example_correct },
    { header: "GA4 Documentation", value: (row) => guide(row).ga4_documentation_url },
  ];
}

const listed = (values: readonly string[]) => values.join("; ");

const yesNo = (value: boolean) => (value ? "yes" : "no");

const AUDIT_COLUMNS: readonly CsvColumn<repo.ListedIssueRow>[] = [
  { header: "Severity", value: (issue) => issue.severity },
  { header: "Status", value: (issue) => issue.status },
  // The counts model (counts.ts): summing Counted by Severity gives the app's numbers.
  {
    header: "Counted",
    value: (issue) => yesNo(issue.status === "active" && issue.foundByLatestAudit),
  },
  {
    header: "Re-opened",
    value: (issue) => yesNo(issue.status === "active" && issue.reopenedAt !== null),
  },
  { header: "Type", value: (issue) => issue.issueType },
  { header: "Title", value: (issue) => issue.title },
  { header: "Description", value: (issue) => issue.description },
  { header: "Affected Sessions", value: (issue) => issue.affectedSessionsCount },
  { header: "Values", value: (issue) => listed(issue.values) },
  { header: "First Detected", value: (issue) => issue.firstDetectedAt.toISOString() },
  { header: "Last Detected", value: (issue) => issue.lastDetectedAt.toISOString() },
  ...guideColumns<repo.ListedIssueRow>((issue) => issue.resolutionGuide),
];

type Occurrence = Awaited<ReturnType<typeof repo.exportOccurrencesPage>>["occurrences"][number];

function historyColumns(issue: repo.IssueRow): CsvColumn<Occurrence>[] {
  return [
    { header: "Detected At", value: (row) => row.detectedAt.toISOString() },
    { header: "Scan ID", value: (row) => row.scanId },
    { header: "Scan Completed At", value: (row) => row.scanCompletedAt?.toISOString() ?? null },
    { header: "Health Score", value: (row) => row.healthScore },
    { header: "Health Grade", value: (row) => row.healthGrade },
    { header: "Affected Sessions", value: (row) => row.affectedSessionsCount },
    { header: "Values", value: (row) => listed(row.values) },
    { header: "Issue", value: () => issue.title },
    { header: "Type", value: () => issue.issueType },
    { header: "Severity", value: () => issue.severity },
    { header: "Status", value: () => issue.status },
    ...guideColumns<Occurrence>(() => issue.resolutionGuide),
  ];
}

/** Walks pages until one comes back short. */
async function* pages<T, C>(
  fetchPage: (after: C | undefined) => Promise<{ rows: T[]; next: C | undefined }>,
): AsyncGenerator<T[]> {
  let after: C | undefined;
  do {
    const page = await fetchPage(after);
    if (page.rows.length > 0) yield page.rows;
    after = page.rows.length === PAGE_SIZE ? page.next : undefined;
  } while (after !== undefined);
}

async function requireCsvExports(db: Db, workspaceId: string): Promise<void> {
  if ((await workspacePlan(db, workspaceId)).csvExports) return;
  const needed = cheapestPlanWith((plan) => plan.csvExports);
  throw new AppError(
    "PLAN_UPGRADE_REQUIRED",
    `CSV exports are part of the ${needed.name} plan and above. Upgrade to export.`,
  );
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** `GET /api/issues/:issueId/export.csv`: one issue's detections, with its guide. */
export async function exportIssueCsv(
  db: Db,
  issueId: string,
  userId: string,
  days: number | undefined,
  onError: (error: unknown) => void,
): Promise<CsvExport> {
  const { issue, dataSourceName, workspaceId } = await requireIssue(db, issueId, userId);
  await requireCsvExports(db, workspaceId);
  const history = await historyOf(db, issue.dataSourceId);
  requireWithinHistory(history, issue.lastDetectedAt, "issue");
  const range = { days, since: sinceParam(history) };
  const rows = pages(async (after: repo.OccurrencePageCursor | undefined) => {
    const page = await repo.exportOccurrencesPage(db, issue.id, range, after, PAGE_SIZE);
    return { rows: page.occurrences, next: page.next };
  });
  return {
    filename: `utmost-${fileSlug(dataSourceName, "property")}-${fileSlug(issue.issueType, "issue")}-${today()}.csv`,
    body: csvStream(historyColumns(issue), rows, onError),
  };
}

/** `GET /api/scans/:scanId/export.csv`: the issues of the scan's property within the range. */
export async function exportAuditCsv(
  db: Db,
  scanId: string,
  userId: string,
  days: number | undefined,
  onError: (error: unknown) => void,
): Promise<CsvExport> {
  const scan = await repo.findScanForMember(db, scanId, userId);
  if (!scan) throw new AppError("NOT_FOUND", "Scan not found");
  await requireCsvExports(db, scan.workspaceId);
  const history = await historyOf(db, scan.dataSourceId);
  requireWithinHistory(history, scan.createdAt, "scan");
  const range = { days, since: sinceParam(history) };
  const rows = pages(async (after: repo.IssuePageCursor | undefined) => {
    const page = await repo.exportIssuesPage(db, scan.dataSourceId, range, after, PAGE_SIZE);
    return { rows: page.issues, next: page.next };
  });
  return {
    filename: `utmost-${fileSlug(scan.dataSourceName, "property")}-audit-${today()}.csv`,
    body: csvStream(AUDIT_COLUMNS, rows, onError),
  };
}
