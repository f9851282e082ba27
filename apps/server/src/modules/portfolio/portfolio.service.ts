import {
  cheapestPlanWith,
  type HealthGrade,
  type PortfolioProperty,
  type PortfolioStatus,
} from "@utmost/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { effectivePlan } from "../billing/plan-standing.ts";
import * as repo from "./portfolio.repository.ts";

/** Failures that stop a property until someone reconnects Google (scan-failure.ts, deactivate). */
const RECONNECT_CODES = new Set(["GOOGLE_AUTH_EXPIRED", "GOOGLE_SCOPE_INSUFFICIENT"]);

/**
 * `GET /api/portfolio`: the multi-client dashboard. It lists the properties of every workspace
 * the user belongs to whose owner's plan sells it (ADR 012); with none, the plan is refused.
 */
export async function listPortfolio(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<PortfolioProperty[]> {
  const memberships = await repo.memberWorkspaces(db, userId);
  const included = memberships
    .filter((workspace) => effectivePlan(workspace.ownerPlan, now).multiClientDashboard)
    .map((workspace) => workspace.id);
  if (included.length === 0) {
    const needed = cheapestPlanWith((plan) => plan.multiClientDashboard);
    throw new AppError(
      "PLAN_UPGRADE_REQUIRED",
      `The multi-client dashboard is part of the ${needed.name} plan. Upgrade to see every client in one place.`,
    );
  }
  const rows = await repo.propertiesOf(db, included, userId);
  return rows.map(toPortfolioProperty);
}

/** As the Analytics Properties page shows it, and why an inactive property stopped. */
function statusOf(row: repo.PortfolioRow): PortfolioStatus {
  if (row.suspendedByPlanAt !== null) return "over_plan_limit";
  if (row.isActive) return "active";
  if (row.lastScanStatus === "failed" && RECONNECT_CODES.has(row.lastScanErrorCode ?? "")) {
    return "needs_reconnect";
  }
  return "inactive";
}

function toPortfolioProperty(row: repo.PortfolioRow): PortfolioProperty {
  return {
    dataSourceId: row.dataSourceId,
    name: row.name,
    ga4PropertyId: row.ga4PropertyId,
    workspaceId: row.workspaceId,
    workspaceName: row.workspaceName,
    status: statusOf(row),
    healthScore: row.healthScore,
    healthGrade: (row.healthGrade as HealthGrade | null) ?? null,
    previousHealthScore: row.previousHealthScore,
    scoreChange:
      row.healthScore === null || row.previousHealthScore === null
        ? null
        : row.healthScore - row.previousHealthScore,
    criticalIssuesCount: row.criticalIssuesCount,
    lastScanAt: row.lastScanAt?.toISOString() ?? null,
    lastScanStatus: row.lastScanStatus,
  };
}
