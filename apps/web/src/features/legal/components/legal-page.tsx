import type { ReactNode } from "react";

/** Spec §2: the legal pages' shared frame and date. */
export const LEGAL_LAST_UPDATED = "November 1, 2025";

export function LegalPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">Last Updated: {LEGAL_LAST_UPDATED}</p>
      {children ? <div className="mt-10 flex flex-col gap-6">{children}</div> : null}
    </article>
  );
}
