import { useRef } from "react";

/**
 * Gives the focus back to what had it when a dialog opened (WCAG 2.4.3 "Focus Order"). Radix
 * returns it to the dialog's Trigger, but most of ours open from state (a row's button, a
 * confirmation after a click) with no Trigger, and the focus fell to the page's start. The
 * opener is read as the dialog opens, before Radix moves the focus into it.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
