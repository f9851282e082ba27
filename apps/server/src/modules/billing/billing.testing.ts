import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { TestApp } from "../../test/test-app.ts";

/** Keys the billing tests configure the app with (a test-mode Dodo account of their own). */
export const TEST_WEBHOOK_KEY = `whsec_${Buffer.from("utmost-billing-test-webhook-key").toString("base64")}`;
export const TEST_API_KEY = "test-dodo-api-key";
export const TEST_PRODUCTS = { pro: "pdt_pro", advanced: "pdt_team", agency: "pdt_agency" };
/** The add-on sold as one extra property. */
export const TEST_EXTRA_PROPERTY_ADDON = "adn_extra_property";

export function billingEnv(baseUrl = "http://127.0.0.1:9/unused"): Record<string, string> {
  return {
    DODO_PAYMENTS_API_KEY: TEST_API_KEY,
    DODO_PAYMENTS_WEBHOOK_KEY: TEST_WEBHOOK_KEY,
    DODO_PAYMENTS_BASE_URL: baseUrl,
    DODO_PRODUCT_PRO: TEST_PRODUCTS.pro,
    DODO_PRODUCT_ADVANCED: TEST_PRODUCTS.advanced,
    DODO_PRODUCT_AGENCY: TEST_PRODUCTS.agency,
    DODO_ADDON_EXTRA_PROPERTY: TEST_EXTRA_PROPERTY_ADDON,
  };
}

export interface SubscriptionSnapshot {
  subscriptionId: string;
  status: string;
  productId: string;
  userId?: string;
  email?: string;
  customerId?: string;
  /** The subscription's add-ons, as `{addon_id, quantity}`. */
  addons?: { addon_id: string; quantity: number }[];
}

/** A provider event as Dodo sends it: `{business_id, type, timestamp, data}`. */
export function subscriptionEvent(type: string, at: Date, snapshot: SubscriptionSnapshot) {
  return {
    business_id: "bus_test",
    type,
    timestamp: at.toISOString(),
    data: {
      payload_type: "Subscription",
      subscription_id: snapshot.subscriptionId,
      status: snapshot.status,
      product_id: snapshot.productId,
      quantity: 1,
      addons: snapshot.addons ?? [],
      customer: {
        customer_id: snapshot.customerId ?? "cus_test",
        email: snapshot.email ?? "someone@example.com",
        name: "Test Marketer",
      },
      metadata: snapshot.userId ? { user_id: snapshot.userId } : {},
      next_billing_date: new Date(at.getTime() + 30 * 86_400_000).toISOString(),
    },
  };
}

/** Posts `event` to the webhook endpoint, signed with `key` (the right one unless told). */
export function deliver(
  app: TestApp,
  event: unknown,
  options: { webhookId?: string; key?: string; body?: string; signedAt?: Date } = {},
) {
  const webhookId = options.webhookId ?? `msg_${randomUUID()}`;
  const body = options.body ?? JSON.stringify(event);
  const signedAt = options.signedAt ?? new Date();
  const signature = new Webhook(options.key ?? TEST_WEBHOOK_KEY).sign(
    webhookId,
    signedAt,
    JSON.stringify(event),
  );
  return app.server.inject({
    method: "POST",
    url: "/api/webhooks/dodo",
    headers: {
      "content-type": "application/json",
      "webhook-id": webhookId,
      "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
      "webhook-signature": signature,
    },
    payload: body,
  });
}
