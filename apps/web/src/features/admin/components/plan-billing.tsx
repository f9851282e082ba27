import { type AdminPlanBilling, type SubscriptionTier, TIER_LABELS } from "@utmost/contracts";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";

/** Who pays for the plan, as the console names it (issue 23). */
export function planBillingLabel(billing: AdminPlanBilling): string {
  switch (billing.source) {
    case "dodo":
      return "Paid through Dodo";
    case "complimentary":
      return billing.since === null
        ? "Complimentary"
        : `Complimentary since ${formatDate(billing.since)}`;
    case "free":
      return "Free";
  }
}

export function PlanBilling({
  billing,
  className,
}: {
  billing: AdminPlanBilling;
  className?: string;
}) {
  return (
    <span
      className={cn(billing.source === "dodo" ? undefined : "text-muted-foreground", className)}
    >
      {planBillingLabel(billing)}
    </span>
  );
}

/**
 * What saving `next` does beyond this app, so the administrator knows before they save: a plan
 * Dodo bills is cancelled now or changed with proration at Dodo; a paid plan without Dodo is
 * complimentary. Null when nothing happens outside the app.
 */
export function planChangeNote(
  billing: AdminPlanBilling,
  current: SubscriptionTier,
  next: SubscriptionTier,
): string | null {
  if (billing.source === "dodo") {
    if (next === "free") {
      return "Saving cancels the customer's Dodo subscription now: nothing more is charged.";
    }
    if (next !== current) {
      return `Saving moves the customer's Dodo subscription to ${TIER_LABELS[next]} now, prorated: an upgrade charges the difference for the rest of the period to their card.`;
    }
    return null;
  }
  if (next === "free") return null;
  return "No Dodo subscription: the plan is complimentary, nothing is charged, and Dodo's events do not change it.";
}
