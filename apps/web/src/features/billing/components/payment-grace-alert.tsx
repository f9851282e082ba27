import { type PaymentGrace, TIER_LABELS, type WorkspaceSummary } from "@utmost/contracts";
import { AlertTriangle, CreditCard } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";

/**
 * Spec §9 legal facts: a failed payment is retried, and 7 days after it the account moves to
 * Free. Until then the paid plan keeps working; this says so, and when it ends. `payer` is who
 * reads it: the account holder, or a member of a workspace whose owner pays.
 */
export function PaymentGraceAlert({
  grace,
  payer,
  action,
}: {
  grace: PaymentGrace;
  payer: "self" | "owner";
  /** The way to pay: a button or link under the text. */
  action?: ReactNode;
}) {
  const plan = TIER_LABELS[grace.tier];
  const failedOn = formatDate(grace.failedAt);
  const endsOn = formatDate(grace.endsAt);
  return (
    <Alert variant="destructive">
      <AlertTriangle aria-hidden />
      <AlertTitle>Payment failed</AlertTitle>
      <AlertDescription>
        {payer === "self" ? (
          <p>
            Your payment failed on {failedOn}. Your {plan} plan ends on {endsOn} unless the payment
            goes through. Until then everything in your plan keeps working; after it the account
            moves to the Free plan, and properties over its limit are kept but paused.
          </p>
        ) : (
          <p>
            The workspace owner's payment failed on {failedOn}. This workspace's {plan} plan ends on{" "}
            {endsOn} unless the payment goes through; after it the workspace moves to the Free plan.
          </p>
        )}
        {action ? <div>{action}</div> : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * The notice on a workspace's pages (the dashboard, a property's health report) while its
 * owner's payment is in its 7 days (ADR 022): the owner gets the way to the billing page, a
 * member only the date.
 */
export function WorkspacePaymentGrace({ workspace }: { workspace: WorkspaceSummary | undefined }) {
  const grace = workspace?.ownerPaymentGrace;
  if (!grace) return null;
  const payer = workspace.role === "owner" ? "self" : "owner";
  return (
    <PaymentGraceAlert
      grace={grace}
      payer={payer}
      action={
        payer === "self" ? (
          <Button asChild variant="outline" className="w-fit">
            <Link to="/settings/billing">
              <CreditCard />
              Update payment method
            </Link>
          </Button>
        ) : null
      }
    />
  );
}
