import { type ScanFrequency, type ScanSchedule, TIER_LABELS } from "@utmost/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dataSources, subscriptions, workspaces } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { type PlanStanding, planStandingColumns } from "../billing/plan-standing.ts";
import { type DataSourceRow, requireDataSource } from "../data-sources/data-sources.access.ts";
import { effectiveFrequency, nextSlot, offeredFrequencies } from "./schedule-slots.ts";

/**
 * A property's automated-scan cadence as its members see and choose it (spec §9; ADR 009). The
 * plan is the workspace owner's, as for the property limit; every member may choose.
 */

async function ownerPlan(db: Db, workspaceId: string): Promise<PlanStanding | null> {
  const [row] = await db
    .select({ plan: planStandingColumns })
    .from(workspaces)
    .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId));
  return row?.plan ?? null;
}

function schedule(row: DataSourceRow, plan: PlanStanding | null, now: Date): ScanSchedule {
  const frequency = effectiveFrequency(plan, row.scanFrequency, now);
  const scheduled = row.isActive && row.accessTokenEncrypted !== null;
  return {
    frequency,
    chosen: row.scanFrequency,
    offered: [...offeredFrequencies(plan, now).offered],
    nextScanAt: scheduled ? nextSlot(row.id, frequency, now).toISOString() : null,
  };
}

export async function getScanSchedule(
  db: Db,
  dataSourceId: string,
  userId: string,
  now: Date,
): Promise<ScanSchedule> {
  const row = await requireDataSource(db, dataSourceId, userId);
  return schedule(row, await ownerPlan(db, row.workspaceId), now);
}

export async function setScanSchedule(
  db: Db,
  dataSourceId: string,
  userId: string,
  frequency: ScanFrequency | null,
  now: Date,
): Promise<ScanSchedule> {
  const row = await requireDataSource(db, dataSourceId, userId);
  const plan = await ownerPlan(db, row.workspaceId);
  const { tier, offered } = offeredFrequencies(plan, now);
  if (frequency !== null && !offered.includes(frequency)) {
    throw new AppError(
      "BAD_REQUEST",
      `The ${TIER_LABELS[tier]} plan scans ${offered.join(" or ")}; upgrade for ${frequency} scans`,
    );
  }
  const [updated] = await db
    .update(dataSources)
    .set({ scanFrequency: frequency })
    .where(eq(dataSources.id, row.id))
    .returning();
  // Deleted in between: as if it never existed.
  if (!updated) throw new AppError("NOT_FOUND", "Analytics property not found");
  return schedule(updated, plan, now);
}
