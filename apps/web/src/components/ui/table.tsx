import type * as React from "react";
import { cn } from "@/lib/cn";

/**
 * `stackOnPhone`: under 768 px each row becomes a card (index.css, "Tables on a phone"): the
 * cell marked `data-primary` first on a line of its own, the others side by side under their
 * column's name (a cell's `data-label`), the one marked `data-actions` last at full width, one
 * marked `data-phone-hidden` left out; the header row is for screen readers only, unless it
 * holds controls (`<TableHeader data-controls>`, sort buttons): then it shows as a bar of them.
 * Without it a wide table scrolls sideways in its card.
 */
export function Table({
  className,
  stackOnPhone = false,
  ...props
}: React.ComponentProps<"table"> & { stackOnPhone?: boolean }) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table
        data-stack={stackOnPhone ? "" : undefined}
        className={cn("w-full caption-bottom text-sm", className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("p-3 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}
