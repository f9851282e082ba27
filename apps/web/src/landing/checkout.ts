import { isLocalEnvironmentMessage } from "@/features/billing/local-environment";
import { showToast } from "./toast";

/** The server's words for a failure: `{ error: { message } }`, or Better Auth's `{ message }`. */
export function failureMessage(status: number, body: unknown): string {
  if (typeof body === "object" && body !== null) {
    const { error, message } = body as { error?: { message?: unknown }; message?: unknown };
    if (typeof error?.message === "string" && error.message !== "") return error.message;
    if (typeof message === "string" && message !== "") return message;
  }
  return `Request failed with status ${status}`;
}

/**
 * Spec §7 create-dodo-checkout, as the app's `createCheckout` asks it: the provider's checkout
 * page for a paid plan, or an Error with the server's message.
 */
export async function createCheckout(tier: string): Promise<string> {
  const response = await fetch("/api/billing/checkout", {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify({ tier }),
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new Error(failureMessage(response.status, body));
  const url = (body as { checkoutUrl?: unknown } | undefined)?.checkoutUrl;
  if (typeof url !== "string" || url === "") throw new Error("Invalid response format");
  return url;
}

/** A checkout failure told as the app tells it (features/billing/api/create-checkout.ts). */
export function toastCheckoutError(error: unknown) {
  const message = error instanceof Error && error.message ? error.message : "Something went wrong";
  if (isLocalEnvironmentMessage(message)) {
    showToast("info", "Local Development Limitation", message);
  } else {
    showToast("error", "Upgrade failed", message);
  }
}
