import { Menu, PanelLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useSidebar } from "./sidebar-context";

export function AppHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  const { isMobile, toggle, open } = useSidebar();
  return (
    <header className="sticky top-0 z-30 flex h-[73px] shrink-0 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:px-6">
      {isMobile ? (
        <Button variant="ghost" size="icon" aria-label="Open menu" onClick={toggle}>
          <Menu />
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="icon"
          aria-label={open ? "Collapse sidebar" : "Expand sidebar"}
          title="Toggle sidebar (Ctrl+B)"
          onClick={toggle}
        >
          <PanelLeft />
        </Button>
      )}
      <div className="min-w-0">
        <h1 className="truncate text-lg font-semibold">{title}</h1>
        {subtitle ? (
          <p className="hidden truncate text-sm text-muted-foreground sm:block">{subtitle}</p>
        ) : null}
      </div>
    </header>
  );
}
