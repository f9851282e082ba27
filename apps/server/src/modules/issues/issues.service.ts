import type { Issue } from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { requireDataSource } from "../data-sources/data-sources.access.ts";
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

export async function listIssues(
  db: Db,
  dataSourceId: string,
  userId: string,
  filter: { days?: number; includeMuted?: boolean },
): Promise<Issue[]> {
  const rows = await repo.listForDataSource(db, dataSourceId, userId, {
    days: filter.days,
    includeMuted: filter.includeMuted ?? false,
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
  await requireIssue(db, issueId, userId);
  const muted = await repo.muteIfActive(db, issueId, userId, reason);
  if (!muted) throw new AppError("ISSUE_NOT_ACTIVE", "Only an active issue can be muted");
  return toIssue(muted);
}

export async function resolveIssue(db: Db, issueId: string, userId: string): Promise<Issue> {
  await requireIssue(db, issueId, userId);
  const resolved = await repo.resolveIfActive(db, issueId, userId);
  if (!resolved) throw new AppError("ISSUE_NOT_ACTIVE", "Only an active issue can be resolved");
  return toIssue(resolved);
}
