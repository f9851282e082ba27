import type { AlertRule } from "@utmost/contracts";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useDeleteAlertRule } from "../api/alert-rules";
import { describeTrigger } from "../utils/describe-rule";

/** The confirmation before a rule and its delivery log are deleted. */
export function DeleteAlertRuleDialog({
  workspaceId,
  rule,
  onClose,
}: {
  workspaceId: string;
  rule: AlertRule | null;
  onClose: () => void;
}) {
  const remove = useDeleteAlertRule(workspaceId, { onSuccess: onClose });
  return (
    <ConfirmDialog
      open={rule !== null}
      title="Delete alert rule?"
      description={
        rule
          ? `The rule "${describeTrigger(rule)}" to ${rule.destination} and its delivery log will be deleted. No further alerts are sent for it.`
          : ""
      }
      confirmLabel="Delete Alert Rule"
      pending={remove.isPending}
      onConfirm={() => {
        if (rule) remove.mutate(rule);
      }}
      onClose={onClose}
    />
  );
}
