import type { ReactNode } from "react";
import { AppHeader } from "./app-header";
import { AppSidebar } from "./app-sidebar";
import { SidebarProvider } from "./sidebar-context";
import { MainContent, SkipLink } from "./skip-link";

/** Spec §2: left sidebar, a 73px header with the page title, and the main area. */
export function AppLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <SidebarProvider>
      <div className="flex min-h-svh w-full">
        <SkipLink />
        <AppSidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <AppHeader title={title} subtitle={subtitle} />
          <MainContent className="flex-1 p-4 md:p-6">{children}</MainContent>
        </div>
      </div>
    </SidebarProvider>
  );
}
