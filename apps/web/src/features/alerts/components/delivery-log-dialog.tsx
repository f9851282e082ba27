import type {
  AlertDelivery,
  AlertDeliveryKind,
  AlertDeliveryStatus,
  AlertRule,
} from "@utmost/contracts";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useAlertDeliveries } from "../api/alert-deliveries";
import { describeTrigger } from "../utils/describe-rule";

const KIND_LABELS: Record<AlertDeliveryKind, string> = {
  realtime: "Alert",
  digest: "Digest",
  test: "Test alert",
};

const STATUS: Record<AlertDeliveryStatus, { label: string; variant: BadgeProps["variant"] }> = {
  pending: { label: "Pending", variant: "secondary" },
  retrying: { label: "Retrying", variant: "warning" },
  delivered: { label: "Delivered", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
};

function DeliveryItem({ delivery }: { delivery: AlertDelivery }) {
  const status = STATUS[delivery.status];
  const count =
    delivery.kind === "digest"
      ? ` · ${delivery.alertCount} alert${delivery.alertCount === 1 ? "" : "s"}`
      : "";
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">
          {KIND_LABELS[delivery.kind]}
          <span className="font-normal text-muted-foreground">
            {count} · {formatDateTime(delivery.createdAt)}
          </span>
        </p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {delivery.attempts} attempt{delivery.attempts === 1 ? "" : "s"}
        {delivery.deliveredAt ? ` · delivered ${formatDateTime(delivery.deliveredAt)}` : ""}
      </p>
      {delivery.lastError ? <p className="text-xs text-destructive">{delivery.lastError}</p> : null}
    </li>
  );
}

/** A rule's delivery log (issue 7): each message, its status, attempts and last error. */
export function DeliveryLogDialog({
  rule,
  onClose,
}: {
  rule: AlertRule | null;
  onClose: () => void;
}) {
  const deliveries = useAlertDeliveries(rule?.id ?? null);
  return (
    <Dialog
      open={rule !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delivery Log</DialogTitle>
          <DialogDescription>
            {rule ? `${describeTrigger(rule)} → ${rule.destination}` : ""}
          </DialogDescription>
        </DialogHeader>
        {deliveries.isPending ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : deliveries.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the delivery log: {errorMessage(deliveries.error)}
          </p>
        ) : deliveries.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has been sent for this rule yet.</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto">
            {deliveries.data.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
