import { PLANS, type SubscriptionTier } from "@utmost/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dataSources, subscriptions, workspaces } from "../../db/schema.ts";

/** What of a subscription row its property limit is computed from. */
export interface LimitStanding {
  tier: SubscriptionTier;
  dataSourceLimit: number;
  extraProperties: number;
}

/**
 * The one definition of an account's property limit, stored as subscriptions.data_source_limit
 * (which every check and count reads): the plan's allowance, or the larger one an administrator
 * gave on the same tier, plus the add-on properties bought on top (spec §9 "Extra properties
 * $10/month", ADR 025). The add-ons are taken out of the current limit before an
 * administrator's grant is kept, so buying or removing add-ons moves the limit by exactly their
 * number, and a new tier starts from its own allowance.
 */
export function propertyLimit(
  current: LimitStanding,
  next: { tier: SubscriptionTier; extraProperties: number },
): number {
  const allowance = PLANS[next.tier].properties;
  const base =
    current.tier === next.tier
      ? Math.max(current.dataSourceLimit - current.extraProperties, allowance)
      : allowance;
  return base + next.extraProperties;
}

export interface PropertyLimitChange {
  /** Properties the plan no longer covers: kept with their history, made inactive. */
  suspended: string[];
  /** Properties suspended by an earlier, smaller plan that fit again and were made active. */
  restored: string[];
}

/**
 * Brings the properties in the workspaces a user owns in line with their subscription's
 * data_source_limit (spec §9: a downgrade keeps every property, deactivates those over the new
 * limit, never deletes). The oldest properties stay; properties this rule suspended come back
 * in the same order when the limit grows again. Call it inside the transaction that changed
 * the limit: it locks the subscription row first.
 */
export async function enforcePropertyLimit(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<PropertyLimitChange> {
  const [subscription] = await db
    .select({ limit: subscriptions.dataSourceLimit })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for("update");
  if (!subscription) return { suspended: [], restored: [] };

  const owned = await db
    .select({ id: dataSources.id, suspendedByPlanAt: dataSources.suspendedByPlanAt })
    .from(dataSources)
    .innerJoin(workspaces, eq(workspaces.id, dataSources.workspaceId))
    .where(eq(workspaces.ownerId, userId))
    .orderBy(asc(dataSources.createdAt), asc(dataSources.id));

  const change: PropertyLimitChange = { suspended: [], restored: [] };
  owned.forEach((property, index) => {
    const covered = index < subscription.limit;
    if (covered && property.suspendedByPlanAt !== null) change.restored.push(property.id);
    if (!covered && property.suspendedByPlanAt === null) change.suspended.push(property.id);
  });
  for (const id of change.suspended) {
    await db
      .update(dataSources)
      .set({ isActive: false, suspendedByPlanAt: now, updatedAt: sql`now()` })
      .where(eq(dataSources.id, id));
  }
  for (const id of change.restored) {
    await db
      .update(dataSources)
      .set({ isActive: true, suspendedByPlanAt: null, updatedAt: sql`now()` })
      .where(eq(dataSources.id, id));
  }
  return change;
}
