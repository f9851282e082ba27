import {
  type BuilderLink,
  type BuilderLinkListQuery,
  type BuilderLinkListResponse,
  type CreateBuilderLinkRequest,
  type WorkspaceRole,
  workspaceRoleCan,
} from "@utmost/contracts";
import {
  baseUrlProblem,
  buildTaggedUrl,
  checkLinkValues,
  explainChannel,
  type LinkValues,
  UTM_PARAMS,
  type UtmParam,
  withScheme,
} from "@utmost/engine";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { conventionsForScan } from "../conventions/conventions.service.ts";
import { requireMembership } from "../workspaces/workspaces.service.ts";
import * as repo from "./builder.repository.ts";

/**
 * The UTM link builder (ADR 012). Any member makes links and sees the workspace's history; a
 * link is deleted by whoever made it, or by the owner or an admin. A link is checked again here
 * with the engine the browser used: a value that breaks the workspace's naming conventions is
 * refused, warnings are the builder's to show.
 */

const LINK_NOT_FOUND = "Link not found";

const FIELD_OF: Record<UtmParam, keyof CreateBuilderLinkRequest> = {
  source: "utmSource",
  medium: "utmMedium",
  campaign: "utmCampaign",
  term: "utmTerm",
  content: "utmContent",
  id: "utmId",
};

export async function listLinks(
  db: Db,
  workspaceId: string,
  userId: string,
  query: BuilderLinkListQuery,
): Promise<BuilderLinkListResponse> {
  const membership = await requireMembership(db, workspaceId, userId);
  const [rows, total] = await Promise.all([
    repo.listLinks(db, workspaceId, query.limit, query.offset),
    repo.countLinks(db, workspaceId),
  ]);
  return {
    links: rows.map((row) => toLink(row.link, row.createdByName, userId, membership.role)),
    total,
  };
}

export async function createLink(
  db: Db,
  workspaceId: string,
  userId: string,
  request: CreateBuilderLinkRequest,
): Promise<BuilderLink> {
  const membership = await requireMembership(db, workspaceId, userId);
  const baseProblem = baseUrlProblem(request.baseUrl);
  if (baseProblem) {
    throw new AppError("VALIDATION_FAILED", baseProblem, [
      { path: "baseUrl", message: baseProblem },
    ]);
  }
  const values: LinkValues = {};
  for (const param of UTM_PARAMS) values[param] = request[FIELD_OF[param]] ?? "";
  const problems = checkLinkValues(values, await conventionsForScan(db, workspaceId));
  const errors = UTM_PARAMS.flatMap((param) =>
    problems[param]
      .filter((problem) => problem.severity === "error")
      .map((problem) => ({ path: FIELD_OF[param], message: problem.message })),
  );
  const first = errors[0];
  if (first) throw new AppError("VALIDATION_FAILED", first.message, errors);

  const { channel } = explainChannel({
    source: request.utmSource,
    medium: request.utmMedium,
    campaign: request.utmCampaign,
  });
  const row = await repo.insertLink(db, {
    workspaceId,
    createdByUserId: userId,
    // Kept as it will be opened: "www.example.com" is saved as "https://www.example.com".
    baseUrl: withScheme(request.baseUrl),
    utmSource: request.utmSource,
    utmMedium: request.utmMedium,
    utmCampaign: request.utmCampaign,
    utmTerm: request.utmTerm || null,
    utmContent: request.utmContent || null,
    utmId: request.utmId || null,
    url: buildTaggedUrl(request.baseUrl, values),
    predictedChannel: channel,
  });
  return toLink(row, await repo.findCreatorName(db, userId), userId, membership.role);
}

export async function deleteLink(db: Db, linkId: string, userId: string): Promise<void> {
  const found = await repo.findLinkForMember(db, linkId, userId);
  if (!found) throw new AppError("NOT_FOUND", LINK_NOT_FOUND);
  if (!canDelete(found.link, userId, found.role)) {
    throw new AppError(
      "FORBIDDEN",
      "Only the workspace owner, an admin or the link's creator can delete this link",
    );
  }
  await repo.deleteLink(db, linkId);
}

function canDelete(link: repo.BuilderLinkRow, userId: string, role: WorkspaceRole): boolean {
  return link.createdByUserId === userId || workspaceRoleCan(role, "manageLinks");
}

function toLink(
  row: repo.BuilderLinkRow,
  createdByName: string | null,
  userId: string,
  role: WorkspaceRole,
): BuilderLink {
  return {
    id: row.id,
    baseUrl: row.baseUrl,
    utmSource: row.utmSource,
    utmMedium: row.utmMedium,
    utmCampaign: row.utmCampaign,
    utmTerm: row.utmTerm,
    utmContent: row.utmContent,
    utmId: row.utmId,
    url: row.url,
    predictedChannel: row.predictedChannel,
    createdByName,
    canDelete: canDelete(row, userId, role),
    createdAt: row.createdAt.toISOString(),
  };
}
