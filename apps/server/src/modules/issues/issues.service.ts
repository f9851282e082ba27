import type { Issue, IssueCountsResponse, IssueStatus } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { historyOf, requireWithinHistory, sinceParam } from "../billing/history-window.ts";
import { requireDataSource } from "../data-sources/data-sources.access.ts";
import { latestCountsOf, refreshCountsAfterChange } from "./issue-counts.service.ts";
import { toIssue } from "./issues.mapper.ts";
import * as repo from "./issues.repository.ts";

/**
 * The issue, if the user is a member of its property's workspace; otherwise 404, as for a
 * property (DESIGN.md, security).
 */
export async function requireIssue(db: Db, issueId: string, userId: string) {
  const found = await repo.findForMember(db, issueId, userId);
  if (!found) throw new AppError("NOT_FOUND", "Issue not found");
  return found;
}

/**
 * The issue, as `requireIssue` finds it, if it is also within its property's history window: an
 * issue the plan no longer shows cannot be changed either, as it cannot be read (ADR 023).
 */
async function requireIssueInWindow(db: Db, issueId: string, userId: string) {
  const found = await requireIssue(db, issueId, userId);
  requireWithinHistory(
    await historyOf(db, found.issue.dataSourceId),
    found.issue.lastDetectedAt,
    "issue",
  );
  return found;
}

/**
 * The property's issues last detected within the date range and within its plan's history
 * window: "All time" means the window (ADR 023).
 */
export async function listIssues(
  db: Db,
  dataSourceId: string,
  userId: string,
  filter: { days?: number; includeMuted?: boolean; status?: IssueStatus },
): Promise<Issue[]> {
  const history = await historyOf(db, dataSourceId);
  const rows = await repo.listForDataSource(db, dataSourceId, userId, {
    days: filter.days,
    since: sinceParam(history),
    includeMuted: filter.includeMuted ?? false,
    status: filter.status,
  });
  // No issues, or not the caller's property (404): only then is it worth asking which.
  if (rows.length === 0) await requireDataSource(db, dataSourceId, userId);
  return rows.map(toIssue);
}

export async function muteIssue(
  db: Db,
  issueId: string,
  userId: string,
  reason: string,
): Promise<Issue> {
  await requireIssueInWindow(db, issueId, userId);
  const muted = await repo.muteIfActive(db, issueId, userId, reason);
  if (!muted) throw new AppError("ISSUE_NOT_ACTIVE", "Only an active issue can be muted");
  return changed(db, issueId);
}

export async function resolveIssue(db: Db, issueId: string, userId: string): Promise<Issue> {
  await requireIssueInWindow(db, issueId, userId);
  const resolved = await repo.resolveIfActive(db, issueId, userId);
  if (!resolved) throw new AppError("ISSUE_NOT_ACTIVE", "Only an active issue can be resolved");
  return changed(db, issueId);
}

/** The reversal of a mute (ADR 014): the issue is active, and counted, again. */
export async function unmuteIssue(db: Db, issueId: string, userId: string): Promise<Issue> {
  await requireIssueInWindow(db, issueId, userId);
  const unmuted = await repo.unmuteIfMuted(db, issueId);
  if (!unmuted) throw new AppError("CONFLICT", "Only a muted issue can be unmuted");
  return changed(db, issueId);
}

/** The reversal of a resolve (ADR 014): the issue is active, and counted, again. */
export async function reopenIssue(db: Db, issueId: string, userId: string): Promise<Issue> {
  await requireIssueInWindow(db, issueId, userId);
  const reopened = await repo.reopenIfResolved(db, issueId);
  if (!reopened) throw new AppError("CONFLICT", "Only a resolved issue can be reopened");
  return changed(db, issueId);
}

/** A status changed: the latest scan's counts follow, and the issue is read back as listed. */
async function changed(db: Db, issueId: string): Promise<Issue> {
  await refreshCountsAfterChange(db, issueId);
  const row = await repo.findListed(db, issueId);
  if (!row) throw new AppError("NOT_FOUND", "Issue not found");
  return toIssue(row);
}

/** The property's counts (the model in contracts), of its latest completed audit. */
export async function issueCounts(
  db: Db,
  dataSourceId: string,
  userId: string,
): Promise<IssueCountsResponse> {
  await requireDataSource(db, dataSourceId, userId);
  const latest = (await latestCountsOf(db, [dataSourceId])).get(dataSourceId);
  return { scanId: latest?.scanId ?? null, counts: latest?.counts ?? null };
}
