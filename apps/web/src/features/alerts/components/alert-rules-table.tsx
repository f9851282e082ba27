import {
  ALERT_FREQUENCY_LABELS,
  ALERT_TYPE_LABELS,
  type AlertRule,
  type AlertType,
} from "@utmost/contracts";
import { History, Mail, MessageSquare, Pencil, Send, Trash2, Webhook } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatDate, formatDateTime } from "@/lib/format";
import { useSendTestAlert, useToggleAlertRule } from "../api/alert-rules";
import { describeScope, describeTrigger } from "../utils/describe-rule";

const TYPE_ICONS: Record<AlertType, typeof Mail> = {
  email: Mail,
  slack: MessageSquare,
  webhook: Webhook,
};

/** `/alert-settings` table (spec §2): one row per rule with its switch and actions. */
export function AlertRulesTable({
  workspaceId,
  rules,
  onEdit,
  onDelete,
  onShowLog,
}: {
  workspaceId: string;
  rules: AlertRule[];
  onEdit: (rule: AlertRule) => void;
  onDelete: (rule: AlertRule) => void;
  onShowLog: (rule: AlertRule) => void;
}) {
  const toggle = useToggleAlertRule(workspaceId);
  const sendTest = useSendTestAlert(workspaceId);
  const testingId = sendTest.isPending ? sendTest.variables?.id : undefined;
  const togglingId = toggle.isPending ? toggle.variables?.id : undefined;

  return (
    <Card>
      <Table stackOnPhone>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Status</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Trigger Condition</TableHead>
            <TableHead>Data Source</TableHead>
            <TableHead>Frequency</TableHead>
            <TableHead>Last Triggered</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rules.map((rule) => {
            const Icon = TYPE_ICONS[rule.alertType];
            const trigger = describeTrigger(rule);
            return (
              <TableRow
                key={rule.id}
                aria-label={`${ALERT_TYPE_LABELS[rule.alertType]}: ${trigger}`}
              >
                <TableCell data-label="Status">
                  <Switch
                    checked={rule.isActive}
                    disabled={togglingId === rule.id}
                    aria-label={rule.isActive ? "Turn alert rule off" : "Turn alert rule on"}
                    onCheckedChange={(isActive) => toggle.mutate({ id: rule.id, isActive })}
                  />
                </TableCell>
                <TableCell className="min-w-36" data-primary>
                  <p className="flex items-center gap-2 font-medium">
                    <Icon className="size-4 text-muted-foreground" aria-hidden />
                    {ALERT_TYPE_LABELS[rule.alertType]}
                  </p>
                  <p
                    className="max-w-44 truncate text-xs text-muted-foreground"
                    title={rule.destination}
                  >
                    {rule.destination}
                  </p>
                  {rule.recipientStatus === "awaiting_confirmation" ? (
                    <Badge
                      variant="warning"
                      className="mt-1"
                      title="We mailed this address a link. No alert goes there until it is confirmed."
                    >
                      Awaiting confirmation
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell className="whitespace-nowrap" data-label="Trigger Condition">
                  {trigger}
                </TableCell>
                <TableCell className="min-w-28" data-label="Data Source">
                  {describeScope(rule)}
                </TableCell>
                <TableCell className="whitespace-nowrap" data-label="Frequency">
                  {ALERT_FREQUENCY_LABELS[rule.frequency]}
                </TableCell>
                <TableCell className="whitespace-nowrap" data-label="Last Triggered">
                  {rule.lastTriggeredAt ? (
                    <time
                      dateTime={rule.lastTriggeredAt}
                      title={formatDateTime(rule.lastTriggeredAt)}
                    >
                      {formatDate(rule.lastTriggeredAt)}
                    </time>
                  ) : (
                    "Never"
                  )}
                </TableCell>
                <TableCell data-actions>
                  {/* Icon buttons keep seven columns within a laptop screen; the label names them. */}
                  <div className="flex items-center justify-end">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Send test alert"
                      title="Send test alert"
                      disabled={testingId !== undefined}
                      onClick={() => sendTest.mutate(rule)}
                    >
                      {testingId === rule.id ? <Spinner /> : <Send />}
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Delivery log"
                      title="Delivery log"
                      onClick={() => onShowLog(rule)}
                    >
                      <History />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Edit"
                      title="Edit alert rule"
                      onClick={() => onEdit(rule)}
                    >
                      <Pencil />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="Delete"
                      title="Delete alert rule"
                      className="text-destructive hover:text-destructive"
                      onClick={() => onDelete(rule)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Card>
  );
}
