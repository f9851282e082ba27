import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function InvitationCard({
  icon: Icon,
  tone = "default",
  spinning = false,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  tone?: "default" | "destructive";
  spinning?: boolean;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <div
            className={
              tone === "destructive"
                ? "flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive"
                : "flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary"
            }
          >
            <Icon className={spinning ? "size-6 animate-spin" : "size-6"} aria-hidden />
          </div>
          <CardTitle className="pt-2 text-xl">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {children ? <CardContent className="flex flex-col gap-2">{children}</CardContent> : null}
      </Card>
    </div>
  );
}
