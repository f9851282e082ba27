import type { SessionState } from "./session";
import { fromTemplate, TEMPLATES } from "./templates";

/**
 * The public header's phone menu in the HTML rendered at build, as the app's header does it
 * (components/layout/site-header.tsx): the button opens the links under the header and closes
 * them; following a link or pressing Escape closes them too, Escape giving the focus back to the
 * button. Signed in, the menu has no "Sign In".
 */
export function startHeaderMenu(header: HTMLElement, session: SessionState) {
  const button = header.querySelector<HTMLButtonElement>('[data-landing="menu-button"]');
  if (!button) return;
  const doc = header.ownerDocument;
  const menuId = button.getAttribute("aria-controls") ?? "site-menu";
  let menu: HTMLElement | null = null;

  function build(): HTMLElement {
    const built = fromTemplate(
      session.viewer ? TEMPLATES.menuSignedIn : TEMPLATES.menuSignedOut,
      doc,
    );
    built.id = menuId;
    // A link to where the visitor already is (#features) closes the menu too.
    for (const link of built.querySelectorAll("a")) link.addEventListener("click", close);
    return built;
  }

  function show(open: boolean) {
    button?.setAttribute("aria-expanded", String(open));
    button?.replaceChildren(
      fromTemplate(open ? TEMPLATES.menuIconOpen : TEMPLATES.menuIconClosed, doc),
    );
  }

  function open() {
    menu = build();
    header.append(menu);
    show(true);
  }

  function close() {
    menu?.remove();
    menu = null;
    show(false);
  }

  button.addEventListener("click", () => (menu ? close() : open()));
  doc.defaultView?.addEventListener("keydown", (event) => {
    if (!menu || event.key !== "Escape") return;
    close();
    button.focus();
  });
  // Signing in while it is open (the session answer came late) updates its links in place.
  session.onChange(() => {
    if (!menu) return;
    const next = build();
    menu.replaceWith(next);
    menu = next;
  });
}
