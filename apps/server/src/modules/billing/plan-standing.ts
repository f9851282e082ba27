import {
  PAYMENT_FAILURE_GRACE_DAYS,
  type PaymentGrace,
  type Plan,
  planOf,
  type SubscriptionTier,
} from "@utmost/contracts";
import { subscriptions } from "../../db/schema.ts";

/**
 * Which plan's features apply to an account: the one question every plan gate asks (scan
 * cadence, alert channels, CSV exports, white-label reports, the multi-client dashboard, API
 * access). Spec §9 legal facts: a failed payment is retried up to 3 times and the account is
 * downgraded after 7 days, so the paid plan holds for those 7 days and not a moment longer,
 * whether or not the downgrade job has run yet.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What of a subscription decides the plan that applies. */
export interface PlanStanding {
  tier: SubscriptionTier;
  status: string;
  paymentFailedAt: Date | null;
}

/** The columns of a `PlanStanding`, for a query that joins the subscription. */
export const planStandingColumns = {
  tier: subscriptions.tier,
  status: subscriptions.status,
  paymentFailedAt: subscriptions.paymentFailedAt,
};

/** When an account whose payment failed at `failedAt` moves to Free (spec §9: 7 days). */
export function downgradeDate(failedAt: Date): Date {
  return new Date(failedAt.getTime() + PAYMENT_FAILURE_GRACE_DAYS * DAY_MS);
}

/**
 * The tier whose features apply at `now`: the subscription's tier while it is active, and while
 * its renewal payment failed less than 7 days ago; Free after that, on any other status (ended,
 * paused), and with no subscription at all.
 */
export function effectiveTier(
  standing: PlanStanding | null | undefined,
  now: Date,
): SubscriptionTier {
  if (!standing) return "free";
  if (standing.paymentFailedAt) {
    return now < downgradeDate(standing.paymentFailedAt) ? standing.tier : "free";
  }
  return standing.status === "active" ? standing.tier : "free";
}

/** The plan whose features apply at `now` (see `effectiveTier`). */
export function effectivePlan(standing: PlanStanding | null | undefined, now: Date): Plan {
  return planOf(effectiveTier(standing, now));
}

/**
 * A paid plan's failed renewal as the app tells it: when it failed and when the plan ends. Null
 * when nothing failed. Stays until the downgrade job (or a payment) settles it, so the notice
 * never disappears before the account is on Free.
 */
export function paymentGrace(standing: PlanStanding | null | undefined): PaymentGrace | null {
  if (!standing?.paymentFailedAt || standing.tier === "free") return null;
  return {
    tier: standing.tier,
    failedAt: standing.paymentFailedAt.toISOString(),
    endsAt: downgradeDate(standing.paymentFailedAt).toISOString(),
  };
}
