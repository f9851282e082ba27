/**
 * An offline stand-in for Dodo Payments: the API paths the `dodopayments` SDK calls (checkout
 * sessions, subscriptions, customer portal sessions), hosted checkout and portal pages, and
 * Standard Webhooks-signed events with redelivery, over an in-memory account.
 */

export type { DodoControl } from "./control.ts";
export { DodoApiError } from "./dodo-error.ts";
export {
  createDodoEmulator,
  type DodoEmulator,
  type DodoEmulatorOptions,
  type RunningDodoEmulator,
  startDodoEmulator,
} from "./server.ts";
export type { DodoAddon, DodoProduct } from "./state/store.ts";
export type { DodoPayment, DodoSubscription } from "./state/wire.ts";
export type { WebhookDelivery } from "./webhooks/webhook-sender.ts";
