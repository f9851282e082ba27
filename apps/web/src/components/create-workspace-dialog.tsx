import { zodResolver } from "@hookform/resolvers/zod";
import { CreateWorkspaceRequestSchema, type WorkspaceType } from "@utmost/contracts";
import { type RefObject, useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
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
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Spinner } from "@/components/ui/spinner";
import { useCreateWorkspace } from "@/lib/workspaces";

const TYPES: { value: WorkspaceType; label: string; description: string }[] = [
  { value: "team", label: "Team", description: "Work on properties together with teammates." },
  { value: "personal", label: "Personal", description: "Your own properties, just for you." },
];

function isWorkspaceType(value: string): value is WorkspaceType {
  return TYPES.some((type) => type.value === value);
}

/** Spec §5 "Create workspace": name required, type personal or team (default team). */
export function CreateWorkspaceDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where the focus goes back on close, when what opened the dialog is gone by then (a menu
   * item); otherwise the dialog gives it back to what had it before.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const nameId = useId();
  const typeId = useId();
  const form = useForm({
    resolver: zodResolver(CreateWorkspaceRequestSchema),
    defaultValues: { name: "", type: "team" as WorkspaceType },
    mode: "onTouched",
  });
  const create = useCreateWorkspace({ onSuccess: () => onOpenChange(false) });
  const name = form.watch("name");
  const { errors } = form.formState;

  // Each opening starts from an empty form.
  useEffect(() => {
    if (open) form.reset({ name: "", type: "team" });
  }, [open, form]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!create.isPending) onOpenChange(next);
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Create Workspace</DialogTitle>
          <DialogDescription>
            A workspace groups analytics properties and the people who work on them.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={form.handleSubmit((values) => create.mutate(values))}
        >
          <FormField id={nameId} label="Workspace name" error={errors.name?.message}>
            <Input
              id={nameId}
              placeholder="Acme Marketing"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              {...form.register("name")}
            />
          </FormField>
          <div className="flex flex-col gap-2">
            <Label id={typeId}>Type</Label>
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <RadioGroup
                  aria-labelledby={typeId}
                  value={field.value}
                  onValueChange={(value) => {
                    if (isWorkspaceType(value)) field.onChange(value);
                  }}
                  className="grid-cols-1 sm:grid-cols-2"
                >
                  {TYPES.map((type) => {
                    const itemId = `${typeId}-${type.value}`;
                    return (
                      <div
                        key={type.value}
                        className="flex items-start gap-3 rounded-lg border p-3 has-data-[state=checked]:border-primary has-data-[state=checked]:bg-primary/5"
                      >
                        <RadioGroupItem
                          id={itemId}
                          value={type.value}
                          className="mt-0.5"
                          aria-describedby={`${itemId}-description`}
                        />
                        <div className="flex flex-col gap-1">
                          <Label htmlFor={itemId} className="cursor-pointer">
                            {type.label}
                          </Label>
                          <p id={`${itemId}-description`} className="text-xs text-muted-foreground">
                            {type.description}
                          </p>
                        </div>
                      </div>
                    );
                  })}
                </RadioGroup>
              )}
            />
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={create.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={name.trim() === "" || create.isPending}>
              {create.isPending ? <Spinner /> : null}
              Create Workspace
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
