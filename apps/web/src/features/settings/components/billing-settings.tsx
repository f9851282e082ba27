import { type Subscription, TIER_LABELS } from "@utmost/contracts";
import { CreditCard } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Progress } from "@/components/ui/progress";

export function BillingSettings({ subscription }: { subscription: Subscription | null }) {
  if (!subscription) return <EmptyState icon={CreditCard} title="No active subscription" />;
  const { tier, status, dataSourcesUsed, dataSourceLimit } = subscription;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>{TIER_LABELS[tier]} Plan</CardTitle>
          <Badge variant={status === "active" ? "success" : "warning"} className="capitalize">
            {status}
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
      </CardContent>
    </Card>
  );
}
