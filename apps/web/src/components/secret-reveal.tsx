import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { copyToClipboard } from "@/lib/clipboard";

/** A secret shown once in a dialog (an API key, a signing secret): the value, Copy and Done. */
export function SecretReveal({
  secret,
  what,
  testId,
  onDone,
}: {
  secret: string;
  /** What it is, lower case: "API key", "signing secret". */
  what: string;
  testId?: string;
  onDone: () => void;
}) {
  return (
    <>
      <code
        data-testid={testId}
        className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
      >
        {secret}
      </code>
      <DialogFooter>
        <Button variant="outline" onClick={() => copyToClipboard(secret, what)}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}
