import { randomUUID } from "node:crypto";
import {
  type AlertFrequency,
  type AlertPayloadItem,
  type HealthGrade,
  HealthGradeSchema,
  PLANS,
  type SubscriptionTier,
} from "@utmost/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { effectiveTier } from "../billing/plan-standing.ts";
import { alertBody, reportUrl } from "./alert-body.ts";
import type { AlertRuleRow } from "./alerts.repository.ts";
import * as repo from "./alerts.repository.ts";

/**
 * What a completed scan raises (issue 7, ADR 010). Per active rule watching the scan's property:
 * - `score_drops_below` fires when the score crosses below the threshold: this scan is below it,
 *   and the property's previous completed scan was at or above it, or there was none (a first
 *   scan below fires once). It does not fire again while the score stays below.
 * - `new_critical_issue` / `new_warning_issue` fire when the scan detected an issue of that
 *   severity for the first time, or found again one that had been resolved.
 * - `scan_completed` fires on every completed scan.
 * A rule raises at most one alert per scan, so an evaluation that runs twice raises nothing twice.
 * Realtime rules get a delivery at once; daily and weekly ones wait for their digest.
 * A rule on a channel the workspace owner's plan no longer sells (a downgrade keeps the rules,
 * spec §9 Plans) raises nothing, and its alerts still waiting for a digest are dropped. A paid
 * plan whose payment failed sells its channels through the 7 days' grace (`effectiveTier`).
 */

export type EnqueueDelivery = (tx: Db, deliveryId: string) => Promise<void>;

export interface EvaluationDeps {
  db: Db;
  appUrl: string;
  /** When alerts are raised and digests cut off; tests fix it. */
  now: () => Date;
  enqueueDelivery: EnqueueDelivery;
  logger: Pick<FastifyBaseLogger, "info">;
}

/** Alerts a digest or a new-issue alert lists at most; the counts stay whole. */
const MAX_ISSUES_PER_ALERT = 50;

export async function evaluateScanAlerts(
  deps: EvaluationDeps,
  scanId: string,
): Promise<{ raised: number }> {
  const found = await repo.findCompletedScan(deps.db, scanId);
  if (!found) return { raised: 0 };
  const { scan, dataSource, workspace } = found;
  const active = await repo.activeRulesFor(deps.db, dataSource.workspaceId, dataSource.id);
  const now = deps.now();
  const ownerTier = effectiveTier(found.ownerPlan, now);
  const rules = active.filter((rule) => planSends(ownerTier, rule));
  if (rules.length < active.length) {
    const unsold = active.filter((rule) => !rules.includes(rule));
    logUnsold(
      deps,
      unsold.map((rule) => ({ rule, ownerTier })),
      { scanId },
    );
  }
  if (rules.length === 0) return { raised: 0 };

  const needsPrevious = rules.some((rule) => rule.triggerCondition === "score_drops_below");
  const previous = needsPrevious ? await repo.previousCompletedScore(deps.db, scan) : undefined;
  const needsIssues = rules.some((rule) => rule.triggerCondition.startsWith("new_"));
  const since = scan.startedAt ?? scan.createdAt;
  const newIssues = needsIssues
    ? await repo.newIssuesOfScan(deps.db, { id: scan.id, dataSourceId: dataSource.id, since })
    : [];

  const base: Omit<AlertPayloadItem, "trigger" | "issues" | "thresholdValue"> = {
    occurredAt: (scan.completedAt ?? now).toISOString(),
    dataSource: {
      id: dataSource.id,
      name: dataSource.name,
      ga4PropertyId: dataSource.ga4PropertyId,
    },
    scanId: scan.id,
    healthScore: scan.healthScore,
    healthGrade: grade(scan.healthGrade),
    previousHealthScore: previous?.healthScore ?? null,
    criticalIssuesCount: scan.criticalIssuesCount,
    warningIssuesCount: scan.warningIssuesCount,
    passedChecksCount: scan.passedChecksCount,
    reportUrl: reportUrl(deps.appUrl, dataSource.id),
  };

  const raised: { rule: AlertRuleRow; item: AlertPayloadItem }[] = [];
  for (const rule of rules) {
    const issues = matchingIssues(rule, newIssues, since);
    if (!fires(rule, scan.healthScore, previous, issues.length)) continue;
    raised.push({
      rule,
      item: {
        ...base,
        trigger: rule.triggerCondition,
        thresholdValue: rule.thresholdValue,
        issues: issues.slice(0, MAX_ISSUES_PER_ALERT),
      },
    });
  }
  if (raised.length === 0) return { raised: 0 };

  return deps.db.transaction(async (tx) => {
    let count = 0;
    for (const { rule, item } of raised) {
      const event = await repo.insertEvent(tx, {
        alertRuleId: rule.id,
        scanId: scan.id,
        item,
        createdAt: now,
      });
      if (!event) continue;
      count++;
      await repo.markTriggered(tx, rule.id, now);
      if (rule.frequency !== "realtime") continue;
      const deliveryId = randomUUID();
      await repo.insertDelivery(tx, {
        id: deliveryId,
        alertRuleId: rule.id,
        kind: "realtime",
        alertCount: 1,
        body: alertBody({
          deliveryId,
          event: "alert.triggered",
          createdAt: now,
          workspace,
          rule,
          alerts: [item],
          appUrl: deps.appUrl,
        }),
      });
      await repo.linkEvents(tx, [event.id], deliveryId);
      await deps.enqueueDelivery(tx, deliveryId);
    }
    return { raised: count };
  });
}

/** Spec §9 Plans: the workspace owner's plan, as it applies now, sells the rule's channel. */
function planSends(ownerTier: SubscriptionTier, rule: AlertRuleRow): boolean {
  return PLANS[ownerTier].alertChannels.includes(rule.alertType);
}

function logUnsold(
  deps: EvaluationDeps,
  unsold: { rule: AlertRuleRow; ownerTier: SubscriptionTier }[],
  context: { scanId: string } | { digest: string },
) {
  const rules = new Map(
    unsold.map(({ rule, ownerTier }) => [
      rule.id,
      { alertRuleId: rule.id, alertType: rule.alertType, ownerTier },
    ]),
  );
  deps.logger.info(
    { ...context, rules: [...rules.values()] },
    "alerts not sent: the workspace owner's plan does not include their channel",
  );
}

function fires(
  rule: AlertRuleRow,
  score: number | null,
  previous: { healthScore: number | null } | undefined,
  matchingIssueCount: number,
): boolean {
  switch (rule.triggerCondition) {
    case "score_drops_below": {
      const threshold = rule.thresholdValue;
      if (threshold === null || score === null || score >= threshold) return false;
      // Spec §3: a scan without a score reads as 0, so it counts as below.
      return previous === undefined || (previous.healthScore ?? 0) >= threshold;
    }
    case "new_critical_issue":
    case "new_warning_issue":
      return matchingIssueCount > 0;
    case "scan_completed":
      return true;
  }
}

type NewIssue = Awaited<ReturnType<typeof repo.newIssuesOfScan>>[number];

function matchingIssues(rule: AlertRuleRow, issues: NewIssue[], since: Date) {
  const severity =
    rule.triggerCondition === "new_critical_issue"
      ? "critical"
      : rule.triggerCondition === "new_warning_issue"
        ? "warning"
        : undefined;
  if (!severity) return [];
  return issues
    .filter((issue) => issue.severity === severity)
    .map((issue) => ({
      id: issue.id,
      title: issue.title,
      severity: issue.severity,
      issueType: issue.issueType,
      affectedSessionsCount: issue.affectedSessionsCount,
      reopened: issue.firstDetectedAt < since,
    }));
}

function grade(value: string | null): HealthGrade | null {
  const parsed = HealthGradeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Sends each rule of the frequency its waiting alerts as one digest. The daily run also takes
 * the leftovers of rules switched to realtime since; alerts raised after `deps.now()` wait for
 * the next run. Answers how many digests were made.
 */
export async function sendDigests(
  deps: EvaluationDeps,
  frequency: Exclude<AlertFrequency, "realtime">,
): Promise<number> {
  const now = deps.now();
  const frequencies: AlertFrequency[] = frequency === "daily" ? ["daily", "realtime"] : ["weekly"];
  return deps.db.transaction(async (tx) => {
    const pending = await repo.pendingDigestEvents(tx, frequencies, now);
    const unsold = pending
      .map((row) => ({ ...row, ownerTier: effectiveTier(row.ownerPlan, now) }))
      .filter((row) => !planSends(row.ownerTier, row.rule));
    const dropped = new Set(unsold.map((row) => row.event.id));
    if (unsold.length > 0) {
      await repo.deleteWaitingEvents(
        tx,
        unsold.map((row) => row.event.id),
      );
      logUnsold(deps, unsold, { digest: frequency });
    }
    const byRule = new Map<string, typeof pending>();
    for (const row of pending) {
      if (dropped.has(row.event.id)) continue;
      const list = byRule.get(row.rule.id) ?? [];
      list.push(row);
      byRule.set(row.rule.id, list);
    }
    for (const list of byRule.values()) {
      const first = list[0];
      if (!first) continue;
      const deliveryId = randomUUID();
      await repo.insertDelivery(tx, {
        id: deliveryId,
        alertRuleId: first.rule.id,
        kind: "digest",
        alertCount: list.length,
        body: alertBody({
          deliveryId,
          event: "alert.digest",
          createdAt: now,
          workspace: first.workspace,
          rule: first.rule,
          alerts: list.map((row) => row.event.item as AlertPayloadItem),
          appUrl: deps.appUrl,
        }),
      });
      await repo.linkEvents(
        tx,
        list.map((row) => row.event.id),
        deliveryId,
      );
      await deps.enqueueDelivery(tx, deliveryId);
    }
    return byRule.size;
  });
}
