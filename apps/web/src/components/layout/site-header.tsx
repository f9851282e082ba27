import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useMe } from "@/lib/auth";
import { Logo } from "./logo";

/** The public pages' sticky header (spec §2 "/ landing"). */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { data: me } = useMe();
  // On the landing page the anchors scroll in place; elsewhere they lead back to it.
  const anchorPrefix = pathname === "/" ? "" : "/";

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
        <Logo />
        <nav aria-label="Site" className="hidden items-center gap-6 text-sm md:flex">
          <a
            href={`${anchorPrefix}#features`}
            className="text-muted-foreground hover:text-foreground"
          >
            Features
          </a>
          <a
            href={`${anchorPrefix}#pricing`}
            className="text-muted-foreground hover:text-foreground"
          >
            Pricing
          </a>
          <Link to="/docs" className="text-muted-foreground hover:text-foreground">
            Docs
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {me ? (
            <Button asChild size="sm">
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/auth?mode=signin">Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/auth?mode=signup">Start Free</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
