import { randomUUID } from "node:crypto";
import {
  ALERT_TYPE_LABELS,
  type AlertDelivery,
  type AlertRule,
  type AlertRuleResponse,
  type AlertRuleValues,
  type AlertType,
  cheapestPlanWith,
  TEST_ALERT_SAMPLE,
} from "@utmost/contracts";
import { healthGrade } from "@utmost/engine";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { TokenCipher } from "../../lib/token-cipher.ts";
import { requireVerifiedEmail } from "../auth/email-verification.ts";
import { requireEveryProperty } from "../data-sources/data-sources.access.ts";
import type { Mailer } from "../mail/mailer.ts";
import { requireWithinLimits } from "../rate-limits/rate-limits.service.ts";
import { requirePermission, workspacePlan } from "../workspaces/workspaces.service.ts";
import { alertBody, dashboardUrl } from "./alert-body.ts";
import { attemptDelivery, type DeliveryDeps } from "./alert-delivery.ts";
import {
  isRecipientConfirmed,
  RECIPIENT_NOT_CONFIRMED,
  recipientStatuses,
  requestConfirmationIfNeeded,
} from "./alert-recipients.service.ts";
import { notificationConfig, toAlertDelivery, toAlertRule } from "./alerts.mapper.ts";
import type { AlertRuleRow } from "./alerts.repository.ts";
import * as repo from "./alerts.repository.ts";
import { newSigningSecret } from "./webhook-signature.ts";

/**
 * Alert rules (spec §2 /alert-settings, §5, issue 7). Every member role manages them (spec §6,
 * WORKSPACE_PERMISSIONS.manageAlertRules); a non-member gets 404 for the workspace and its rules.
 * A rule is created, edited and tested only on a channel the workspace owner's plan sells (spec
 * §9 Plans); switching one off and deleting it stay open on every plan, so a downgraded owner
 * keeps their rules (alert-evaluation.ts raises nothing for them).
 */

export interface AlertServiceDeps {
  db: Db;
  cipher: TokenCipher;
  appUrl: string;
  /** Sends the confirmation request to a new recipient outside the workspace. */
  mailer: Mailer;
}

const RULE_NOT_FOUND = "Alert rule not found";

export async function listAlertRules(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<AlertRule[]> {
  await requirePermission(db, workspaceId, userId, "manageAlertRules");
  const rows = await repo.listRules(db, workspaceId, userId);
  const deliveries = await repo.latestDeliveries(
    db,
    rows.map((row) => row.rule.id),
  );
  const statuses = await recipientStatuses(
    db,
    workspaceId,
    rows.map((row) => emailOf(row.rule)),
  );
  return rows.map((row, index) =>
    toAlertRule(row.rule, row.dataSource, deliveries.get(row.rule.id), statuses[index] ?? null),
  );
}

export async function createAlertRule(
  deps: AlertServiceDeps,
  workspaceId: string,
  userId: string,
  values: AlertRuleValues,
): Promise<AlertRuleResponse> {
  await requirePermission(deps.db, workspaceId, userId, "manageAlertRules");
  await requireVerifiedEmail(deps.db, userId);
  await requireAlertChannel(deps.db, workspaceId, values.alertType);
  const dataSource = await requireWorkspaceDataSource(
    deps.db,
    values.dataSourceId,
    workspaceId,
    userId,
  );
  const recipientStatus = await prepareRecipient(deps, workspaceId, userId, values);
  const signingSecret = values.alertType === "webhook" ? newSigningSecret() : null;
  const row = await repo.insertRule(deps.db, {
    ...storedValues(values),
    signingSecretEncrypted: signingSecret ? deps.cipher.encrypt(signingSecret) : null,
    workspaceId,
    createdByUserId: userId,
  });
  return { alertRule: toAlertRule(row, dataSource, undefined, recipientStatus), signingSecret };
}

/**
 * Spec §4: an edit rewrites the rule and keeps it active. A webhook rule keeps its signing
 * secret; a rule that becomes one gets a secret, answered once; a rule that stops being one
 * loses it.
 */
export async function updateAlertRule(
  deps: AlertServiceDeps,
  ruleId: string,
  userId: string,
  values: AlertRuleValues,
): Promise<AlertRuleResponse> {
  const current = await requireRule(deps.db, ruleId, userId);
  await requireVerifiedEmail(deps.db, userId);
  await requireAlertChannel(deps.db, current.rule.workspaceId, values.alertType);
  const dataSource = await requireWorkspaceDataSource(
    deps.db,
    values.dataSourceId,
    current.rule.workspaceId,
    userId,
  );
  const recipientStatus = await prepareRecipient(deps, current.rule.workspaceId, userId, values);
  let signingSecret: string | null = null;
  let sealed: string | null = null;
  if (values.alertType === "webhook") {
    sealed = current.rule.signingSecretEncrypted;
    if (!sealed) {
      signingSecret = newSigningSecret();
      sealed = deps.cipher.encrypt(signingSecret);
    }
  }
  const row = await repo.updateRule(deps.db, ruleId, {
    ...storedValues(values),
    signingSecretEncrypted: sealed,
  });
  if (!row) throw new AppError("NOT_FOUND", RULE_NOT_FOUND);
  const lastDelivery = (await repo.latestDeliveries(deps.db, [row.id])).get(row.id);
  return { alertRule: toAlertRule(row, dataSource, lastDelivery, recipientStatus), signingSecret };
}

export async function toggleAlertRule(
  db: Db,
  ruleId: string,
  userId: string,
  isActive: boolean,
): Promise<AlertRule> {
  const current = await requireRule(db, ruleId, userId);
  const row = await repo.setActive(db, ruleId, isActive);
  if (!row) throw new AppError("NOT_FOUND", RULE_NOT_FOUND);
  const lastDelivery = (await repo.latestDeliveries(db, [row.id])).get(row.id);
  const [recipientStatus] = await recipientStatuses(db, row.workspaceId, [emailOf(row)]);
  return toAlertRule(row, current.dataSource, lastDelivery, recipientStatus ?? null);
}

export async function deleteAlertRule(db: Db, ruleId: string, userId: string): Promise<void> {
  await requireRule(db, ruleId, userId);
  await repo.deleteRule(db, ruleId);
}

export async function rotateSigningSecret(
  deps: AlertServiceDeps,
  ruleId: string,
  userId: string,
): Promise<string> {
  const current = await requireRule(deps.db, ruleId, userId);
  if (current.rule.alertType !== "webhook") {
    throw new AppError("BAD_REQUEST", "Only webhook rules have a signing secret");
  }
  const secret = newSigningSecret();
  await repo.setSigningSecret(deps.db, ruleId, deps.cipher.encrypt(secret));
  return secret;
}

export async function listDeliveries(
  db: Db,
  ruleId: string,
  userId: string,
  limit: number,
): Promise<AlertDelivery[]> {
  await requireRule(db, ruleId, userId);
  const rows = await repo.listDeliveries(db, ruleId, limit);
  return rows.map(toAlertDelivery);
}

/**
 * Spec §7 send-alert (test): the sample (no scan, score 75, 2 critical, 5 warnings, a link to
 * the dashboard) goes to the destination now, in one attempt, logged as a `test` delivery. The
 * answer waits for the destination, so the page can say 'Test alert sent successfully' or why
 * not. An inactive rule can be tested too: the switch governs alerts raised by scans.
 */
export async function sendTestAlert(
  deps: AlertServiceDeps & { delivery: Omit<DeliveryDeps, "db" | "cipher"> },
  ruleId: string,
  userId: string,
): Promise<AlertDelivery> {
  const { rule, dataSource } = await requireRule(deps.db, ruleId, userId);
  await requireVerifiedEmail(deps.db, userId);
  await requireAlertChannel(deps.db, rule.workspaceId, rule.alertType);
  const workspace = await repo.findWorkspace(deps.db, rule.workspaceId);
  if (!workspace) throw new AppError("NOT_FOUND", RULE_NOT_FOUND);
  const email = emailOf(rule);
  if (email !== null && !(await isRecipientConfirmed(deps.db, rule.workspaceId, email))) {
    throw new AppError("ALERT_RECIPIENT_UNCONFIRMED", RECIPIENT_NOT_CONFIRMED);
  }
  await requireWithinLimits(deps.db, [
    {
      key: `alert-tests:user:${userId}`,
      ...TEST_ALERT_LIMITS.perUser,
      message: (seconds) =>
        `Too many test alerts: at most ${TEST_ALERT_LIMITS.perUser.limit} an hour from one user. Try again in ${Math.ceil(seconds / 60)} min.`,
    },
    {
      key: `alert-tests:rule:${rule.id}`,
      ...TEST_ALERT_LIMITS.perRule,
      message: (seconds) =>
        `Too many test alerts for this rule: at most ${TEST_ALERT_LIMITS.perRule.limit} every 10 minutes. Try again in ${Math.ceil(seconds / 60)} min.`,
    },
  ]);
  const deliveryId = randomUUID();
  const now = deps.delivery.now();
  const dashboard = dashboardUrl(deps.appUrl);
  await repo.insertDelivery(deps.db, {
    id: deliveryId,
    alertRuleId: rule.id,
    kind: "test",
    alertCount: 1,
    body: alertBody({
      deliveryId,
      event: "alert.test",
      createdAt: now,
      workspace,
      rule,
      appUrl: deps.appUrl,
      alerts: [
        {
          trigger: rule.triggerCondition,
          occurredAt: now.toISOString(),
          dataSource: null,
          scanId: TEST_ALERT_SAMPLE.scanId,
          healthScore: TEST_ALERT_SAMPLE.healthScore,
          healthGrade: healthGrade(TEST_ALERT_SAMPLE.healthScore),
          previousHealthScore: null,
          thresholdValue: rule.thresholdValue,
          criticalIssuesCount: TEST_ALERT_SAMPLE.criticalIssuesCount,
          warningIssuesCount: TEST_ALERT_SAMPLE.warningIssuesCount,
          passedChecksCount: null,
          issues: [],
          reportUrl: dataSource ? `${deps.appUrl}/data-sources/${dataSource.id}/health` : dashboard,
        },
      ],
    }),
  });
  const outcome = await attemptDelivery(
    { ...deps.delivery, db: deps.db, cipher: deps.cipher },
    deliveryId,
    { finalAttempt: true },
  );
  if (outcome.status === "delivered") return toAlertDelivery(outcome.delivery);
  if (outcome.status === "skipped") throw new AppError("NOT_FOUND", RULE_NOT_FOUND);
  if (outcome.failure.refused) {
    throw new AppError(
      "ALERT_DESTINATION_NOT_ALLOWED",
      "Alert destinations in private or loopback networks are not allowed",
    );
  }
  throw new AppError("ALERT_DELIVERY_FAILED", outcome.failure.message);
}

/**
 * Test alerts reach a real inbox, Slack channel or endpoint at a click: a few per rule and per
 * user keep the button from becoming a way to flood someone (issue 21, finding 4). Counted in
 * PostgreSQL, so every API process shares them.
 */
export const TEST_ALERT_LIMITS = {
  perRule: { limit: 3, windowSeconds: 10 * 60 },
  perUser: { limit: 10, windowSeconds: 60 * 60 },
} as const;

function emailOf(rule: AlertRuleRow): string | null {
  return "email" in rule.notificationConfig ? rule.notificationConfig.email : null;
}

/** An email rule's recipient, asked to confirm first when it is not a verified member. */
async function prepareRecipient(
  deps: AlertServiceDeps,
  workspaceId: string,
  userId: string,
  values: AlertRuleValues,
) {
  if (values.alertType !== "email") return null;
  const workspace = await repo.findWorkspace(deps.db, workspaceId);
  if (!workspace) throw new AppError("NOT_FOUND", "Workspace not found");
  const user = await repo.findUserName(deps.db, userId);
  return requestConfirmationIfNeeded(deps, {
    workspace,
    email: values.destination,
    user: { id: userId, name: user?.fullName ?? "" },
  });
}

/** Spec §9 Plans: the workspace owner's plan sells the channel. */
async function requireAlertChannel(db: Db, workspaceId: string, alertType: AlertType) {
  const plan = await workspacePlan(db, workspaceId);
  if (plan.alertChannels.includes(alertType)) return;
  const needed = cheapestPlanWith((candidate) => candidate.alertChannels.includes(alertType));
  throw new AppError(
    "PLAN_UPGRADE_REQUIRED",
    `${ALERT_TYPE_LABELS[alertType]} alerts are part of the ${needed.name} plan and above. Upgrade to use them.`,
  );
}

async function requireRule(db: Db, ruleId: string, userId: string) {
  const row = await repo.findRuleForMember(db, ruleId, userId);
  if (!row) throw new AppError("NOT_FOUND", RULE_NOT_FOUND);
  return row;
}

/**
 * The property must be the workspace's own (spec §5 data_source_id, DESIGN.md security) and one
 * the user may see; a rule on every property is not for a member limited to chosen ones (ADR 024).
 */
async function requireWorkspaceDataSource(
  db: Db,
  dataSourceId: string | null,
  workspaceId: string,
  userId: string,
): Promise<repo.RuleDataSource | null> {
  if (dataSourceId === null) {
    await requireEveryProperty(
      db,
      workspaceId,
      userId,
      "Your access is limited to chosen properties: choose one of them for this alert",
    );
    return null;
  }
  const dataSource = await repo.findDataSourceInWorkspace(db, dataSourceId, workspaceId, userId);
  if (!dataSource) throw new AppError("NOT_FOUND", "Analytics property not found");
  return dataSource;
}

function storedValues(values: AlertRuleValues) {
  return {
    dataSourceId: values.dataSourceId,
    alertType: values.alertType,
    triggerCondition: values.triggerCondition,
    thresholdValue: values.thresholdValue,
    notificationConfig: notificationConfig(values.alertType, values.destination),
    frequency: values.frequency,
  };
}
