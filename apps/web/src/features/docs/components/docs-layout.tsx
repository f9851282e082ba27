import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { cn } from "@/lib/cn";

const PAGES = [
  { to: "/docs", label: "Getting started", end: true },
  { to: "/docs/connect", label: "Connect Google Analytics", end: true },
  { to: "/docs/score", label: "Health score and grade", end: true },
] as const;

/** The docs' frame: a page list beside the article. */
export function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12 md:flex-row">
      <nav aria-label="Documentation" className="shrink-0 md:w-56">
        <p className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Documentation
        </p>
        <ul className="flex flex-col gap-1 text-sm">
          {PAGES.map((page) => (
            <li key={page.to}>
              <NavLink
                to={page.to}
                end={page.end}
                className={({ isActive }) =>
                  cn(
                    "block rounded-md px-3 py-1.5 hover:bg-muted",
                    isActive ? "bg-muted font-medium text-foreground" : "text-muted-foreground",
                  )
                }
              >
                {page.label}
              </NavLink>
            </li>
          ))}
          <li>
            <Link
              to="/docs#checks"
              className="block rounded-md px-3 py-1.5 text-muted-foreground hover:bg-muted"
            >
              Checks
            </Link>
          </li>
        </ul>
      </nav>
      <article className="min-w-0 flex-1">{children}</article>
    </div>
  );
}

export function DocsHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      {lead ? <p className="mt-3 text-lg text-muted-foreground">{lead}</p> : null}
    </header>
  );
}

export function DocsSection({
  id,
  title,
  children,
}: {
  id?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="mt-10 flex scroll-mt-24 flex-col gap-3 leading-7">
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}
