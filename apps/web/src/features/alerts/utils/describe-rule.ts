import { ALERT_TRIGGER_LABELS, type AlertRule, DEFAULT_ALERT_THRESHOLD } from "@utmost/contracts";

/** The Trigger Condition column: "Score drops below 70", "New critical issue", ... */
export function describeTrigger(rule: Pick<AlertRule, "triggerCondition" | "thresholdValue">) {
  const label = ALERT_TRIGGER_LABELS[rule.triggerCondition];
  if (rule.triggerCondition !== "score_drops_below") return label;
  return `${label} ${rule.thresholdValue ?? DEFAULT_ALERT_THRESHOLD}`;
}

/** The Data Source column: the property, or every property of the workspace. */
export function describeScope(rule: Pick<AlertRule, "dataSource">) {
  return rule.dataSource?.name ?? "All properties";
}
