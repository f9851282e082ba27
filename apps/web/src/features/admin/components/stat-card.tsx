import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/** One figure of the console, named for assistive technology by its label. */
export function StatCard({
  label,
  value,
  description,
  icon: Icon,
  destructive = false,
  children,
}: {
  label: string;
  value: ReactNode;
  description?: ReactNode;
  icon: LucideIcon;
  /** Spec §9: a figure over its threshold is shown destructive. */
  destructive?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Card
      role="region"
      aria-labelledby={id}
      data-destructive={destructive || undefined}
      className={cn(destructive && "border-destructive/50 bg-destructive/5")}
    >
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle id={id} className="text-sm font-medium text-muted-foreground">
          {label}
        </CardTitle>
        <Icon
          className={cn("size-4", destructive ? "text-destructive" : "text-muted-foreground")}
          aria-hidden
        />
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p
          className={cn(
            "text-2xl font-bold tabular-nums",
            destructive ? "text-destructive" : undefined,
          )}
        >
          {value}
        </p>
        {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
        {children}
      </CardContent>
    </Card>
  );
}
