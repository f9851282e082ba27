import type { BillingOverview, Subscription } from "@utmost/contracts";
import { TIER_LABELS } from "@utmost/contracts";
import { AlertTriangle, CreditCard } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useBilling } from "../api/get-billing";
import { useOpenPortal } from "../api/open-portal";
import { PaidPlanDetails } from "./paid-plan-details";
import { UpgradePlans } from "./upgrade-plans";

/** Statuses under which the provider is not being paid. */
const FAILING_STATUSES = new Set(["on_hold", "failed", "past_due"]);

function statusVariant(status: string): BadgeProps["variant"] {
  if (status === "active") return "success";
  if (FAILING_STATUSES.has(status)) return "destructive";
  return "warning";
}

function ManageSubscriptionButton() {
  const portal = useOpenPortal();
  const busy = portal.isPending || portal.isSuccess;
  return (
    <Button variant="outline" className="w-fit" disabled={busy} onClick={() => portal.mutate()}>
      {busy ? <Spinner /> : <CreditCard />}
      Manage subscription
    </Button>
  );
}

function SubscriptionCard({
  subscription,
  canManage,
}: {
  subscription: Subscription;
  canManage: boolean;
}) {
  const { tier, status, dataSourcesUsed, dataSourceLimit } = subscription;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>{TIER_LABELS[tier]} Plan</CardTitle>
          <Badge variant={statusVariant(status)} className="capitalize">
            {status.replaceAll("_", " ")}
          </Badge>
        </div>
        <CardDescription>Your personal subscription.</CardDescription>
      </CardHeader>
      <CardContent className="flex max-w-md flex-col gap-2">
        <p className="text-sm">
          {dataSourcesUsed} of {dataSourceLimit} analytics properties
        </p>
        <Progress
          value={dataSourceLimit > 0 ? Math.min(100, (dataSourcesUsed / dataSourceLimit) * 100) : 0}
          aria-label="Analytics properties used"
        />
        {canManage ? (
          <div className="pt-4">
            <ManageSubscriptionButton />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Spec §9 legal facts: a failed payment is retried, then the account moves to Free. */
function PaymentFailedAlert({ downgradeAt }: { downgradeAt: string }) {
  return (
    <Alert variant="destructive">
      <AlertTriangle aria-hidden />
      <AlertTitle>Payment failed</AlertTitle>
      <AlertDescription>
        Your last payment did not go through. The provider retries it; if it still fails, your
        account moves to the Free plan on {formatDate(downgradeAt)}. Properties over the Free limit
        are kept but paused.
      </AlertDescription>
    </Alert>
  );
}

function BillingDetails({ billing }: { billing: BillingOverview }) {
  const { subscription, mode, canManage, downgradeAt } = billing;
  if (!subscription) return <EmptyState icon={CreditCard} title="No active subscription" />;
  return (
    <div className="flex flex-col gap-6">
      {downgradeAt ? <PaymentFailedAlert downgradeAt={downgradeAt} /> : null}
      <SubscriptionCard subscription={subscription} canManage={canManage} />
      {subscription.tier === "free" ? <UpgradePlans mode={mode} /> : null}
      {subscription.tier !== "free" && canManage ? <PaidPlanDetails /> : null}
    </div>
  );
}

/** Spec §2 /settings/billing: the user's own plan; upgrade cards only on Free. */
export function BillingSettings() {
  const billing = useBilling();
  if (billing.isPending) return <Skeleton className="h-40" />;
  if (billing.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load billing: {errorMessage(billing.error)}
      </p>
    );
  }
  return <BillingDetails billing={billing.data} />;
}
