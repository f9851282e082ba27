import { zodResolver } from "@hookform/resolvers/zod";
import { type Issue, MuteIssueRequestSchema } from "@utmost/contracts";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
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
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useMuteIssue } from "../api/update-issue";

/** Spec §2 and §5: muting asks why, and cannot be confirmed without a reason. */
export function MuteIssueDialog({ issue, onClose }: { issue: Issue | null; onClose: () => void }) {
  const reasonId = useId();
  const form = useForm({
    resolver: zodResolver(MuteIssueRequestSchema),
    defaultValues: { reason: "" },
  });
  const mute = useMuteIssue({ onSuccess: onClose });
  const reason = form.watch("reason");
  const { errors } = form.formState;

  // Each issue starts with an empty reason.
  useEffect(() => {
    if (issue) form.reset({ reason: "" });
  }, [issue, form]);

  return (
    <Dialog
      open={issue !== null}
      onOpenChange={(open) => {
        if (!open && !mute.isPending) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mute this issue?</DialogTitle>
          <DialogDescription>
            {issue ? `"${issue.title}" ` : ""}will no longer appear in reports. Tell your team why
            it can be ignored.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit(({ reason: value }) => {
            if (issue) mute.mutate({ issueId: issue.id, reason: value });
          })}
        >
          <FormField id={reasonId} label="Reason" error={errors.reason?.message}>
            <Textarea
              id={reasonId}
              placeholder="For example: these are test campaigns from our staging site"
              maxLength={500}
              aria-invalid={errors.reason ? true : undefined}
              {...form.register("reason")}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={mute.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={reason.trim() === "" || mute.isPending}>
              {mute.isPending ? <Spinner /> : null}
              Mute Issue
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
