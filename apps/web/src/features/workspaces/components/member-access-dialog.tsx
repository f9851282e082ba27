import {
  type PropertyAccess,
  PropertyAccessSchema,
  UpdateMemberAccessRequestSchema,
  type WorkspaceMember,
} from "@utmost/contracts";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useDataSources } from "@/lib/data-sources";
import { useUpdateMemberAccess } from "../api/update-member-access";

const CHOICES: { value: PropertyAccess; label: string; description: string }[] = [
  {
    value: "all",
    label: "All properties",
    description: "Every analytics property of the workspace, including those added later.",
  },
  {
    value: "chosen",
    label: "Chosen properties",
    description: "Only the analytics properties checked below: nothing else shows anywhere.",
  },
];

function AccessForm({
  workspaceId,
  member,
  onClose,
}: {
  workspaceId: string;
  member: WorkspaceMember;
  onClose: () => void;
}) {
  const id = useId();
  const properties = useDataSources(workspaceId);
  const [access, setAccess] = useState<PropertyAccess>(member.propertyAccess);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(member.dataSourceIds));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMemberAccess(workspaceId, { onSuccess: onClose });

  function toggle(dataSourceId: string, checked: boolean) {
    const next = new Set(chosen);
    if (checked) next.add(dataSourceId);
    else next.delete(dataSourceId);
    setChosen(next);
    setError(null);
  }

  function save() {
    const request = UpdateMemberAccessRequestSchema.safeParse(
      access === "all"
        ? { propertyAccess: "all" }
        : { propertyAccess: "chosen", dataSourceIds: [...chosen] },
    );
    if (!request.success) {
      setError(request.error.issues[0]?.message ?? "Choose at least one analytics property");
      return;
    }
    update.mutate({ userId: member.userId, access: request.data });
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <RadioGroup
        aria-label={`Access of ${member.fullName}`}
        value={access}
        onValueChange={(value) => {
          const parsed = PropertyAccessSchema.safeParse(value);
          if (parsed.success) setAccess(parsed.data);
          setError(null);
        }}
      >
        {CHOICES.map((choice) => {
          const itemId = `${id}-${choice.value}`;
          return (
            <div
              key={choice.value}
              className="flex items-start gap-3 rounded-lg border p-3 has-data-[state=checked]:border-primary has-data-[state=checked]:bg-primary/5"
            >
              <RadioGroupItem
                id={itemId}
                value={choice.value}
                className="mt-0.5"
                aria-describedby={`${itemId}-description`}
              />
              <div className="flex flex-col gap-1">
                <Label htmlFor={itemId} className="cursor-pointer">
                  {choice.label}
                </Label>
                <p id={`${itemId}-description`} className="text-xs text-muted-foreground">
                  {choice.description}
                </p>
              </div>
            </div>
          );
        })}
      </RadioGroup>
      {access === "chosen" ? (
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium">Analytics properties</legend>
          {properties.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : properties.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load analytics properties: {errorMessage(properties.error)}
            </p>
          ) : properties.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              This workspace has no analytics properties yet.
            </p>
          ) : (
            <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
              {properties.data.map((property) => (
                <li key={property.id}>
                  <label className="flex items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-muted">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={chosen.has(property.id)}
                      onChange={(event) => toggle(property.id, event.target.checked)}
                    />
                    <span className="min-w-0 truncate">{property.name}</span>
                    <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                      {property.ga4PropertyId}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          Save Access
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Client-level access (Agency): an owner or admin lets a member see every property or only
 * the chosen ones; the server enforces it everywhere the member looks.
 */
export function MemberAccessDialog({
  workspaceId,
  member,
  onClose,
}: {
  workspaceId: string;
  /** The member whose access is being set; null keeps the dialog closed. */
  member: WorkspaceMember | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Property access</DialogTitle>
          <DialogDescription>
            Which analytics properties {member?.fullName ?? "this member"} can see and work on.
          </DialogDescription>
        </DialogHeader>
        {member ? <AccessForm workspaceId={workspaceId} member={member} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
