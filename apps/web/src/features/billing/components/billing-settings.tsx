import type { BillingOverview, Subscription } from "@utmost/contracts";
import { TIER_LABELS } from "@utmost/contracts";
import { CreditCard } from "lucide-react";
import { useSearchParams } from "react-router";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useBilling } from "../api/get-billing";
import { useOpenPortal } from "../api/open-portal";
import { ONE_MORE_PARAM } from "./add-on-properties";
import { PaidPlanDetails } from "./paid-plan-details";
import { PaymentGraceAlert } from "./payment-grace-alert";
import { UpgradePlans } from "./upgrade-plans";

/** Statuses under which the provider is not being paid. */
const FAILING_STATUSES = new Set(["on_hold", "failed", "past_due"]);

function statusVariant(status: string): BadgeProps["variant"] {
  if (status === "active") return "success";
  if (FAILING_STATUSES.has(status)) return "destructive";
  return "warning";
}

/** Opens the provider's customer portal: cancel the plan, change the card. */
function PortalButton({ label, variant }: { label: string; variant?: "default" | "outline" }) {
  const portal = useOpenPortal();
  const busy = portal.isPending || portal.isSuccess;
  return (
    <Button variant={variant} className="w-fit" disabled={busy} onClick={() => portal.mutate()}>
      {busy ? <Spinner /> : <CreditCard />}
      {label}
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
            <PortalButton label="Manage subscription" variant="outline" />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function BillingDetails({ billing }: { billing: BillingOverview }) {
  const { subscription, mode, canManage, paymentGrace, extraProperties, canBuyExtraProperties } =
    billing;
  const [searchParams] = useSearchParams();
  if (!subscription) return <EmptyState icon={CreditCard} title="No active subscription" />;
  // The limit notice's offer, on a plan nobody pays the provider for (an administrator's).
  const noProviderPlan =
    subscription.tier !== "free" && !canManage && searchParams.get(ONE_MORE_PARAM) === "1";
  return (
    <div className="flex flex-col gap-6">
      {paymentGrace ? (
        <PaymentGraceAlert
          grace={paymentGrace}
          payer="self"
          // The card is changed in the provider's portal; the provider then retries the payment.
          action={canManage ? <PortalButton label="Update payment method" /> : null}
        />
      ) : null}
      <SubscriptionCard subscription={subscription} canManage={canManage} />
      {noProviderPlan ? (
        <p role="status" className="text-sm text-muted-foreground">
          Your plan was given by an administrator, not bought: ask them for more analytics
          properties.
        </p>
      ) : null}
      {subscription.tier === "free" ? <UpgradePlans mode={mode} /> : null}
      {subscription.tier !== "free" && canManage ? (
        <PaidPlanDetails
          limit={subscription.dataSourceLimit}
          extraProperties={extraProperties}
          canBuyExtraProperties={canBuyExtraProperties}
        />
      ) : null}
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
