import type { GoogleAccountSummary } from "@utmost/contracts";
import { Building2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Spinner } from "@/components/ui/spinner";
import { ga4PropertyId } from "../utils/ga4-property";

/** Google's property types, as people call them. */
const PROPERTY_TYPE_LABELS: Record<string, string> = {
  PROPERTY_TYPE_ORDINARY: "Standard property",
  PROPERTY_TYPE_SUBPROPERTY: "Subproperty",
  PROPERTY_TYPE_ROLLUP: "Roll-up property",
};

function firstProperty(accounts: GoogleAccountSummary[]): string | null {
  for (const account of accounts) {
    const first = account.propertySummaries[0];
    if (first) return first.property;
  }
  return null;
}

/** Spec §4 connect flow: the accounts' properties, the first one preselected. */
export function PropertyPicker({
  accounts,
  saving,
  onSave,
  onStartOver,
}: {
  accounts: GoogleAccountSummary[];
  saving: boolean;
  onSave: (property: string | null) => void;
  onStartOver: () => void;
}) {
  const baseId = useId();
  const [selected, setSelected] = useState<string | null>(() => firstProperty(accounts));
  const hasProperties = firstProperty(accounts) !== null;

  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader>
        <CardTitle className="text-xl">Select a GA4 property</CardTitle>
        <CardDescription>
          Choose the Google Analytics 4 property Utmost should audit for UTM tracking errors.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {hasProperties ? (
          <RadioGroup
            value={selected ?? ""}
            onValueChange={setSelected}
            aria-label="GA4 property"
            className="gap-5"
          >
            {accounts.map((account) => {
              const first = account.propertySummaries[0];
              if (!first) return null;
              return (
                // A property belongs to one account, so its first property names the account.
                <fieldset key={first.property} className="flex flex-col gap-2">
                  <legend className="mb-2 flex items-center gap-2 text-sm font-medium text-muted-foreground">
                    <Building2 className="size-4" aria-hidden />
                    {account.displayName}
                  </legend>
                  {account.propertySummaries.map((summary) => {
                    const itemId = `${baseId}-${summary.property}`;
                    return (
                      <div
                        key={summary.property}
                        className="flex items-center gap-3 rounded-lg border p-3 has-data-[state=checked]:border-primary has-data-[state=checked]:bg-primary/5"
                      >
                        <RadioGroupItem
                          id={itemId}
                          value={summary.property}
                          aria-describedby={`${itemId}-detail`}
                        />
                        <Label htmlFor={itemId} className="flex-1 cursor-pointer py-1">
                          {summary.displayName}
                        </Label>
                        <span id={`${itemId}-detail`} className="text-xs text-muted-foreground">
                          {PROPERTY_TYPE_LABELS[summary.propertyType] ?? summary.propertyType} · ID{" "}
                          {ga4PropertyId(summary.property)}
                        </span>
                      </div>
                    );
                  })}
                </fieldset>
              );
            })}
          </RadioGroup>
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No Google Analytics 4 properties were found for this Google account. Authorize with an
            account that can read a GA4 property.
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onStartOver} disabled={saving}>
          Use another Google account
        </Button>
        <div className="flex flex-col items-end gap-1">
          {/* Nothing to save until a property is chosen: say what is missing (spec §5). */}
          <Button
            onClick={() => onSave(selected)}
            disabled={saving || selected === null}
            aria-describedby={selected === null ? `${baseId}-missing` : undefined}
          >
            {saving ? <Spinner /> : null}
            Save Analytics Property
          </Button>
          {selected === null ? (
            <p id={`${baseId}-missing`} className="text-xs text-muted-foreground">
              Please select a GA4 property
            </p>
          ) : null}
        </div>
      </CardFooter>
    </Card>
  );
}
