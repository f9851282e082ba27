/**
 * A notice at the top centre of the page, as the app's toasts show (sonner, `richColors`, with a
 * close button): announced politely, closed by its button or after 4 seconds.
 */

const DURATION_MS = 4_000;

const KIND_CLASS = {
  error: "border-destructive/30 bg-card text-destructive",
  info: "border-accent/30 bg-card text-accent",
} as const;

export type ToastKind = keyof typeof KIND_CLASS;

function region(doc: Document): HTMLElement {
  const existing = doc.querySelector<HTMLElement>("[data-landing-toasts]");
  if (existing) return existing;
  const section = doc.createElement("section");
  section.setAttribute("aria-label", "Notifications");
  section.setAttribute("aria-live", "polite");
  section.dataset.landingToasts = "";
  section.className =
    "pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4";
  doc.body.append(section);
  return section;
}

export function showToast(
  kind: ToastKind,
  title: string,
  description: string,
  doc: Document = document,
): HTMLElement {
  const toast = doc.createElement("div");
  toast.setAttribute("role", "status");
  toast.className = `pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 text-sm shadow-lg motion-safe:animate-fade-in ${KIND_CLASS[kind]}`;
  const text = doc.createElement("div");
  text.className = "flex-1";
  const heading = doc.createElement("p");
  heading.className = "font-semibold";
  heading.textContent = title;
  const body = doc.createElement("p");
  body.className = "mt-1 text-foreground";
  body.textContent = description;
  text.append(heading, body);
  const close = doc.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Close toast");
  close.className =
    "rounded-sm px-1 text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";
  close.textContent = "×";
  toast.append(text, close);

  const timer = doc.defaultView?.setTimeout(() => toast.remove(), DURATION_MS);
  close.addEventListener("click", () => {
    doc.defaultView?.clearTimeout(timer);
    toast.remove();
  });
  region(doc).append(toast);
  return toast;
}
