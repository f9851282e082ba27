import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/*
 * The landing page's one rhythm and type scale (issue 22 visual pass): every section has the same
 * vertical padding and a centred h2 with a lead no wider than ~65 characters; the hero's h1 is the
 * only larger heading, and cards inside sections use h3.
 */
export const SECTION_PADDING = "py-16 md:py-24";

const WIDTHS = { wide: "max-w-6xl", narrow: "max-w-3xl" } as const;

export function MarketingSection({
  id,
  title,
  lead,
  width = "wide",
  className,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  width?: keyof typeof WIDTHS;
  className?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn("border-t", SECTION_PADDING, className)}
    >
      <div className={cn("mx-auto px-4", WIDTHS[width])}>
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg text-pretty text-muted-foreground">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
