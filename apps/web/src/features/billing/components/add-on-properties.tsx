import {
  type BillingDetails,
  EXTRA_PROPERTY_PRICE_USD,
  PLANS,
  SetExtraPropertiesRequestSchema,
} from "@utmost/contracts";
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { addOnCount, useSetExtraProperties } from "../api/billing-details";
import { formatMoney } from "./format-money";

/** The query the limit notice's "Add a property for $10/month" opens billing with. */
export const ONE_MORE_PARAM = "add-property";

const perMonth = (count: number) => formatMoney(count * EXTRA_PROPERTY_PRICE_USD * 100, "USD");

/**
 * Issue 23: a paid plan's add-on properties (spec §9 "Extra properties $10/month"): how many, at
 * what price, in all, and a new number in one step through the provider, prorated. `limit` and
 * `extraProperties` are the account's as it stands, so the new limit is said before it is paid.
 */
export function AddOnProperties({
  details,
  limit,
  extraProperties,
  available,
}: {
  details: BillingDetails;
  limit: number;
  extraProperties: number;
  available: boolean;
}) {
  const line = details.lines.find((candidate) => candidate.kind === "add-on");
  const current = line?.quantity ?? 0;
  const [searchParams] = useSearchParams();
  const oneMore = available && searchParams.get(ONE_MORE_PARAM) === "1";
  const [value, setValue] = useState(String(oneMore ? current + 1 : current));
  const [confirming, setConfirming] = useState<number | null>(null);
  const change = useSetExtraProperties({ onSuccess: () => setConfirming(null) });
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!oneMore) return;
    input.current?.scrollIntoView?.({ block: "center" });
    input.current?.focus();
  }, [oneMore]);

  const parsed = SetExtraPropertiesRequestSchema.shape.extraProperties.safeParse(
    value.trim() === "" ? Number.NaN : Number(value),
  );
  const wanted = parsed.success ? parsed.data : null;
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const newLimit = wanted === null ? null : limit - extraProperties + wanted;
  const card = details.paymentMethod
    ? `${details.paymentMethod.brand} ending in ${details.paymentMethod.last4}`
    : "the card on file";

  return (
    <section
      id="add-on-properties"
      aria-labelledby="add-on-properties-title"
      className="flex flex-col gap-3"
    >
      <h3 id="add-on-properties-title" className="text-sm font-semibold">
        Add-on properties
      </h3>
      <p className="text-sm">
        {line
          ? `${addOnCount(current)} × $${EXTRA_PROPERTY_PRICE_USD}/month = ${formatMoney(line.amountCents, details.currency)}/month`
          : `None. Each extra analytics property is $${EXTRA_PROPERTY_PRICE_USD}/month on top of the ${PLANS[details.tier].properties} of the ${PLANS[details.tier].name} plan.`}
      </p>
      {available ? (
        <form
          className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (wanted !== null && wanted !== current) setConfirming(wanted);
          }}
        >
          <div className="flex-1">
            <FormField
              id="add-on-count"
              label="Add-on properties"
              error={error ?? undefined}
              hint={
                wanted === null
                  ? undefined
                  : `${perMonth(wanted)}/month for add-ons; your limit becomes ${newLimit} analytics ${newLimit === 1 ? "property" : "properties"}.`
              }
            >
              <Input
                ref={input}
                id="add-on-count"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "add-on-count-error" : "add-on-count-hint"}
                onChange={(event) => setValue(event.target.value)}
              />
            </FormField>
          </div>
          <Button
            type="submit"
            variant="outline"
            className="w-fit"
            disabled={wanted === null || wanted === current || change.isPending}
          >
            <Plus />
            Update add-on properties
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">
          Add-on properties cannot be bought for this subscription here.
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        tone="default"
        title={confirming === null ? "" : `Change to ${addOnCount(confirming)}?`}
        description={
          confirming === null
            ? ""
            : `Your plan carries ${addOnCount(confirming)} (${perMonth(confirming)}/month) from now on, for a limit of ${limit - extraProperties + confirming} analytics properties. ${
                confirming > current
                  ? `The added properties' share of this billing period is charged to ${card} now.`
                  : "Nothing is charged now; the next renewal is at the new price. Properties over the new limit, the newest first, are paused until there is room again."
              }`
        }
        confirmLabel="Update add-on properties"
        pending={change.isPending}
        onConfirm={() => {
          if (confirming !== null) change.mutate(confirming);
        }}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
