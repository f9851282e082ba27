import type { ReactNode } from "react";
import { Logo } from "@/components/layout/logo";
import { MainContent, SkipLink } from "@/components/layout/skip-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <MainContent className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
        <Logo />
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <CardTitle className="text-xl">{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            {children}
            {footer ? (
              <div className="text-center text-sm text-muted-foreground">{footer}</div>
            ) : null}
          </CardContent>
        </Card>
      </MainContent>
    </>
  );
}
