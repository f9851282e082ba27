import { zodResolver } from "@hookform/resolvers/zod";
import {
  ALERT_DESTINATION_LABELS,
  ALERT_FREQUENCY_LABELS,
  ALERT_RULE_DEFAULTS,
  ALERT_SIGNATURE_HEADER,
  ALERT_TRIGGER_LABELS,
  ALERT_TYPE_LABELS,
  type AlertFrequency,
  AlertFrequencySchema,
  type AlertRule,
  type AlertRuleInput,
  AlertRuleInputSchema,
  type AlertTrigger,
  AlertTriggerSchema,
  type AlertType,
  AlertTypeSchema,
  cheapestPlanWith,
  type DataSource,
} from "@utmost/contracts";
import { KeyRound } from "lucide-react";
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
import { useCreateAlertRule, useRotateSigningSecret, useUpdateAlertRule } from "../api/alert-rules";

type FormValues = z.input<typeof AlertRuleInputSchema>;

/** The Select value meaning "every property": Radix selects cannot hold an empty value. */
const ALL_PROPERTIES = "all";

const DESTINATION_PLACEHOLDERS: Record<AlertType, string> = {
  email: "alerts@company.com",
  slack: "https://hooks.slack.com/services/...",
  webhook: "https://example.com/utmost-webhook",
};

const TYPES = AlertTypeSchema.options;
const TRIGGERS = AlertTriggerSchema.options;
const FREQUENCIES = AlertFrequencySchema.options;

function formValues(rule: AlertRule | null): FormValues {
  if (!rule) return { ...ALERT_RULE_DEFAULTS };
  return {
    alertType: rule.alertType,
    triggerCondition: rule.triggerCondition,
    thresholdValue: rule.thresholdValue ?? ALERT_RULE_DEFAULTS.thresholdValue,
    dataSourceId: rule.dataSourceId,
    frequency: rule.frequency,
    destination: rule.destination,
  };
}

/** Spec §9 Plans: the plan a channel needs, for the options the owner's plan lacks. */
const TYPE_PLAN_NAMES = Object.fromEntries(
  TYPES.map((type) => [type, cheapestPlanWith((plan) => plan.alertChannels.includes(type)).name]),
) as Record<AlertType, string>;

/**
 * A Select of one of the rule's enums, labelled, in the form's layout. An option `unavailable`
 * names is shown disabled, with why: "Slack (Team plan)".
 */
function EnumSelect<T extends string>({
  label,
  value,
  options,
  labels,
  unavailable = () => null,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  unavailable?: (option: T) => string | null;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label id={id}>{label}</Label>
      <Select
        value={value}
        onValueChange={(next) => {
          const option = options.find((candidate) => candidate === next);
          if (option) onChange(option);
        }}
      >
        <SelectTrigger className="w-full" aria-labelledby={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => {
            const reason = unavailable(option);
            return (
              <SelectItem key={option} value={option} disabled={reason !== null}>
                {reason === null ? labels[option] : `${labels[option]} (${reason})`}
              </SelectItem>
            );
          })}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * Spec §5 alert rule form, for a new rule (`rule` null) or an edit: type, trigger, a threshold
 * only for "score drops below" (default 70), the property or all, frequency, and the
 * destination labelled by type. `onSaved` gets a webhook rule's signing secret, shown once.
 * Types outside `alertChannels` (the workspace owner's plan, spec §9) cannot be chosen.
 */
export function AlertRuleDialog({
  workspaceId,
  open,
  rule,
  dataSources,
  alertChannels,
  onOpenChange,
  onSaved,
}: {
  workspaceId: string;
  open: boolean;
  rule: AlertRule | null;
  dataSources: DataSource[];
  alertChannels: readonly AlertType[];
  onOpenChange: (open: boolean) => void;
  onSaved: (signingSecret: string | null) => void;
}) {
  const thresholdId = useId();
  const dataSourceId = useId();
  const destinationId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof AlertRuleInputSchema>>({
    resolver: zodResolver(AlertRuleInputSchema),
    defaultValues: formValues(rule),
  });
  const saved = (signingSecret: string | null) => {
    onOpenChange(false);
    onSaved(signingSecret);
  };
  const create = useCreateAlertRule(workspaceId, { onSuccess: saved });
  const update = useUpdateAlertRule(workspaceId, { onSuccess: saved });
  const rotate = useRotateSigningSecret({ onSuccess: saved });
  const pending = create.isPending || update.isPending || rotate.isPending;

  // Each opening starts from the defaults, or from the rule being edited.
  useEffect(() => {
    if (open) form.reset(formValues(rule));
  }, [open, rule, form]);

  const alertType = form.watch("alertType") ?? ALERT_RULE_DEFAULTS.alertType;
  const triggerCondition = form.watch("triggerCondition") ?? ALERT_RULE_DEFAULTS.triggerCondition;
  const { errors } = form.formState;
  const destinationLabel = ALERT_DESTINATION_LABELS[alertType];

  const submit = form.handleSubmit((values) => {
    const body: AlertRuleInput = values;
    if (rule) update.mutate({ id: rule.id, body });
    else create.mutate(body);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{rule ? "Edit Alert Rule" : "Create Alert Rule"}</DialogTitle>
          <DialogDescription>Choose what to watch and where the alert goes.</DialogDescription>
        </DialogHeader>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="alertType"
              render={({ field }) => (
                <EnumSelect<AlertType>
                  label="Alert Type"
                  value={field.value ?? ALERT_RULE_DEFAULTS.alertType}
                  options={TYPES}
                  labels={ALERT_TYPE_LABELS}
                  unavailable={(type) =>
                    alertChannels.includes(type) ? null : `${TYPE_PLAN_NAMES[type]} plan`
                  }
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={form.control}
              name="frequency"
              render={({ field }) => (
                <EnumSelect<AlertFrequency>
                  label="Frequency"
                  value={field.value ?? ALERT_RULE_DEFAULTS.frequency}
                  options={FREQUENCIES}
                  labels={ALERT_FREQUENCY_LABELS}
                  onChange={field.onChange}
                />
              )}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="triggerCondition"
              render={({ field }) => (
                <EnumSelect<AlertTrigger>
                  label="Trigger Condition"
                  value={field.value ?? ALERT_RULE_DEFAULTS.triggerCondition}
                  options={TRIGGERS}
                  labels={ALERT_TRIGGER_LABELS}
                  onChange={field.onChange}
                />
              )}
            />
            {triggerCondition === "score_drops_below" ? (
              <FormField
                id={thresholdId}
                label="Threshold (0-100)"
                error={errors.thresholdValue?.message}
              >
                <Input
                  id={thresholdId}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                  aria-invalid={errors.thresholdValue ? true : undefined}
                  {...form.register("thresholdValue", {
                    setValueAs: (value: unknown) =>
                      value === "" || value === null || value === undefined ? null : Number(value),
                  })}
                />
              </FormField>
            ) : null}
          </div>
          <div className="flex flex-col gap-2">
            <Label id={dataSourceId}>Data Source</Label>
            <Controller
              control={form.control}
              name="dataSourceId"
              render={({ field }) => (
                <Select
                  value={field.value ?? ALL_PROPERTIES}
                  onValueChange={(value) => field.onChange(value === ALL_PROPERTIES ? null : value)}
                >
                  <SelectTrigger className="w-full" aria-labelledby={dataSourceId}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL_PROPERTIES}>All properties</SelectItem>
                    {dataSources.map((dataSource) => (
                      <SelectItem key={dataSource.id} value={dataSource.id}>
                        {dataSource.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <FormField
            id={destinationId}
            label={destinationLabel}
            error={errors.destination?.message}
            hint={
              alertType === "email"
                ? "An address outside the workspace gets a confirmation email first; alerts go there once it confirms."
                : undefined
            }
          >
            <Input
              id={destinationId}
              type={alertType === "email" ? "email" : "url"}
              autoComplete="off"
              placeholder={DESTINATION_PLACEHOLDERS[alertType]}
              aria-invalid={errors.destination ? true : undefined}
              {...form.register("destination")}
            />
          </FormField>
          {rule?.alertType === "webhook" ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
              <p className="max-w-xs text-xs text-muted-foreground">
                Receivers verify each delivery's {ALERT_SIGNATURE_HEADER} with this rule's signing
                secret. A new one replaces it at once.
              </p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={pending}
                onClick={() => rotate.mutate(rule)}
              >
                {rotate.isPending ? <Spinner /> : <KeyRound aria-hidden />}
                New Signing Secret
              </Button>
            </div>
          ) : null}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={pending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner /> : null}
              {rule ? "Save Changes" : "Create Alert Rule"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
