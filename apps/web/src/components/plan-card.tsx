import type { Plan } from "@utmost/contracts";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

function propertiesLabel(count: number): string {
  return `${count} analytics ${count === 1 ? "property" : "properties"}`;
}

/**
 * One plan of the catalogue (spec §9) as a card: name, properties, monthly price, features, and
 * the action the page offers for it (sign up, checkout, current plan).
 */
export function PlanCard({
  plan,
  action,
  priceClassName = "text-3xl",
}: {
  plan: Plan;
  action: ReactNode;
  priceClassName?: string;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>{plan.name}</CardTitle>
        <CardDescription>{propertiesLabel(plan.properties)}</CardDescription>
        <p className="pt-2">
          <span className={cn("font-bold", priceClassName)}>${plan.priceUsd}</span>
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
        {action}
      </CardContent>
    </Card>
  );
}
