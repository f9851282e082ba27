import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { MeResponse } from "@utmost/contracts";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { meQueryKey, meQueryOptions } from "@/lib/auth";
import { workspacesQueryKey } from "@/lib/workspaces";
import { billingQueryKey } from "../api/get-billing";

/** How often, and for how long, `/api/me` is read again while the new plan is on its way. */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
export const PAYMENT_POLL_WINDOW_MS = 30_000;

function isUpgraded(me: MeResponse | null | undefined): boolean {
  const tier = me?.subscription?.tier;
  return tier !== undefined && tier !== "free";
}

/**
 * How the provider's checkout ended, read from the query it returns the browser with. Dodo appends
 * `status` to the return URL (`active` for a subscription, `succeeded` for a payment, `failed` when
 * the card was declined); `?payment=success` alone is the spec's success landing.
 */
export type PaymentOutcome = "succeeded" | "failed";

const SUCCESSFUL_STATUSES = new Set(["active", "succeeded"]);

export function paymentOutcome(searchParams: URLSearchParams): PaymentOutcome | null {
  if (searchParams.get("payment") !== "success") return null;
  const status = searchParams.get("status");
  return status === null || SUCCESSFUL_STATUSES.has(status) ? "succeeded" : "failed";
}

/**
 * The refetch interval for `/api/me` after a payment: every 2 s until the plan is no longer Free,
 * for at most 30 s from `deadline`; false when there is nothing to wait for.
 */
export function paymentPollInterval(
  me: MeResponse | null | undefined,
  deadline: number | null,
  now: number,
): number | false {
  if (deadline === null || now >= deadline || isUpgraded(me)) return false;
  return PAYMENT_POLL_INTERVAL_MS;
}

/**
 * Spec §4 Checkout: the provider returns the browser to `/dashboard?payment=success`. Its webhook
 * may land a moment after the redirect, so the plan is read again until it changes; the limits
 * the dashboard and the sidebar show then follow without a reload.
 */
export function usePaymentSuccess() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = paymentOutcome(searchParams);
  const [deadline, setDeadline] = useState<number | null>(null);

  useEffect(() => {
    if (outcome === null) return;
    if (outcome === "succeeded") {
      toast.success("Subscription activated!", { id: "payment-outcome" });
      setDeadline(Date.now() + PAYMENT_POLL_WINDOW_MS);
      for (const queryKey of [meQueryKey, workspacesQueryKey, billingQueryKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    } else {
      // A declined card leaves the plan as it was: say so, and keep the way back to the plans.
      toast.error("Upgrade failed", {
        id: "payment-outcome",
        description: "The payment was declined and nothing was charged. Your plan is unchanged.",
        duration: 15_000,
        action: { label: "Try again", onClick: () => navigate("/settings/billing") },
      });
    }
    // Drop the flags so a refresh does not announce it again.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ["payment", "status", "subscription_id", "payment_id"]) {
          next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  }, [outcome, setSearchParams, queryClient, navigate]);

  const me = useQuery({
    ...meQueryOptions,
    refetchInterval: (query) => paymentPollInterval(query.state.data, deadline, Date.now()),
  });
  const upgraded = isUpgraded(me.data);

  // The workspaces' limits come from their owners' plans: read them again once the plan changed.
  useEffect(() => {
    if (deadline === null || !upgraded) return;
    setDeadline(null);
    for (const queryKey of [workspacesQueryKey, billingQueryKey]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [deadline, upgraded, queryClient]);
}
