import { ALERT_SIGNATURE_HEADER, ALERT_TIMESTAMP_HEADER } from "@utmost/contracts";
import { SecretReveal } from "@/components/secret-reveal";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** A webhook rule's signing secret, shown once after it is made (ADR 010). */
export function SigningSecretDialog({
  secret,
  onClose,
}: {
  secret: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>
            Receivers verify the {ALERT_SIGNATURE_HEADER} header (HMAC-SHA256 over the{" "}
            {ALERT_TIMESTAMP_HEADER} value and the body) with this secret. Copy it now: it is not
            shown again.
          </DialogDescription>
        </DialogHeader>
        {secret !== null && <SecretReveal secret={secret} what="signing secret" onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
