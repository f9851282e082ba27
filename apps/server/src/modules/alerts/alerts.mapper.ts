import type { AlertDelivery, AlertRecipientStatus, AlertRule } from "@utmost/contracts";
import type { NotificationConfig } from "../../db/schema.ts";
import type { AlertDeliveryRow, AlertRuleRow, RuleDataSource } from "./alerts.repository.ts";

/** Spec §3 notification_config holds one key named by the rule's type. */
export function notificationConfig(
  alertType: AlertRuleRow["alertType"],
  destination: string,
): NotificationConfig {
  if (alertType === "email") return { email: destination };
  if (alertType === "slack") return { slack_webhook: destination };
  return { webhook_url: destination };
}

export function destinationOf(config: NotificationConfig): string {
  if ("email" in config) return config.email;
  if ("slack_webhook" in config) return config.slack_webhook;
  return config.webhook_url;
}

export function toAlertDelivery(row: AlertDeliveryRow): AlertDelivery {
  return {
    id: row.id,
    alertRuleId: row.alertRuleId,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    alertCount: row.alertCount,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export function toAlertRule(
  row: AlertRuleRow,
  dataSource: RuleDataSource | null,
  lastDelivery: AlertDeliveryRow | undefined,
  recipientStatus: AlertRecipientStatus | null,
): AlertRule {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    dataSourceId: row.dataSourceId,
    dataSource: dataSource && row.dataSourceId ? dataSource : null,
    alertType: row.alertType,
    triggerCondition: row.triggerCondition,
    thresholdValue: row.thresholdValue,
    frequency: row.frequency,
    destination: destinationOf(row.notificationConfig),
    recipientStatus: "email" in row.notificationConfig ? recipientStatus : null,
    isActive: row.isActive,
    lastTriggeredAt: row.lastTriggeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: lastDelivery ? toAlertDelivery(lastDelivery) : null,
  };
}
