import { AlertTriangle } from "lucide-react";
import { MainContent, SkipLink } from "@/components/layout/skip-link";
import { Button } from "@/components/ui/button";

/** Spec §2: the generic error screen. */
export function ErrorScreen() {
  return (
    <>
      <SkipLink />
      <MainContent className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10">
          <AlertTriangle className="size-7 text-destructive" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">
          We're sorry, but something unexpected happened. Please try refreshing the page.
        </p>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </MainContent>
    </>
  );
}
