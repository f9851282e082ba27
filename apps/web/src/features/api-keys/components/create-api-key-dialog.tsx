import { zodResolver } from "@hookform/resolvers/zod";
import { type CreateApiKeyRequest, CreateApiKeyRequestSchema } from "@utmost/contracts";
import { TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { SecretReveal } from "@/components/secret-reveal";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
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
import { Spinner } from "@/components/ui/spinner";
import { useCreateApiKey } from "../api/api-keys";

function NewKey({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Your new API key</DialogTitle>
        <DialogDescription>
          Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code> to the
          Utmost API.
        </DialogDescription>
      </DialogHeader>
      <Alert>
        <TriangleAlert aria-hidden />
        <AlertTitle>Copy it now: it will not be shown again</AlertTitle>
        <AlertDescription>
          Utmost keeps only a fingerprint of the key. If you lose it, revoke it and create another.
        </AlertDescription>
      </Alert>
      <SecretReveal secret={apiKey} what="API key" testId="new-api-key" onDone={onClose} />
    </>
  );
}

function NameForm({
  workspaceId,
  onCreated,
}: {
  workspaceId: string;
  onCreated: (key: string) => void;
}) {
  const nameId = useId();
  const form = useForm<CreateApiKeyRequest>({
    resolver: zodResolver(CreateApiKeyRequestSchema),
    defaultValues: { name: "" },
  });
  const create = useCreateApiKey(workspaceId, { onSuccess: onCreated });
  const error = form.formState.errors.name?.message;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
    >
      <DialogHeader>
        <DialogTitle>Create API key</DialogTitle>
        <DialogDescription>
          The key reads this workspace's properties, scans and issues, and starts audits.
        </DialogDescription>
      </DialogHeader>
      <FormField
        id={nameId}
        label="Name"
        error={error}
        hint="Say what uses it, e.g. Looker Studio sync."
      >
        <Input
          id={nameId}
          autoComplete="off"
          maxLength={60}
          aria-invalid={error ? true : undefined}
          {...form.register("name")}
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : null}
          Create key
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Names a new key, then shows it once with Copy. Closing the dialog forgets it: the server keeps
 * only its SHA-256 (ADR 012).
 */
export function CreateApiKeyDialog({
  workspaceId,
  open,
  onClose,
}: {
  workspaceId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const close = () => {
    setCreatedKey(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <DialogContent>
        {createdKey ? (
          <NewKey apiKey={createdKey} onClose={close} />
        ) : (
          <NameForm workspaceId={workspaceId} onCreated={setCreatedKey} />
        )}
      </DialogContent>
    </Dialog>
  );
}
