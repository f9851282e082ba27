import {
  ALERT_WEBHOOK_VERSION,
  type AlertPayloadItem,
  type AlertWebhookBody,
} from "@utmost/contracts";
import type { AlertRuleRow } from "./alerts.repository.ts";

/** The versioned body every delivery carries (ADR 010); mail and Slack render the same data. */
export function alertBody(input: {
  deliveryId: string;
  event: AlertWebhookBody["event"];
  createdAt: Date;
  workspace: { id: string; name: string };
  rule: Pick<
    AlertRuleRow,
    "id" | "alertType" | "triggerCondition" | "thresholdValue" | "frequency"
  >;
  alerts: AlertPayloadItem[];
  appUrl: string;
}): AlertWebhookBody {
  return {
    version: ALERT_WEBHOOK_VERSION,
    event: input.event,
    deliveryId: input.deliveryId,
    createdAt: input.createdAt.toISOString(),
    workspace: input.workspace,
    rule: {
      id: input.rule.id,
      alertType: input.rule.alertType,
      triggerCondition: input.rule.triggerCondition,
      thresholdValue: input.rule.thresholdValue,
      frequency: input.rule.frequency,
    },
    alerts: input.alerts,
    dashboardUrl: dashboardUrl(input.appUrl),
  };
}

/** Spec §7: the test alert links to origin plus /dashboard. */
export function dashboardUrl(appUrl: string): string {
  return `${appUrl}/dashboard`;
}

/** The property's health report (spec §2 /data-sources/{id}/health). */
export function reportUrl(appUrl: string, dataSourceId: string): string {
  return `${appUrl}/data-sources/${dataSourceId}/health`;
}
