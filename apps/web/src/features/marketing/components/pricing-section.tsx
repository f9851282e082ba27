import {
  EXTRA_PROPERTY_PRICE_USD,
  MONEY_BACK_GUARANTEE_DAYS,
  type PaidTier,
  PLAN_LIST,
  type Plan,
  type SubscriptionTier,
} from "@utmost/contracts";
import { Link } from "react-router";
import { PlanCard } from "@/components/plan-card";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { MarketingSection } from "./section";

/** How a signed-in visitor buys a plan; the landing route brings it (spec §7 checkout). */
export interface PlanCheckout {
  start: (tier: PaidTier) => void;
  isBusy: boolean;
  pendingTier: PaidTier | null;
}

/** Who is looking: signed out, or signed in on a plan (null when they have no subscription). */
export type PricingViewer = { signedIn: false } | { signedIn: true; tier: SubscriptionTier | null };

/**
 * A plan's button for who is looking. `data-plan-action` marks it for the landing page's own
 * script (src/landing/), which swaps it in the HTML rendered at build for a signed-in visitor.
 */
export function PlanButton({
  plan,
  viewer,
  checkout,
}: {
  plan: Plan;
  viewer: PricingViewer;
  checkout: PlanCheckout;
}) {
  const variant = plan.tier === "free" ? "outline" : "default";
  if (!viewer.signedIn) {
    return (
      <Button asChild variant={variant} data-plan-action={plan.tier}>
        <Link to="/auth?mode=signup">
          {plan.tier === "free" ? "Start Free" : `Choose ${plan.name}`}
        </Link>
      </Button>
    );
  }
  if (viewer.tier === plan.tier) {
    return (
      <Button variant="outline" disabled data-plan-action={plan.tier}>
        Current plan
      </Button>
    );
  }
  // Spec §5: pricing buttons act only for a plan with a tier to buy; Free has none.
  if (plan.tier === "free") {
    return (
      <Button asChild variant={variant} data-plan-action={plan.tier}>
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    );
  }
  const tier = plan.tier;
  return (
    <Button
      variant={variant}
      disabled={checkout.isBusy}
      aria-busy={checkout.pendingTier === tier}
      onClick={() => checkout.start(tier)}
      data-plan-action={tier}
    >
      {checkout.pendingTier === tier ? <Spinner /> : null}
      Choose {plan.name}
    </Button>
  );
}

export function PricingSection({
  viewer,
  checkout,
}: {
  viewer: PricingViewer;
  checkout: PlanCheckout;
}) {
  return (
    <MarketingSection
      id="pricing"
      title="Pricing"
      lead="Start free with one property. Upgrade when you need more scans, alerts and properties."
      className="bg-muted/30"
    >
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {PLAN_LIST.map((plan) => (
          <PlanCard
            key={plan.tier}
            plan={plan}
            priceClassName="text-4xl"
            action={<PlanButton plan={plan} viewer={viewer} checkout={checkout} />}
          />
        ))}
      </div>
      <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-pretty text-muted-foreground">
        Extra properties ${EXTRA_PROPERTY_PRICE_USD}/month each. {MONEY_BACK_GUARANTEE_DAYS}-day
        money-back guarantee on paid plans. Unlimited team members and workspaces on every plan.
      </p>
    </MarketingSection>
  );
}
