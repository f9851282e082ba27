/**
 * "Skip to content" as the app's skip link does it (components/layout/skip-link.tsx): the focus
 * moves to the page's `<main>` and it scrolls into view, without a `#main-content` in the address.
 */
export function startSkipLink(doc: Document = document) {
  const main = doc.querySelector<HTMLElement>("main[id]");
  if (!main) return;
  const link = doc.querySelector<HTMLAnchorElement>(`a[href="#${main.id}"]`);
  link?.addEventListener("click", (event) => {
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: "start" });
  });
}
