import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { MainContent, SkipLink } from "./skip-link";

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <SkipLink />
      <SiteHeader />
      <MainContent className="flex-1">{children}</MainContent>
      <SiteFooter />
    </div>
  );
}
