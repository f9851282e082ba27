import { Link } from "react-router";
import { MainContent, SkipLink } from "@/components/layout/skip-link";
import { Button } from "@/components/ui/button";

/** Spec §2: any unknown path. */
export function NotFoundScreen() {
  return (
    <>
      <SkipLink />
      <MainContent className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
        <p className="text-7xl font-bold tracking-tight text-primary">404</p>
        <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
        <p className="max-w-md text-muted-foreground">
          The page you are looking for does not exist or has been moved.
        </p>
        <Button asChild>
          <Link to="/">Return to Home</Link>
        </Button>
      </MainContent>
    </>
  );
}
