import { Check } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EXTRA_PROPERTY_PRICE_USD, MONEY_BACK_GUARANTEE_DAYS, PLANS } from "../plans";

function propertiesLabel(count: number): string {
  return `${count} analytics ${count === 1 ? "property" : "properties"}`;
}

export function PricingSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section id="pricing" className="border-t bg-muted/30 py-20">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 className="text-3xl font-bold tracking-tight">Pricing</h2>
          <p className="mt-3 text-muted-foreground">
            Start free with one property. Upgrade when you need more scans, alerts and properties.
          </p>
        </div>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <Card key={plan.tier} className="flex flex-col">
              <CardHeader>
                <CardTitle>{plan.name}</CardTitle>
                <CardDescription>{propertiesLabel(plan.properties)}</CardDescription>
                <p className="pt-2">
                  <span className="text-4xl font-bold">${plan.priceUsd}</span>
                  <span className="text-muted-foreground">/month</span>
                </p>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-6">
                <ul className="flex flex-1 flex-col gap-2 text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Button asChild variant={plan.tier === "free" ? "outline" : "default"}>
                  {signedIn ? (
                    <Link to={plan.tier === "free" ? "/dashboard" : "/settings/billing"}>
                      {plan.tier === "free" ? "Go to Dashboard" : `Choose ${plan.name}`}
                    </Link>
                  ) : (
                    <Link to="/auth?mode=signup">
                      {plan.tier === "free" ? "Start Free" : `Choose ${plan.name}`}
                    </Link>
                  )}
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Extra properties ${EXTRA_PROPERTY_PRICE_USD}/month each. {MONEY_BACK_GUARANTEE_DAYS}-day
          money-back guarantee on paid plans.
        </p>
      </div>
    </section>
  );
}
