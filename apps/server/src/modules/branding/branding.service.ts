import {
  type Branding,
  cheapestPlanWith,
  DEFAULT_BRAND_COLOR,
  type UpdateBrandingRequest,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import {
  requireMembership,
  requirePermission,
  workspacePlan,
} from "../workspaces/workspaces.service.ts";
import { decodeLogoDataUrl } from "./brand-logo.ts";
import * as repo from "./branding.repository.ts";

/**
 * White-label branding (issue 10, ADR 012): what a workspace's PDF reports carry in place of the
 * product's name. Every member reads it; owners and admins change it, and only while the
 * workspace owner's plan sells white-label reports (spec §9: Agency).
 */

/** The branding `UpdateBrandingRequestSchema` lets through (trimmed, colour lower-cased). */
type BrandingInput = { [K in keyof UpdateBrandingRequest]: string };

/** Refuses what needs white-label reports on a plan without them, naming the plan that has them. */
export async function requireWhiteLabelReports(db: Db, workspaceId: string): Promise<void> {
  if ((await workspacePlan(db, workspaceId)).whiteLabelReports) return;
  const needed = cheapestPlanWith((plan) => plan.whiteLabelReports);
  throw new AppError(
    "PLAN_UPGRADE_REQUIRED",
    `White-label PDF reports are part of the ${needed.name} plan. Upgrade to ${needed.name} to brand and download reports.`,
  );
}

/** The saved branding, or the defaults: the workspace's name and a neutral colour. */
export async function brandingOf(db: Db, workspaceId: string): Promise<Branding> {
  const row = await repo.findBranding(db, workspaceId);
  if (!row) throw new AppError("NOT_FOUND", "Workspace not found");
  const saved = row.displayName !== null && row.brandColor !== null;
  return {
    workspaceId,
    displayName: row.displayName ?? row.workspaceName,
    brandColor: row.brandColor ?? DEFAULT_BRAND_COLOR,
    hasLogo: row.hasLogo === true,
    isCustom: saved,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

export async function getBranding(db: Db, workspaceId: string, userId: string): Promise<Branding> {
  await requireMembership(db, workspaceId, userId);
  return brandingOf(db, workspaceId);
}

async function requireBrandingWrite(db: Db, workspaceId: string, userId: string): Promise<void> {
  await requirePermission(db, workspaceId, userId, "manageBranding");
  await requireWhiteLabelReports(db, workspaceId);
}

export async function updateBranding(
  db: Db,
  workspaceId: string,
  userId: string,
  input: BrandingInput,
): Promise<Branding> {
  await requireBrandingWrite(db, workspaceId, userId);
  await repo.saveNameAndColor(db, workspaceId, input);
  return brandingOf(db, workspaceId);
}

export async function uploadLogo(
  db: Db,
  workspaceId: string,
  userId: string,
  dataUrl: string,
): Promise<Branding> {
  await requireBrandingWrite(db, workspaceId, userId);
  const logo = decodeLogoDataUrl(dataUrl);
  const current = await brandingOf(db, workspaceId);
  await repo.saveLogo(db, workspaceId, logo, current);
  return brandingOf(db, workspaceId);
}

export async function deleteLogo(db: Db, workspaceId: string, userId: string): Promise<void> {
  await requireBrandingWrite(db, workspaceId, userId);
  const current = await brandingOf(db, workspaceId);
  if (current.hasLogo) await repo.saveLogo(db, workspaceId, null, current);
}

export async function getLogo(db: Db, workspaceId: string, userId: string) {
  await requireMembership(db, workspaceId, userId);
  const logo = await repo.findLogo(db, workspaceId);
  if (!logo) throw new AppError("NOT_FOUND", "This workspace has no logo");
  return logo;
}
