import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { useIsMobile } from "@/hooks/use-media-query";
import { isTypingTarget } from "@/lib/keyboard";
import { readSidebarState, writeSidebarState } from "./sidebar-state";

/** Spec §2 "Sidebar": ctrl+b / meta+b toggles it. */
const SIDEBAR_KEYBOARD_SHORTCUT = "b";

interface SidebarContextValue {
  /** Desktop: expanded (true) or collapsed to the icon rail (false). */
  open: boolean;
  toggle: () => void;
  isMobile: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used within a SidebarProvider.");
  return context;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(readSidebarState);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((current) => !current);
      return;
    }
    writeSidebarState(!open);
    setOpen(!open);
  }, [isMobile, open]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // In a text field ctrl+b belongs to the field (and the browser), not to the sidebar.
      if (isTypingTarget(event.target)) return;
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.ctrlKey || event.metaKey)
      ) {
        event.preventDefault();
        toggle();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  return (
    <SidebarContext value={{ open, toggle, isMobile, openMobile, setOpenMobile }}>
      {children}
    </SidebarContext>
  );
}
