import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** The one main landmark of every layout, where "Skip to content" lands. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * The first thing Tab reaches on every layout (WCAG 2.4.1 "Bypass Blocks"): hidden until
 * focused, it moves the focus past the header and navigation to the main content. The focus is
 * moved by hand, because a `#hash` change would count as a navigation for the router.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: "start" });
      }}
      className="sr-only rounded-md bg-background px-4 py-2 text-sm font-medium text-foreground shadow-lg ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100]"
    >
      Skip to content
    </a>
  );
}

/** The page's `<main>`, focusable by the skip link (not by Tab). */
export function MainContent({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cn("outline-none", className)}>
      {children}
    </main>
  );
}
