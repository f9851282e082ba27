import { type BillingMode, PAID_TIERS, PLANS, TEST_CARD_HINT } from "@utmost/contracts";
import { FlaskConical, Info } from "lucide-react";
import { PlanCard } from "@/components/plan-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCheckout } from "../api/create-checkout";

/** Spec §2 /settings billing: the paid plans offered to a user on Free. */
export function UpgradePlans({ mode }: { mode: BillingMode | null }) {
  const checkout = useCheckout();
  const canBuy = mode !== null;

  return (
    <section aria-labelledby="upgrade-plans" className="flex flex-col gap-4">
      <h2 id="upgrade-plans" className="text-lg font-semibold">
        Upgrade your plan
      </h2>
      {mode === "test" ? (
        <Alert variant="warning">
          <FlaskConical aria-hidden />
          <AlertTitle>Test Mode Active</AlertTitle>
          <AlertDescription>{TEST_CARD_HINT}</AlertDescription>
        </Alert>
      ) : null}
      {canBuy ? null : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Info className="size-4 shrink-0" aria-hidden />
          Plans cannot be bought on this deployment: no payment provider is configured.
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-3">
        {PAID_TIERS.map((tier) => {
          const plan = PLANS[tier];
          return (
            <PlanCard
              key={tier}
              plan={plan}
              action={
                <Button
                  disabled={!canBuy || checkout.isBusy}
                  aria-busy={checkout.pendingTier === tier}
                  onClick={() => checkout.start(tier)}
                >
                  {checkout.pendingTier === tier ? <Spinner /> : null}
                  Upgrade to {plan.name}
                </Button>
              }
            />
          );
        })}
      </div>
    </section>
  );
}
