import { Loader2 } from "lucide-react";
import { cn } from "@/lib/cn";

/** A spinning icon; with a `label` it is announced, without one it is decoration. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <Loader2
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn("size-4 animate-spin", className)}
    />
  );
}

/** The wait shown while the session or a page's data loads (spec §2 /auth, §4). */
export function LoadingScreen({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8 text-primary" />
      <p role="status" className="text-sm">
        {label}...
      </p>
    </div>
  );
}
