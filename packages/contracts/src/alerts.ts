import { z } from "zod";
import { HealthGradeSchema } from "./scans.ts";
import { text } from "./text.ts";

/**
 * Alert rules (spec §2 /alert-settings, §3 alert_rules, §5 alert rule form, §7 send-alert,
 * §8 messages) and what their deliveries carry (issue 7).
 */

export const AlertTypeSchema = z.enum(["email", "slack", "webhook"], {
  error: "Alert type must be email, slack or webhook",
});
export type AlertType = z.infer<typeof AlertTypeSchema>;

export const AlertTriggerSchema = z.enum(
  ["score_drops_below", "new_critical_issue", "new_warning_issue", "scan_completed"],
  {
    error:
      "Trigger condition must be score_drops_below, new_critical_issue, new_warning_issue or scan_completed",
  },
);
export type AlertTrigger = z.infer<typeof AlertTriggerSchema>;

export const AlertFrequencySchema = z.enum(["realtime", "daily", "weekly"], {
  error: "Frequency must be realtime, daily or weekly",
});
export type AlertFrequency = z.infer<typeof AlertFrequencySchema>;

/** Spec §9: alert threshold 0-100, default 70. */
export const DEFAULT_ALERT_THRESHOLD = 70;

/** Spec §5 form defaults: email, score_drops_below, daily. */
export const ALERT_RULE_DEFAULTS = {
  alertType: "email",
  triggerCondition: "score_drops_below",
  thresholdValue: DEFAULT_ALERT_THRESHOLD,
  dataSourceId: null,
  frequency: "daily",
  destination: "",
} as const;

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  email: "Email",
  slack: "Slack",
  webhook: "Webhook",
};

/** Spec §5: the destination field is labelled by type. */
export const ALERT_DESTINATION_LABELS: Record<AlertType, string> = {
  email: "Email Address",
  slack: "Slack Webhook URL",
  webhook: "Webhook URL",
};

export const ALERT_TRIGGER_LABELS: Record<AlertTrigger, string> = {
  score_drops_below: "Score drops below",
  new_critical_issue: "New critical issue",
  new_warning_issue: "New warning issue",
  scan_completed: "Scan completed",
};

export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  realtime: "Realtime",
  daily: "Daily digest",
  weekly: "Weekly digest",
};

/**
 * `POST /api/workspaces/:workspaceId/alert-rules` and `PUT /api/alert-rules/:alertRuleId`
 * (an edit rewrites the whole rule, spec §4). `thresholdValue` counts only for
 * `score_drops_below` (absent: 70) and is stored as null for every other trigger (spec §5).
 * `dataSourceId` null means every property of the workspace. The destination is an email address
 * for email rules and an http(s) URL for Slack and webhook rules ('Destination is required').
 */
export const AlertRuleInputSchema = z
  .object({
    alertType: AlertTypeSchema.default(ALERT_RULE_DEFAULTS.alertType),
    triggerCondition: AlertTriggerSchema.default(ALERT_RULE_DEFAULTS.triggerCondition),
    thresholdValue: z
      .number({ error: "Threshold must be a number from 0 to 100" })
      .int("Threshold must be a whole number")
      .min(0, "Threshold must be a number from 0 to 100")
      .max(100, "Threshold must be a number from 0 to 100")
      .nullish(),
    dataSourceId: z.uuid("Analytics property not found").nullish(),
    frequency: AlertFrequencySchema.default(ALERT_RULE_DEFAULTS.frequency),
    destination: text("Destination")
      .trim()
      .min(1, "Destination is required")
      .max(2000, "Destination must be at most 2000 characters"),
  })
  .superRefine((rule, ctx) => {
    if (!rule.destination) return;
    if (rule.alertType === "email") {
      if (!z.email().safeParse(rule.destination).success) {
        ctx.addIssue({
          code: "custom",
          path: ["destination"],
          message: "Email Address must be a valid email address",
        });
      }
      return;
    }
    if (!isHttpUrl(rule.destination)) {
      ctx.addIssue({
        code: "custom",
        path: ["destination"],
        message: `${ALERT_DESTINATION_LABELS[rule.alertType]} must be an http:// or https:// URL`,
      });
    }
  })
  .transform((rule) => ({
    ...rule,
    dataSourceId: rule.dataSourceId ?? null,
    thresholdValue:
      rule.triggerCondition === "score_drops_below"
        ? (rule.thresholdValue ?? DEFAULT_ALERT_THRESHOLD)
        : null,
  }));
/** What the form sends. */
export type AlertRuleInput = z.input<typeof AlertRuleInputSchema>;
/** What the server stores, defaults applied. */
export type AlertRuleValues = z.output<typeof AlertRuleInputSchema>;

export const CreateAlertRuleRequestSchema = AlertRuleInputSchema;
export type CreateAlertRuleRequest = AlertRuleInput;
export const UpdateAlertRuleRequestSchema = AlertRuleInputSchema;
export type UpdateAlertRuleRequest = AlertRuleInput;

/** `PATCH /api/alert-rules/:alertRuleId`: the Status switch. */
export const ToggleAlertRuleRequestSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
});
export type ToggleAlertRuleRequest = z.infer<typeof ToggleAlertRuleRequestSchema>;

/** An absolute http(s) URL; no other scheme is ever fetched. */
const HttpUrlSchema = z.url({ protocol: /^https?$/ });

function isHttpUrl(value: string): boolean {
  return HttpUrlSchema.safeParse(value).success;
}

export const AlertDeliveryStatusSchema = z.enum(["pending", "retrying", "delivered", "failed"]);
export type AlertDeliveryStatus = z.infer<typeof AlertDeliveryStatusSchema>;

/** realtime: one alert sent at once; digest: a daily or weekly batch; test: Send test alert. */
export const AlertDeliveryKindSchema = z.enum(["realtime", "digest", "test"]);
export type AlertDeliveryKind = z.infer<typeof AlertDeliveryKindSchema>;

/** One message to a rule's destination and how it went: the delivery log (issue 7). */
export const AlertDeliverySchema = z.object({
  id: z.uuid(),
  alertRuleId: z.uuid(),
  kind: AlertDeliveryKindSchema,
  status: AlertDeliveryStatusSchema,
  /** Attempts made so far (0 while the first is queued). */
  attempts: z.number().int(),
  /** Why the latest attempt failed ("HTTP 500 from the webhook", "timed out after 10 s"). */
  lastError: z.string().nullable(),
  /** The alerts it carries: 1 for realtime and test, 1 or more for a digest. */
  alertCount: z.number().int(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type AlertDelivery = z.infer<typeof AlertDeliverySchema>;

export const AlertRecipientStatusSchema = z.enum(["confirmed", "awaiting_confirmation"]);
export type AlertRecipientStatus = z.infer<typeof AlertRecipientStatusSchema>;

/** One alert rule as the Alert Settings table shows it (spec §2, §7 alert_rules read). */
export const AlertRuleSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  /** Null: every property of the workspace. */
  dataSourceId: z.uuid().nullable(),
  /** The property it watches (spec §7: id, name, ga4_account_name); null for all properties. */
  dataSource: z
    .object({ id: z.uuid(), name: z.string(), ga4AccountName: z.string().nullable() })
    .nullable(),
  alertType: AlertTypeSchema,
  triggerCondition: AlertTriggerSchema,
  /** 0-100 for score_drops_below; null otherwise. */
  thresholdValue: z.number().int().min(0).max(100).nullable(),
  frequency: AlertFrequencySchema,
  /** Email address, Slack webhook URL or webhook URL (spec §3 notification_config). */
  destination: z.string(),
  /**
   * An email rule's recipient: `confirmed` for a verified member of the workspace or an address
   * that confirmed the mailed link; `awaiting_confirmation` until then, and no alert mail goes
   * there (issue 21). Null for Slack and webhook rules.
   */
  recipientStatus: AlertRecipientStatusSchema.nullable(),
  isActive: z.boolean(),
  /** When it last fired (an alert was raised by a scan); null shows 'Never'. */
  lastTriggeredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The newest delivery (test or real), for a status hint beside the rule; null before any. */
  lastDelivery: AlertDeliverySchema.nullable(),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

/** `GET /api/workspaces/:workspaceId/alert-rules`: newest first (spec §7). */
export const AlertRuleListResponseSchema = z.object({ alertRules: z.array(AlertRuleSchema) });
export type AlertRuleListResponse = z.infer<typeof AlertRuleListResponseSchema>;

/** The answer of create, edit and toggle. */
export const AlertRuleResponseSchema = z.object({
  alertRule: AlertRuleSchema,
  /**
   * The secret webhook deliveries are signed with (ADR 010): given once, when a webhook rule is
   * created or an edit turns a rule into one; null otherwise. Show it to the user to copy.
   */
  signingSecret: z.string().nullable(),
});
export type AlertRuleResponse = z.infer<typeof AlertRuleResponseSchema>;

/** `POST /api/alert-rules/:alertRuleId/signing-secret`: a new secret; the old one stops at once. */
export const SigningSecretResponseSchema = z.object({ signingSecret: z.string() });
export type SigningSecretResponse = z.infer<typeof SigningSecretResponseSchema>;

/**
 * `POST /api/alert-rules/:alertRuleId/test` (spec §7 send-alert test): sends the spec's sample
 * (score 75, 2 critical, 5 warnings, no scan, a link to the dashboard) to the destination now,
 * one attempt, and answers once the destination accepted it ('Test alert sent successfully').
 * A refusal answers 502 ALERT_DELIVERY_FAILED with the reason ('Failed to send test alert: ...').
 */
export const SendTestAlertRequestSchema = z.object({}).optional();
export const SendTestAlertResponseSchema = z.object({ delivery: AlertDeliverySchema });
export type SendTestAlertResponse = z.infer<typeof SendTestAlertResponseSchema>;

/** `GET /api/alert-rules/:alertRuleId/deliveries`: the delivery log, newest first. */
export const AlertDeliveryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AlertDeliveryListResponseSchema = z.object({
  deliveries: z.array(AlertDeliverySchema),
});
export type AlertDeliveryListResponse = z.infer<typeof AlertDeliveryListResponseSchema>;

export const AlertRuleIdParamsSchema = z.object({
  alertRuleId: z.uuid("Alert rule not found"),
});

/** Spec §7 and §9: the test alert's sample numbers. */
export const TEST_ALERT_SAMPLE = {
  scanId: null,
  healthScore: 75,
  criticalIssuesCount: 2,
  warningIssuesCount: 5,
} as const;

// ---- What webhook receivers get (ADR 010) ----

/** The version of the webhook body; a change that breaks receivers gets a new date. */
export const ALERT_WEBHOOK_VERSION = "2026-11-01";
/** Header names of a signed webhook delivery (ADR 010). */
export const ALERT_SIGNATURE_HEADER = "X-Utmost-Signature";
export const ALERT_TIMESTAMP_HEADER = "X-Utmost-Timestamp";
export const ALERT_DELIVERY_HEADER = "X-Utmost-Delivery";

/** One alert: what a scan of one property raised for one rule. */
export const AlertPayloadItemSchema = z.object({
  trigger: AlertTriggerSchema,
  occurredAt: z.iso.datetime(),
  dataSource: z.object({ id: z.uuid(), name: z.string(), ga4PropertyId: z.string() }).nullable(),
  scanId: z.uuid().nullable(),
  healthScore: z.number().int().min(0).max(100).nullable(),
  healthGrade: HealthGradeSchema.nullable(),
  /** The previous completed scan's score, for score_drops_below; null when none. */
  previousHealthScore: z.number().int().nullable(),
  thresholdValue: z.number().int().nullable(),
  criticalIssuesCount: z.number().int(),
  warningIssuesCount: z.number().int(),
  passedChecksCount: z.number().int().nullable(),
  /** The issues first detected or re-opened by this scan, for the new-issue triggers. */
  issues: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      severity: z.enum(["critical", "warning", "info"]),
      issueType: z.string(),
      affectedSessionsCount: z.number().int(),
      reopened: z.boolean(),
    }),
  ),
  /** The property's health report, or the dashboard when there is no property. */
  reportUrl: z.url(),
});
export type AlertPayloadItem = z.infer<typeof AlertPayloadItemSchema>;

/** The JSON body of a generic webhook delivery. */
export const AlertWebhookBodySchema = z.object({
  version: z.literal(ALERT_WEBHOOK_VERSION),
  /** alert.triggered: one realtime alert; alert.digest: a daily or weekly batch; alert.test. */
  event: z.enum(["alert.triggered", "alert.digest", "alert.test"]),
  deliveryId: z.uuid(),
  createdAt: z.iso.datetime(),
  workspace: z.object({ id: z.uuid(), name: z.string() }),
  rule: z.object({
    id: z.uuid(),
    alertType: AlertTypeSchema,
    triggerCondition: AlertTriggerSchema,
    thresholdValue: z.number().int().nullable(),
    frequency: AlertFrequencySchema,
  }),
  alerts: z.array(AlertPayloadItemSchema),
  dashboardUrl: z.url(),
});
export type AlertWebhookBody = z.infer<typeof AlertWebhookBodySchema>;

/**
 * `POST /api/alert-recipients/confirm` (public): the recipient of an email alert rule confirms,
 * with the single-use token of the mailed link, that the workspace may send them alerts.
 */
export const ConfirmAlertRecipientRequestSchema = z.object({
  token: text("Confirmation token").min(1, "Confirmation token is required").max(200),
});
export type ConfirmAlertRecipientRequest = z.infer<typeof ConfirmAlertRecipientRequestSchema>;
export const ConfirmAlertRecipientResponseSchema = z.object({
  email: z.string(),
  workspaceName: z.string(),
});
export type ConfirmAlertRecipientResponse = z.infer<typeof ConfirmAlertRecipientResponseSchema>;
