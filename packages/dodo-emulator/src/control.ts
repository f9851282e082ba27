import type { Billing } from "./billing/billing.service.ts";
import type { DodoSubscription } from "./state/wire.ts";
import type { WebhookDelivery, WebhookSender } from "./webhooks/webhook-sender.ts";

/**
 * What a test or the demo does to the stand-in that only Dodo or the customer could do: press
 * the hosted page's buttons, let a billing date pass, read what was sent. Methods reject with a
 * `DodoApiError` (NOT_FOUND, INVALID_STATE) for an unknown id or a finished object.
 */
export interface DodoControl {
  setWebhookUrl(url: string): void;
  subscription(id: string): DodoSubscription | undefined;
  subscriptions(): DodoSubscription[];
  /** Same as pressing Pay on the hosted page. */
  pay(sessionId: string): Promise<{ subscriptionId: string }>;
  /** Same as pressing Fail on the hosted page. */
  failCheckout(sessionId: string): Promise<void>;
  /**
   * A renewal charge succeeds: payment.succeeded then subscription.renewed; next_billing_date
   * +1 month. A subscription set to cancel at the next billing date is cancelled instead.
   */
  renew(subscriptionId: string): Promise<void>;
  /** A renewal charge fails: payment.failed then subscription.on_hold (status on_hold). */
  failRenewal(subscriptionId: string): Promise<void>;
  /** Cancelled now: subscription.cancelled (status cancelled, cancelled_at set). */
  cancel(subscriptionId: string): Promise<void>;
  /** Every event sent, oldest first. */
  deliveries(): WebhookDelivery[];
  /**
   * Sets the stand-in's clock (event timestamps, billing dates) to `at`, from where it runs on;
   * null puts it back on the host's clock. Lets a demo or a browser test act out a renewal that
   * failed days ago.
   */
  setClock(at: Date | null): void;
  /**
   * Sends an already-sent event again with the SAME webhook-id and body (a duplicate delivery);
   * resolves to the receiver's HTTP status, or null if it was unreachable.
   */
  redeliver(webhookId: string): Promise<number | null>;
}

export function createControl(
  billing: Billing,
  webhooks: WebhookSender,
  setClock: (at: Date | null) => void,
): DodoControl {
  return {
    setClock,
    setWebhookUrl: (url) => webhooks.setUrl(url),
    subscription: (id) => billing.subscription(id),
    subscriptions: () => billing.subscriptions(),
    pay: async (sessionId) => {
      const { subscriptionIds } = await billing.pay(sessionId);
      return { subscriptionId: subscriptionIds[0] ?? "" };
    },
    failCheckout: (sessionId) => billing.failCheckout(sessionId),
    renew: (id) => billing.renew(id),
    failRenewal: (id) => billing.failRenewal(id),
    cancel: (id) => billing.cancel(id),
    deliveries: () => webhooks.deliveries(),
    redeliver: (webhookId) => webhooks.redeliver(webhookId),
  };
}
