import { ALERT_SIGNATURE_HEADER, ALERT_TIMESTAMP_HEADER } from "@utmost/contracts";
import { Copy } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
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
        <code className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all">
          {secret}
        </code>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              if (!secret) return;
              navigator.clipboard
                .writeText(secret)
                .then(() => toast.success("Signing secret copied"))
                .catch(() => toast.error("Could not copy the signing secret"));
            }}
          >
            <Copy aria-hidden />
            Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
