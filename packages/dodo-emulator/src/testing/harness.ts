import DodoPayments from "dodopayments";
import {
  type DodoEmulatorOptions,
  type RunningDodoEmulator,
  startDodoEmulator,
} from "../server.ts";
import type { DodoAddon, DodoProduct } from "../state/store.ts";
import { newWebhookKey, startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver.ts";

/** A stand-in, a verifying webhook receiver and an SDK client pointed at it, for one test. */

export const API_KEY = "test-dodo-api-key";
export const START = new Date("2025-03-10T09:30:00.000Z");

/** An add-on both products may carry, and one attached to neither. */
export const EXTRA_PROPERTY: DodoAddon = {
  addonId: "adn_test_extra_property",
  name: "Extra analytics property",
  priceCents: 1000,
};
export const UNATTACHED: DodoAddon = {
  addonId: "adn_test_unattached",
  name: "Priority support",
  priceCents: 500,
};

export const PRO: DodoProduct = {
  productId: "pdt_test_pro",
  name: "Utmost Pro",
  priceCents: 1900,
  addonIds: [EXTRA_PROPERTY.addonId],
};
export const AGENCY: DodoProduct = {
  productId: "pdt_test_agency",
  name: "Utmost Agency",
  priceCents: 9900,
  addonIds: [EXTRA_PROPERTY.addonId],
};

export interface Harness {
  emulator: RunningDodoEmulator;
  receiver: WebhookReceiver;
  client: DodoPayments;
  webhookKey: string;
  clock: { now: Date };
  close(): Promise<void>;
}

/** The SDK as the server builds it: baseURL instead of an environment, no retries to hide errors. */
export function sdk(url: string, bearerToken = API_KEY): DodoPayments {
  return new DodoPayments({ bearerToken, baseURL: url, environment: undefined, maxRetries: 0 });
}

export async function startHarness(options: Partial<DodoEmulatorOptions> = {}): Promise<Harness> {
  const webhookKey = options.webhookKey ?? newWebhookKey();
  const receiver = await startWebhookReceiver(webhookKey);
  const clock = { now: START };
  const emulator = await startDodoEmulator({
    apiKey: API_KEY,
    webhookKey,
    webhookUrl: receiver.url,
    products: [PRO, AGENCY],
    addons: [EXTRA_PROPERTY, UNATTACHED],
    now: () => clock.now,
    retryDelaysMs: [200],
    ...options,
  });
  return {
    emulator,
    receiver,
    client: sdk(emulator.url),
    webhookKey,
    clock,
    close: async () => {
      await emulator.close();
      await receiver.close();
    },
  };
}

/** Presses a hosted page's button: a form POST whose redirect the test reads itself. */
export function submitForm(url: string, form: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** The `action` of the form whose submit button has this label. */
export function formActionFor(html: string, buttonLabel: string): string {
  for (const form of html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)) {
    if (form[2]?.includes(`>${buttonLabel}</button>`)) {
      return (form[1] ?? "").replaceAll("&amp;", "&");
    }
  }
  throw new Error(`No form with a "${buttonLabel}" button in the page.`);
}
