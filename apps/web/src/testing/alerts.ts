import type { AlertDelivery, AlertRule } from "@utmost/contracts";

/** Alert objects for tests, valid by default like the factories beside them. */

export function makeAlertRule(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: crypto.randomUUID(),
    workspaceId: crypto.randomUUID(),
    dataSourceId: null,
    dataSource: null,
    alertType: "email",
    triggerCondition: "score_drops_below",
    thresholdValue: 70,
    frequency: "daily",
    destination: "alerts@example.com",
    recipientStatus: "confirmed",
    isActive: true,
    lastTriggeredAt: null,
    createdAt: "2025-11-01T10:00:00.000Z",
    updatedAt: "2025-11-01T10:00:00.000Z",
    lastDelivery: null,
    ...overrides,
  };
}

export function makeAlertDelivery(overrides: Partial<AlertDelivery> = {}): AlertDelivery {
  return {
    id: crypto.randomUUID(),
    alertRuleId: crypto.randomUUID(),
    kind: "test",
    status: "delivered",
    attempts: 1,
    lastError: null,
    alertCount: 1,
    createdAt: "2025-11-02T10:00:00.000Z",
    lastAttemptAt: "2025-11-02T10:00:00.000Z",
    deliveredAt: "2025-11-02T10:00:01.000Z",
    ...overrides,
  };
}
