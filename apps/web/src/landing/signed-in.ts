import { createCheckout, toastCheckoutError } from "./checkout";
import type { SignedInViewer } from "./session";
import { fromTemplate, planCurrentTemplate, planSignedInTemplate, TEMPLATES } from "./templates";

/** Plan buttons that start checkout: a paid plan that is not the visitor's. */
function checkoutButtons(doc: Document): HTMLButtonElement[] {
  return [...doc.querySelectorAll<HTMLButtonElement>("button[data-plan-action]")].filter(
    (button) => !button.disabled,
  );
}

/**
 * While checkout starts every plan button waits, the chosen one with a spinner; after success
 * the page is on its way out, so they stay that way (as `useCheckout` keeps them).
 */
function showPending(buttons: HTMLButtonElement[], pending: string | null) {
  for (const button of buttons) {
    const isPending = button.dataset.planAction === pending;
    button.disabled = pending !== null;
    button.setAttribute("aria-busy", String(isPending));
    const spinner = button.querySelector("[data-landing-spinner]");
    if (isPending && !spinner) {
      const icon = fromTemplate<SVGElement>(TEMPLATES.spinner, button.ownerDocument);
      icon.setAttribute("data-landing-spinner", "");
      button.prepend(icon);
    } else if (!isPending) {
      spinner?.remove();
    }
  }
}

/**
 * The page a signed-in visitor gets (as the app's landing route shows it): the header and the
 * hero lead to the dashboard, their plan is "Current plan", Free leads to the dashboard and a paid
 * plan starts the provider's checkout.
 */
export function showSignedIn(
  viewer: SignedInViewer,
  doc: Document = document,
  goTo: (url: string) => void = (url) => doc.defaultView?.location.assign(url),
) {
  const actions = doc.querySelector('[data-landing="header-actions"]');
  if (actions) {
    for (const child of [...actions.children]) {
      if (child.getAttribute("data-landing") !== "menu-button") child.remove();
    }
    actions.prepend(fromTemplate(TEMPLATES.headerActionsSignedIn, doc));
  }
  doc
    .querySelector('[data-landing="hero-action"]')
    ?.replaceWith(fromTemplate(TEMPLATES.heroActionSignedIn, doc));

  for (const action of doc.querySelectorAll<HTMLElement>("[data-plan-action]")) {
    const tier = action.dataset.planAction ?? "";
    action.replaceWith(
      fromTemplate(
        tier === viewer.tier ? planCurrentTemplate(tier) : planSignedInTemplate(tier),
        doc,
      ),
    );
  }
  const buttons = checkoutButtons(doc);
  for (const button of buttons) {
    button.addEventListener("click", () => {
      const tier = button.dataset.planAction ?? "";
      showPending(buttons, tier);
      createCheckout(tier).then(
        (checkoutUrl) => goTo(checkoutUrl),
        (error: unknown) => {
          showPending(buttons, null);
          toastCheckoutError(error);
        },
      );
    });
  }
}
