import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AdminSubscriptionUpdate,
  AdminSubscriptionUpdateSchema,
  type AdminUser,
  DEFAULT_DATA_SOURCE_LIMIT,
  PLANS,
  type SubscriptionTier,
  SubscriptionTierSchema,
  TIER_LABELS,
} from "@utmost/contracts";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useUpdateSubscription } from "../api/admin-users";
import { PlanBilling, planChangeNote } from "./plan-billing";

type FormValues = z.input<typeof AdminSubscriptionUpdateSchema>;

function formValues(user: AdminUser | null): FormValues {
  return {
    tier: user?.subscription?.tier ?? "free",
    dataSourceLimit: user?.subscription?.dataSourceLimit ?? DEFAULT_DATA_SOURCE_LIMIT,
  };
}

/**
 * Spec §5 "Admin edit": a user's tier (one of four) and property limit (a whole number, at least
 * 1). Choosing a plan fills in the properties it includes; the limit can then be changed. The
 * dialog says who pays now and what saving does at Dodo (issue 23).
 */
export function EditSubscriptionDialog({
  user,
  onClose,
}: {
  /** The user being edited; null keeps the dialog closed. */
  user: AdminUser | null;
  onClose: () => void;
}) {
  const tierId = useId();
  const limitId = useId();
  const form = useForm<FormValues, unknown, AdminSubscriptionUpdate>({
    resolver: zodResolver(AdminSubscriptionUpdateSchema),
    defaultValues: formValues(user),
  });
  const update = useUpdateSubscription({ onSuccess: onClose });

  // Each opening starts from the user's subscription as listed.
  useEffect(() => {
    if (user) form.reset(formValues(user));
  }, [user, form]);

  const tier = form.watch("tier");
  const note =
    user && tier ? planChangeNote(user.billing, user.subscription?.tier ?? "free", tier) : null;
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => {
    if (user) update.mutate({ userId: user.id, body });
  });

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !update.isPending) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Subscription</DialogTitle>
          <DialogDescription>{user ? `${user.fullName} (${user.email})` : null}</DialogDescription>
          {user ? (
            <p className="text-sm">
              Now: <PlanBilling billing={user.billing} />
            </p>
          ) : null}
        </DialogHeader>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <div className="flex flex-col gap-2">
            <Label id={tierId}>Plan</Label>
            <Controller
              control={form.control}
              name="tier"
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(value) => {
                    const next = SubscriptionTierSchema.safeParse(value);
                    if (!next.success) return;
                    field.onChange(next.data);
                    // Always valid, so validating only clears a message left from before.
                    form.setValue("dataSourceLimit", PLANS[next.data].properties, {
                      shouldValidate: true,
                    });
                  }}
                >
                  <SelectTrigger className="w-full" aria-labelledby={tierId}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {SubscriptionTierSchema.options.map((option: SubscriptionTier) => (
                      <SelectItem key={option} value={option}>
                        {TIER_LABELS[option]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <FormField
            id={limitId}
            label="Analytics property limit"
            error={errors.dataSourceLimit?.message}
            hint={
              tier
                ? `${TIER_LABELS[tier]} includes ${PLANS[tier].properties} analytics ${PLANS[tier].properties === 1 ? "property" : "properties"}`
                : undefined
            }
          >
            <Input
              id={limitId}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              aria-invalid={errors.dataSourceLimit ? true : undefined}
              aria-describedby={errors.dataSourceLimit ? `${limitId}-error` : `${limitId}-hint`}
              {...form.register("dataSourceLimit", { valueAsNumber: true })}
            />
          </FormField>
          {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : null}
              Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
