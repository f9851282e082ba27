/** The toast a piece of its text belongs to: its title and kind ("success", "error", "info"). */
export function toastOf(text: HTMLElement) {
  const toast = text.closest("[data-sonner-toast]");
  return {
    title: toast?.querySelector("[data-title]")?.textContent,
    description: toast?.querySelector("[data-description]")?.textContent,
    type: toast?.getAttribute("data-type"),
  };
}
