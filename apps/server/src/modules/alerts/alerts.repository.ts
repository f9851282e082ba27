import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  alertDeliveries,
  alertEvents,
  alertRules,
  auditScans,
  dataSources,
  type NotificationConfig,
  subscriptions,
  users,
  utmIssues,
  workspaces,
  workspaceUsers,
} from "../../db/schema.ts";
import { planStandingColumns } from "../billing/plan-standing.ts";
import {
  dataSourceListedFor,
  grantReaches,
  workspacePropertyVisibleTo,
} from "../data-sources/data-sources.access.ts";

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
export type RuleDataSource = { id: string; name: string; ga4AccountName: string | null };

const ruleDataSource = {
  id: dataSources.id,
  name: dataSources.name,
  ga4AccountName: dataSources.ga4AccountName,
};

/**
 * Spec §7: the workspace's rules newest first, with the property each watches; for a member
 * limited to chosen properties, only the rules on those (ADR 024).
 */
export function listRules(db: Db, workspaceId: string, userId: string) {
  return db
    .select({ rule: alertRules, dataSource: ruleDataSource })
    .from(alertRules)
    .leftJoin(dataSources, eq(dataSources.id, alertRules.dataSourceId))
    .where(
      and(
        eq(alertRules.workspaceId, workspaceId),
        workspacePropertyVisibleTo(alertRules.workspaceId, alertRules.dataSourceId, userId),
      ),
    )
    .orderBy(desc(alertRules.createdAt), desc(alertRules.id));
}

/**
 * The rule with its property, if the user is a member of the rule's workspace who may see its
 * property (a rule on every property: one not limited to chosen properties).
 */
export async function findRuleForMember(db: Db, ruleId: string, userId: string) {
  const [row] = await db
    .select({ rule: alertRules, dataSource: ruleDataSource })
    .from(alertRules)
    .innerJoin(
      workspaceUsers,
      and(
        eq(workspaceUsers.workspaceId, alertRules.workspaceId),
        eq(workspaceUsers.userId, userId),
        grantReaches(alertRules.dataSourceId),
      ),
    )
    .leftJoin(dataSources, eq(dataSources.id, alertRules.dataSourceId))
    .where(eq(alertRules.id, ruleId))
    .limit(1);
  return row;
}

export async function findRuleWithDataSource(db: Db, ruleId: string) {
  const [row] = await db
    .select({ rule: alertRules, dataSource: ruleDataSource })
    .from(alertRules)
    .leftJoin(dataSources, eq(dataSources.id, alertRules.dataSourceId))
    .where(eq(alertRules.id, ruleId))
    .limit(1);
  return row;
}

/** The workspace's property, if the user may see it. */
export async function findDataSourceInWorkspace(
  db: Db,
  dataSourceId: string,
  workspaceId: string,
  userId: string,
): Promise<RuleDataSource | undefined> {
  const [row] = await db
    .select(ruleDataSource)
    .from(dataSources)
    .where(
      and(
        eq(dataSources.id, dataSourceId),
        eq(dataSources.workspaceId, workspaceId),
        dataSourceListedFor(userId),
      ),
    )
    .limit(1);
  return row;
}

export interface RuleValues {
  dataSourceId: string | null;
  alertType: AlertRuleRow["alertType"];
  triggerCondition: AlertRuleRow["triggerCondition"];
  thresholdValue: number | null;
  notificationConfig: NotificationConfig;
  frequency: AlertRuleRow["frequency"];
  signingSecretEncrypted: string | null;
}

export async function insertRule(
  db: Db,
  values: RuleValues & { workspaceId: string; createdByUserId: string },
): Promise<AlertRuleRow> {
  const [row] = await db
    .insert(alertRules)
    .values({ ...values, isActive: true })
    .returning();
  if (!row) throw new Error("alert rule insert returned no row");
  return row;
}

/** Spec §4: an edit rewrites the rule and keeps it active. */
export async function updateRule(
  db: Db,
  ruleId: string,
  values: RuleValues,
): Promise<AlertRuleRow | undefined> {
  const [row] = await db
    .update(alertRules)
    .set({ ...values, isActive: true, updatedAt: sql`now()` })
    .where(eq(alertRules.id, ruleId))
    .returning();
  return row;
}

export async function setSigningSecret(db: Db, ruleId: string, sealed: string): Promise<void> {
  await db
    .update(alertRules)
    .set({ signingSecretEncrypted: sealed, updatedAt: sql`now()` })
    .where(eq(alertRules.id, ruleId));
}

/**
 * The Status switch. Switching off drops the alerts waiting for its digest: a rule turned off
 * sends nothing, and turned on again it starts afresh.
 */
export async function setActive(
  db: Db,
  ruleId: string,
  isActive: boolean,
): Promise<AlertRuleRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alertRules)
      .set({ isActive, updatedAt: sql`now()` })
      .where(eq(alertRules.id, ruleId))
      .returning();
    if (row && !isActive) {
      await tx
        .delete(alertEvents)
        .where(and(eq(alertEvents.alertRuleId, ruleId), isNull(alertEvents.deliveryId)));
    }
    return row;
  });
}

export async function deleteRule(db: Db, ruleId: string): Promise<void> {
  await db.delete(alertRules).where(eq(alertRules.id, ruleId));
}

// ---- The delivery log ----

export async function insertDelivery(
  db: Db,
  values: Pick<
    typeof alertDeliveries.$inferInsert,
    "id" | "alertRuleId" | "kind" | "alertCount" | "body"
  >,
): Promise<AlertDeliveryRow> {
  const [row] = await db.insert(alertDeliveries).values(values).returning();
  if (!row) throw new Error("alert delivery insert returned no row");
  return row;
}

export function listDeliveries(db: Db, ruleId: string, limit: number) {
  return db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.alertRuleId, ruleId))
    .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
    .limit(limit);
}

/** The newest delivery of each rule. */
export async function latestDeliveries(
  db: Db,
  ruleIds: string[],
): Promise<Map<string, AlertDeliveryRow>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([alertDeliveries.alertRuleId])
    .from(alertDeliveries)
    .where(inArray(alertDeliveries.alertRuleId, ruleIds))
    .orderBy(
      alertDeliveries.alertRuleId,
      desc(alertDeliveries.createdAt),
      desc(alertDeliveries.id),
    );
  return new Map(rows.map((row) => [row.alertRuleId, row]));
}

/** A delivery with the rule and workspace it goes out for. */
export async function findDeliveryTarget(db: Db, deliveryId: string) {
  const [row] = await db
    .select({ delivery: alertDeliveries, rule: alertRules })
    .from(alertDeliveries)
    .innerJoin(alertRules, eq(alertRules.id, alertDeliveries.alertRuleId))
    .where(eq(alertDeliveries.id, deliveryId))
    .limit(1);
  return row;
}

/** Counts an attempt as started; false when the delivery is already settled. */
export async function startAttempt(
  db: Db,
  deliveryId: string,
): Promise<AlertDeliveryRow | undefined> {
  const [row] = await db
    .update(alertDeliveries)
    .set({
      attempts: sql`${alertDeliveries.attempts} + 1`,
      lastAttemptAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(alertDeliveries.id, deliveryId),
        inArray(alertDeliveries.status, ["pending", "retrying"]),
      ),
    )
    .returning();
  return row;
}

export async function settleDelivery(
  db: Db,
  deliveryId: string,
  outcome: { status: "delivered" } | { status: "retrying" | "failed"; lastError: string },
): Promise<AlertDeliveryRow | undefined> {
  const [row] = await db
    .update(alertDeliveries)
    .set(
      outcome.status === "delivered"
        ? { status: "delivered", deliveredAt: sql`now()`, lastError: null, updatedAt: sql`now()` }
        : { status: outcome.status, lastError: outcome.lastError, updatedAt: sql`now()` },
    )
    .where(eq(alertDeliveries.id, deliveryId))
    .returning();
  return row;
}

/** Fails a delivery still pending or retrying, keeping the last error if it has one. */
export async function failUnsettled(db: Db, deliveryId: string, reason: string): Promise<void> {
  await db
    .update(alertDeliveries)
    .set({
      status: "failed",
      lastError: sql`coalesce(${alertDeliveries.lastError}, ${reason})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(alertDeliveries.id, deliveryId),
        inArray(alertDeliveries.status, ["pending", "retrying"]),
      ),
    );
}

// ---- Evaluation ----

/**
 * A completed scan with its property and workspace, and what decides the workspace owner's plan,
 * as the evaluation reads it.
 */
export async function findCompletedScan(db: Db, scanId: string) {
  const [row] = await db
    .select({
      scan: auditScans,
      dataSource: {
        id: dataSources.id,
        name: dataSources.name,
        ga4PropertyId: dataSources.ga4PropertyId,
        workspaceId: dataSources.workspaceId,
      },
      workspace: { id: workspaces.id, name: workspaces.name },
      ownerPlan: planStandingColumns,
    })
    .from(auditScans)
    .innerJoin(dataSources, eq(dataSources.id, auditScans.dataSourceId))
    .innerJoin(workspaces, eq(workspaces.id, dataSources.workspaceId))
    .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .where(and(eq(auditScans.id, scanId), eq(auditScans.status, "completed")))
    .limit(1);
  return row;
}

/** Active rules that watch the property: its own and the workspace's all-properties rules. */
export function activeRulesFor(db: Db, workspaceId: string, dataSourceId: string) {
  return db
    .select()
    .from(alertRules)
    .where(
      and(
        eq(alertRules.workspaceId, workspaceId),
        eq(alertRules.isActive, true),
        or(isNull(alertRules.dataSourceId), eq(alertRules.dataSourceId, dataSourceId)),
      ),
    )
    .orderBy(asc(alertRules.createdAt));
}

/** The score of the property's completed scan before this one; undefined when there is none. */
export async function previousCompletedScore(
  db: Db,
  scan: { id: string; dataSourceId: string; createdAt: Date },
): Promise<{ healthScore: number | null } | undefined> {
  const [row] = await db
    .select({ healthScore: auditScans.healthScore })
    .from(auditScans)
    .where(
      and(
        eq(auditScans.dataSourceId, scan.dataSourceId),
        eq(auditScans.status, "completed"),
        lt(auditScans.createdAt, scan.createdAt),
      ),
    )
    .orderBy(desc(auditScans.createdAt))
    .limit(1);
  return row;
}

/**
 * Issues this scan detected for the first time, or found again after they were resolved. The
 * completing transaction stamps both (`first_detected_at`, `reopened_at`) with its own time, which
 * comes after the scan started; earlier scans of the property finished before it started (one
 * running scan per property).
 */
export function newIssuesOfScan(db: Db, scan: { id: string; dataSourceId: string; since: Date }) {
  return db
    .select({
      id: utmIssues.id,
      title: utmIssues.title,
      severity: utmIssues.severity,
      issueType: utmIssues.issueType,
      affectedSessionsCount: utmIssues.affectedSessionsCount,
      firstDetectedAt: utmIssues.firstDetectedAt,
      reopenedAt: utmIssues.reopenedAt,
    })
    .from(utmIssues)
    .where(
      and(
        eq(utmIssues.dataSourceId, scan.dataSourceId),
        eq(utmIssues.lastScanId, scan.id),
        eq(utmIssues.status, "active"),
        or(gte(utmIssues.firstDetectedAt, scan.since), gte(utmIssues.reopenedAt, scan.since)),
      ),
    )
    .orderBy(desc(utmIssues.affectedSessionsCount), asc(utmIssues.id));
}

/** Records an alert; undefined when this rule already raised one for this scan. */
export async function insertEvent(
  db: Db,
  values: { alertRuleId: string; scanId: string; item: unknown; createdAt: Date },
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(alertEvents)
    .values(values)
    .onConflictDoNothing({ target: [alertEvents.alertRuleId, alertEvents.scanId] })
    .returning({ id: alertEvents.id });
  return row;
}

export async function markTriggered(db: Db, ruleId: string, at: Date): Promise<void> {
  await db.update(alertRules).set({ lastTriggeredAt: at }).where(eq(alertRules.id, ruleId));
}

/** Drops alerts still waiting for a digest: the rule will not send them. */
export async function deleteWaitingEvents(db: Db, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .delete(alertEvents)
    .where(and(inArray(alertEvents.id, eventIds), isNull(alertEvents.deliveryId)));
}

export async function linkEvents(db: Db, eventIds: string[], deliveryId: string): Promise<void> {
  if (eventIds.length === 0) return;
  await db.update(alertEvents).set({ deliveryId }).where(inArray(alertEvents.id, eventIds));
}

/**
 * Alerts waiting for a digest, raised at or before `until`, of active rules with one of the
 * frequencies, oldest first, with what decides the workspace owner's plan. Locked, so two runs at
 * once cannot send them twice.
 */
export function pendingDigestEvents(db: Db, frequencies: AlertRuleRow["frequency"][], until: Date) {
  return db
    .select({
      event: alertEvents,
      rule: alertRules,
      workspace: { id: workspaces.id, name: workspaces.name },
      ownerPlan: planStandingColumns,
    })
    .from(alertEvents)
    .innerJoin(alertRules, eq(alertRules.id, alertEvents.alertRuleId))
    .innerJoin(workspaces, eq(workspaces.id, alertRules.workspaceId))
    .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .where(
      and(
        isNull(alertEvents.deliveryId),
        lte(alertEvents.createdAt, until),
        eq(alertRules.isActive, true),
        inArray(alertRules.frequency, frequencies),
      ),
    )
    .orderBy(asc(alertEvents.createdAt), asc(alertEvents.id))
    .for("update", { of: alertEvents, skipLocked: true });
}

export async function findWorkspace(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row;
}

export async function findUserName(db: Db, userId: string) {
  const [row] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
