import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useVisitorMe } from "@/lib/auth";
import { cn } from "@/lib/cn";
import { Logo } from "./logo";

/*
 * The `data-landing` attributes mark what the landing page's own script (src/landing/) changes in
 * the HTML rendered at build: the app itself never reads them.
 */

function SiteLinks({
  anchorPrefix,
  className,
  onFollow,
}: {
  anchorPrefix: string;
  className?: string;
  onFollow?: () => void;
}) {
  const linkClass = cn("text-muted-foreground hover:text-foreground", className);
  return (
    <>
      <a href={`${anchorPrefix}#features`} className={linkClass} onClick={onFollow}>
        Features
      </a>
      <a href={`${anchorPrefix}#pricing`} className={linkClass} onClick={onFollow}>
        Pricing
      </a>
      <Link to="/docs" className={linkClass} onClick={onFollow}>
        Docs
      </Link>
    </>
  );
}

/** The header's sign-in and sign-up buttons, or the way to the dashboard once signed in. */
export function SiteHeaderActions({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return (
      <Button asChild size="sm">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="hidden md:inline-flex">
        <Link to="/auth?mode=signin">Sign In</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/auth?mode=signup">Start Free</Link>
      </Button>
    </>
  );
}

/** The phone menu's links, shown under the header while its button is pressed. */
export function SiteMenu({
  id,
  anchorPrefix,
  signedIn,
  onFollow,
}: {
  id: string;
  anchorPrefix: string;
  signedIn: boolean;
  onFollow?: () => void;
}) {
  return (
    <nav
      id={id}
      aria-label="Site menu"
      className="border-t bg-background md:hidden"
      data-landing="menu"
    >
      <div className="mx-auto flex max-w-6xl flex-col px-4 py-2 text-base">
        {/* A link to where the visitor already is (#features on /) closes the menu too. */}
        <SiteLinks
          anchorPrefix={anchorPrefix}
          className="rounded-md px-2 py-3"
          onFollow={onFollow}
        />
        {signedIn ? null : (
          <Link
            to="/auth?mode=signin"
            className="rounded-md px-2 py-3 text-muted-foreground hover:text-foreground"
            onClick={onFollow}
          >
            Sign In
          </Link>
        )}
      </div>
    </nav>
  );
}

/** The menu button's icon: the bars while the menu is closed, a cross while it is open. */
export function SiteMenuIcon({ open }: { open: boolean }) {
  return open ? <X aria-hidden /> : <Menu aria-hidden />;
}

/**
 * The public pages' sticky header (spec §2 "/ landing"). Under 768 px the links fold into a menu
 * opened by a button (issue 22: on a phone Features, Pricing and Docs were out of reach).
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { data: me } = useVisitorMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // On the landing page the anchors scroll in place; elsewhere they lead back to it.
  const anchorPrefix = pathname === "/" ? "" : "/";

  // Escape closes it and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4">
        <Logo />
        <nav aria-label="Site" className="hidden items-center gap-6 text-sm md:flex">
          <SiteLinks anchorPrefix={anchorPrefix} />
        </nav>
        <div className="ml-auto flex items-center gap-2" data-landing="header-actions">
          <SiteHeaderActions signedIn={Boolean(me)} />
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            data-landing="menu-button"
          >
            <SiteMenuIcon open={menuOpen} />
          </Button>
        </div>
      </div>
      {menuOpen ? (
        <SiteMenu
          id={menuId}
          anchorPrefix={anchorPrefix}
          signedIn={Boolean(me)}
          onFollow={() => setMenuOpen(false)}
        />
      ) : null}
    </header>
  );
}
