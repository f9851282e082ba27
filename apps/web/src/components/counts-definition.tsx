import { COUNTS_DEFINITION } from "@utmost/contracts";
import { Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { cn } from "@/lib/cn";

/**
 * What the critical, warning and passed counts mean, one click from every place that shows them
 * (issue 22). The words live in contracts, beside the function that counts.
 */
export function CountsDefinition({ className }: { className?: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="link"
          size="sm"
          className={cn("h-auto gap-1 px-0 text-xs text-muted-foreground", className)}
        >
          <Info className="size-3.5" aria-hidden />
          How are these counted?
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{COUNTS_DEFINITION.title}</DialogTitle>
          <DialogDescription>
            The same numbers on the dashboard, the health report, the issue list, Client Overview,
            PDF reports, alerts, the API and CSV exports.
          </DialogDescription>
        </DialogHeader>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
          {COUNTS_DEFINITION.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
