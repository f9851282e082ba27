import {
  type BillingDetails,
  PAID_TIERS,
  type PaidTier,
  PLANS,
  TIER_LABELS,
} from "@utmost/contracts";
import { ArrowRightLeft, CalendarClock, CreditCard, ExternalLink, Receipt } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useBillingDetails, useChangePlan } from "../api/billing-details";
import { AddOnProperties } from "./add-on-properties";
import { formatMoney } from "./format-money";

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof CreditCard;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div>
        <dt className="text-xs text-muted-foreground">{label}</dt>
        <dd className="text-sm font-medium">{children}</dd>
      </div>
    </div>
  );
}

function ChangePlan({ details }: { details: BillingDetails }) {
  const [target, setTarget] = useState<PaidTier | null>(null);
  const change = useChangePlan({ onSuccess: () => setTarget(null) });
  const card = details.paymentMethod
    ? `${details.paymentMethod.brand} ending in ${details.paymentMethod.last4}`
    : "the card on file";
  const others = PAID_TIERS.filter((tier) => tier !== details.tier);
  return (
    <section aria-labelledby="change-plan" className="flex flex-col gap-3">
      <h3 id="change-plan" className="text-sm font-semibold">
        Change plan
      </h3>
      <p className="text-sm text-muted-foreground">
        The new plan starts at once; the rest of this billing period is prorated.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {others.map((tier) => (
          <li key={tier} className="flex items-center justify-between gap-3 rounded-lg border p-3">
            <div className="text-sm">
              <p className="font-medium">{PLANS[tier].name}</p>
              <p className="text-muted-foreground">
                ${PLANS[tier].priceUsd}/month · {PLANS[tier].properties}{" "}
                {PLANS[tier].properties === 1 ? "property" : "properties"}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={change.isPending}
              onClick={() => setTarget(tier)}
            >
              <ArrowRightLeft />
              Switch to {PLANS[tier].name}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        tone="default"
        title={target ? `Switch to ${PLANS[target].name}?` : ""}
        description={
          target
            ? `You move from ${PLANS[details.tier].name} to ${PLANS[target].name} ($${PLANS[target].priceUsd}/month) now. ${
                PLANS[target].priceUsd > PLANS[details.tier].priceUsd
                  ? `The difference for the rest of this billing period is charged to ${card}.`
                  : "Moving to a smaller plan charges nothing now; the next renewal is at the new price."
              }`
            : ""
        }
        confirmLabel={target ? `Switch to ${PLANS[target].name}` : "Switch"}
        pending={change.isPending}
        onConfirm={() => {
          if (target) change.mutate(target);
        }}
        onClose={() => setTarget(null)}
      />
    </section>
  );
}

function Invoices({ details }: { details: BillingDetails }) {
  return (
    <section aria-labelledby="invoices" className="flex flex-col gap-3">
      <h3 id="invoices" className="flex items-center gap-2 text-sm font-semibold">
        <Receipt className="size-4" aria-hidden />
        Invoices
      </h3>
      {details.invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No charges yet.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>
                <span className="sr-only">Invoice</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {details.invoices.map((invoice) => (
              <TableRow key={invoice.paymentId}>
                <TableCell>{formatDate(invoice.date)}</TableCell>
                <TableCell className="tabular-nums">
                  {formatMoney(invoice.amountCents, invoice.currency)}
                </TableCell>
                <TableCell>
                  <Badge
                    variant={invoice.status === "succeeded" ? "success" : "destructive"}
                    className="capitalize"
                  >
                    {invoice.status === "succeeded" ? "Paid" : invoice.status.replaceAll("_", " ")}
                  </Badge>
                </TableCell>
                <TableCell className="text-right">
                  {invoice.url ? (
                    <a
                      href={invoice.url}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
                    >
                      View invoice
                      <span className="sr-only"> of {formatDate(invoice.date)}</span>
                      <ExternalLink className="size-3.5" aria-hidden />
                    </a>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/**
 * Issue 22: a paid plan's billing, read live from the provider: plan and price, renewal or end
 * date, the card on file, the invoices, and a plan change in one step. Each bill line (the plan,
 * its add-on properties with issue 23) is listed as the provider bills it, and the add-on
 * properties change in one step too.
 */
export function PaidPlanDetails({
  limit,
  extraProperties,
  canBuyExtraProperties,
}: {
  limit: number;
  extraProperties: number;
  canBuyExtraProperties: boolean;
}) {
  const details = useBillingDetails(true);
  if (details.isPending) return <Skeleton className="h-64" />;
  if (details.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not read your subscription from the payment provider: {errorMessage(details.error)}
      </p>
    );
  }
  const data = details.data;
  if (!data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <CardDescription>As the payment provider bills it.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact icon={Receipt} label="Plan">
            {TIER_LABELS[data.tier]} · {formatMoney(data.amountCents, data.currency)} per month
          </Fact>
          {data.endsAt ? (
            <Fact icon={CalendarClock} label="Ends on">
              {formatDate(data.endsAt)}
            </Fact>
          ) : data.renewsAt ? (
            <Fact icon={CalendarClock} label="Renews on">
              {formatDate(data.renewsAt)}
            </Fact>
          ) : null}
          <Fact icon={CreditCard} label="Payment method">
            {data.paymentMethod
              ? `${data.paymentMethod.brand} ending in ${data.paymentMethod.last4}`
              : "None on file"}
          </Fact>
        </dl>
        {data.lines.length > 1 ? (
          <ul className="text-sm">
            {data.lines.map((line) => (
              <li key={`${line.kind}-${line.name}`}>
                {line.name}
                {line.quantity > 1 ? ` × ${line.quantity}` : ""}:{" "}
                {formatMoney(line.amountCents, data.currency)}
              </li>
            ))}
          </ul>
        ) : null}
        {data.endsAt ? null : (
          <AddOnProperties
            details={data}
            limit={limit}
            extraProperties={extraProperties}
            available={canBuyExtraProperties}
          />
        )}
        {data.endsAt ? null : <ChangePlan details={data} />}
        <Invoices details={data} />
      </CardContent>
    </Card>
  );
}
