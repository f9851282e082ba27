import DodoPayments from "dodopayments";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addMonths } from "./billing/billing-dates.ts";
import { DodoApiError } from "./dodo-error.ts";
import {
  AGENCY,
  EXTRA_PROPERTY,
  formActionFor,
  type Harness,
  PRO,
  START,
  sdk,
  startHarness,
  submitForm,
  UNATTACHED,
} from "./testing/harness.ts";

/**
 * The stand-in driven the way the server drives Dodo: through the real `dodopayments` SDK, the
 * hosted pages a browser submits, and a receiver that verifies every event with Standard
 * Webhooks and the SDK's `webhooks.unwrap`. If the SDK can tell the stand-in from Dodo, it fails
 * here.
 */

const RETURN_URL = "http://127.0.0.1:5173/settings/billing?payment=success";
const METADATA = { workspace_id: "ws_42", tier: "pro" };

let h: Harness;

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  expect(h.receiver.rejected).toEqual([]);
  await h.close();
});

function createSession(overrides: Partial<DodoPayments.CheckoutSessionCreateParams> = {}) {
  return h.client.checkoutSessions.create({
    product_cart: [{ product_id: PRO.productId, quantity: 1 }],
    customer: { email: "ada@example.com", name: "Ada Lovelace" },
    return_url: RETURN_URL,
    metadata: METADATA,
    ...overrides,
  });
}

async function hostedPage(sessionId: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${h.emulator.url}/checkout/${sessionId}`);
  return { status: response.status, html: await response.text() };
}

/** A paid session: the subscription id from the return URL the hosted page redirected to. */
async function subscribe(email = "ada@example.com"): Promise<string> {
  const session = await createSession({ customer: { email, name: "Ada Lovelace" } });
  const response = await submitForm(`${h.emulator.url}/checkout/${session.session_id}/pay`);
  const subscriptionId = new URL(response.headers.get("location") ?? "").searchParams.get(
    "subscription_id",
  );
  if (!subscriptionId) throw new Error(`Pay answered ${response.status} without a subscription.`);
  return subscriptionId;
}

function types(): string[] {
  return h.receiver.received.map((item) => item.event.type);
}

describe("checkout sessions", () => {
  it("creates a session whose checkout_url opens a test-mode hosted page", async () => {
    const session = await createSession();

    expect(session.session_id).toMatch(/^cks_/);
    expect(session.checkout_url).toBe(`${h.emulator.url}/checkout/${session.session_id}`);
    const page = await hostedPage(session.session_id);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Test mode");
    expect(page.html).toContain("Utmost Pro");
    expect(page.html).toContain("$19.00 per month");
    expect(page.html).toContain("ada@example.com");
    expect(page.html).toContain("Card 4242 4242 4242 4242, any future date, any CVC");
    expect(formActionFor(page.html, "Pay")).toBe(`${session.checkout_url}/pay`);
    expect(formActionFor(page.html, "Fail")).toBe(`${session.checkout_url}/fail`);
  });

  it("refuses a wrong or missing API key with 401", async () => {
    const wrongKey = sdk(h.emulator.url, "not-the-key").checkoutSessions.create({
      product_cart: [{ product_id: PRO.productId, quantity: 1 }],
    });
    await expect(wrongKey).rejects.toBeInstanceOf(DodoPayments.AuthenticationError);
    await expect(wrongKey).rejects.toMatchObject({ status: 401, error: { code: "UNAUTHORIZED" } });

    const bare = await fetch(`${h.emulator.url}/subscriptions/sub_anything`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({
      code: "UNAUTHORIZED",
      message: "The API key is missing or not valid.",
    });
  });

  it("refuses unknown products and malformed carts", async () => {
    await expect(
      createSession({ product_cart: [{ product_id: "pdt_nope", quantity: 1 }] }),
    ).rejects.toMatchObject({ status: 404, error: { code: "NOT_FOUND" } });
    await expect(createSession({ product_cart: [] })).rejects.toBeInstanceOf(
      DodoPayments.UnprocessableEntityError,
    );
    await expect(
      createSession({ product_cart: [{ product_id: PRO.productId, quantity: 0 }] }),
    ).rejects.toMatchObject({ status: 422, error: { code: "INVALID_REQUEST_BODY" } });
    await expect(createSession({ return_url: "not a url" })).rejects.toMatchObject({
      status: 422,
    });
    const numberMetadata = await fetch(`${h.emulator.url}/checkouts`, {
      method: "POST",
      headers: { authorization: "Bearer test-dodo-api-key", "content-type": "application/json" },
      body: JSON.stringify({
        product_cart: [{ product_id: PRO.productId, quantity: 1 }],
        metadata: { seats: 3 },
      }),
    });
    expect(numberMetadata.status).toBe(422);
  });

  it("attaches an existing customer by customer_id, and refuses an unknown one", async () => {
    const subscriptionId = await subscribe("grace@example.com");
    const customerId = (await h.client.subscriptions.retrieve(subscriptionId)).customer.customer_id;
    const again = await createSession({ customer: { customer_id: customerId } });
    expect(await h.client.checkoutSessions.retrieve(again.session_id)).toMatchObject({
      customer_email: "grace@example.com",
    });
    expect((await hostedPage(again.session_id)).html).toContain("grace@example.com");
    await expect(createSession({ customer: { customer_id: "cus_nobody" } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("reports a session's payment status once the hosted page is paid", async () => {
    const session = await createSession();
    expect(await h.client.checkoutSessions.retrieve(session.session_id)).toEqual({
      id: session.session_id,
      created_at: START.toISOString(),
      customer_email: "ada@example.com",
      customer_name: "Ada Lovelace",
      payment_id: null,
      payment_status: null,
    });

    await h.emulator.control.pay(session.session_id);

    const paid = await h.client.checkoutSessions.retrieve(session.session_id);
    const payment = h.receiver.ofType("payment.succeeded")[0]?.event;
    expect(payment?.type).toBe("payment.succeeded");
    expect(paid.payment_status).toBe("succeeded");
    expect(paid.payment_id).toMatch(/^pay_/);
    expect(payment?.type === "payment.succeeded" && payment.data.payment_id).toBe(paid.payment_id);
    await expect(h.client.checkoutSessions.retrieve("cks_unknown")).rejects.toBeInstanceOf(
      DodoPayments.NotFoundError,
    );
  });
});

describe("the hosted checkout page", () => {
  it("Pay delivers payment.succeeded then subscription.active before redirecting to return_url", async () => {
    const session = await createSession();

    const response = await submitForm(`${session.checkout_url}/pay`);

    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("http://127.0.0.1:5173/settings/billing");
    expect(location.searchParams.get("payment")).toBe("success");
    expect(location.searchParams.get("status")).toBe("active");
    const subscriptionId = location.searchParams.get("subscription_id") ?? "";
    expect(subscriptionId).toMatch(/^sub_/);
    // Already there when the redirect arrives: the page awaited each first attempt.
    expect(types()).toEqual(["payment.succeeded", "subscription.active"]);

    const [paymentEvent, activeEvent] = h.receiver.received.map((item) => item.event);
    expect(paymentEvent).toMatchObject({
      business_id: "bus_utmost_test",
      type: "payment.succeeded",
      timestamp: START.toISOString(),
      data: {
        payload_type: "Payment",
        status: "succeeded",
        total_amount: 1900,
        currency: "USD",
        subscription_id: subscriptionId,
        checkout_session_id: session.session_id,
        customer: { email: "ada@example.com", name: "Ada Lovelace" },
        metadata: METADATA,
        created_at: START.toISOString(),
      },
    });
    expect(activeEvent).toMatchObject({
      business_id: "bus_utmost_test",
      type: "subscription.active",
      timestamp: START.toISOString(),
      data: {
        payload_type: "Subscription",
        subscription_id: subscriptionId,
        status: "active",
        product_id: PRO.productId,
        quantity: 1,
        metadata: METADATA,
        recurring_pre_tax_amount: 1900,
        currency: "USD",
        created_at: START.toISOString(),
        previous_billing_date: START.toISOString(),
        next_billing_date: "2025-04-10T09:30:00.000Z",
        cancelled_at: null,
        cancel_at_next_billing_date: false,
      },
    });
    const webhookIds = h.receiver.received.map((item) => item.webhookId);
    expect(webhookIds.every((id) => id.startsWith("msg_"))).toBe(true);
    expect(new Set(webhookIds).size).toBe(2);

    const retrieved = await h.client.subscriptions.retrieve(subscriptionId);
    expect({ ...retrieved, payload_type: "Subscription" }).toEqual(activeEvent?.data);
    expect(retrieved.customer.customer_id).toMatch(/^cus_/);
  });

  it("answers a finished or unknown session with an explanatory page", async () => {
    const session = await createSession();
    expect((await submitForm(`${session.checkout_url}/pay`)).status).toBe(303);

    const again = await submitForm(`${session.checkout_url}/pay`);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already succeeded");
    const page = await hostedPage(session.session_id);
    expect(page.status).toBe(409);
    expect(page.html).toContain("Checkout already completed");
    expect((await hostedPage("cks_unknown")).status).toBe(404);
    expect((await submitForm(`${h.emulator.url}/checkout/cks_unknown/fail`)).status).toBe(404);
    expect(types()).toEqual(["payment.succeeded", "subscription.active"]);
  });

  it("keeps one customer per email address", async () => {
    const first = await subscribe("grace@example.com");
    const second = await subscribe("Grace@example.com");
    const other = await subscribe("alan@example.com");

    const customerOf = (id: string) => h.emulator.control.subscription(id)?.customer.customer_id;
    expect(customerOf(first)).toBe(customerOf(second));
    expect(customerOf(other)).not.toBe(customerOf(first));
  });

  it("asks for an email when the session has none, and says so when there is no return_url", async () => {
    const session = await createSession({ customer: null, return_url: null });
    const page = await hostedPage(session.session_id);
    expect(page.html).toContain('name="email"');

    const response = await submitForm(formActionFor(page.html, "Pay"), {
      email: "grace@example.com",
    });

    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Payment complete");
    const [subscription] = h.emulator.control.subscriptions();
    expect(subscription?.customer).toMatchObject({ email: "grace@example.com", name: "grace" });
  });

  it("Fail delivers payment.failed, starts nothing and redirects with status=failed", async () => {
    const session = await createSession({ return_url: "http://127.0.0.1:5173/billing" });

    const response = await submitForm(`${session.checkout_url}/fail`);

    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("status")).toBe("failed");
    expect(location.searchParams.has("subscription_id")).toBe(false);
    expect(types()).toEqual(["payment.failed"]);
    expect(h.receiver.received[0]?.event).toMatchObject({
      type: "payment.failed",
      data: {
        payload_type: "Payment",
        status: "failed",
        subscription_id: null,
        metadata: METADATA,
        customer: { email: "ada@example.com" },
      },
    });
    expect(h.emulator.control.subscriptions()).toEqual([]);
    expect((await h.client.checkoutSessions.retrieve(session.session_id)).payment_status).toBe(
      "failed",
    );
  });

  it("prices several lines and quantities", async () => {
    const session = await createSession({
      product_cart: [
        { product_id: PRO.productId, quantity: 2 },
        { product_id: AGENCY.productId, quantity: 1 },
      ],
    });
    const page = await hostedPage(session.session_id);
    expect(page.html).toContain("Utmost Pro × 2");
    expect(page.html).toContain("$137.00 per month");

    await h.emulator.control.pay(session.session_id);

    expect(types()).toEqual(["payment.succeeded", "subscription.active", "subscription.active"]);
    expect(h.emulator.control.subscriptions().map((s) => s.recurring_pre_tax_amount)).toEqual([
      3800, 9900,
    ]);
  });
});

describe("the subscription lifecycle", () => {
  it("renew charges and moves the billing dates a month on", async () => {
    const id = await subscribe();
    h.clock.now = new Date("2025-04-10T09:30:00.000Z");

    await h.emulator.control.renew(id);

    expect(types().slice(2)).toEqual(["payment.succeeded", "subscription.renewed"]);
    const renewed = await h.client.subscriptions.retrieve(id);
    expect(renewed).toMatchObject({
      status: "active",
      previous_billing_date: "2025-04-10T09:30:00.000Z",
      next_billing_date: "2025-05-10T09:30:00.000Z",
    });
    expect(h.receiver.received[2]?.event).toMatchObject({
      timestamp: "2025-04-10T09:30:00.000Z",
      data: { subscription_id: id, total_amount: 1900, status: "succeeded" },
    });
    expect(h.receiver.received[3]?.event.data).toMatchObject({
      subscription_id: id,
      next_billing_date: "2025-05-10T09:30:00.000Z",
    });
  });

  it("failRenewal puts the subscription on hold and a later renewal recovers it", async () => {
    const id = await subscribe();

    await h.emulator.control.failRenewal(id);

    expect(types().slice(2)).toEqual(["payment.failed", "subscription.on_hold"]);
    expect(h.receiver.received[2]?.event.data).toMatchObject({
      status: "failed",
      subscription_id: id,
    });
    expect((await h.client.subscriptions.retrieve(id)).status).toBe("on_hold");
    await expect(h.emulator.control.failRenewal(id)).rejects.toMatchObject({
      code: "INVALID_STATE",
    });

    await h.emulator.control.renew(id);
    expect((await h.client.subscriptions.retrieve(id)).status).toBe("active");
  });

  it("cancel ends the subscription now and refuses to act on it afterwards", async () => {
    const id = await subscribe();
    h.clock.now = new Date("2025-03-20T12:00:00.000Z");

    await h.emulator.control.cancel(id);

    expect(types().slice(2)).toEqual(["subscription.cancelled"]);
    const cancelled = await h.client.subscriptions.retrieve(id);
    expect(cancelled).toMatchObject({
      status: "cancelled",
      cancelled_at: "2025-03-20T12:00:00.000Z",
    });
    const renewal = h.emulator.control.renew(id);
    await expect(renewal).rejects.toBeInstanceOf(DodoApiError);
    await expect(renewal).rejects.toMatchObject({ code: "INVALID_STATE", status: 409 });
    await expect(h.emulator.control.cancel("sub_unknown")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(h.emulator.control.subscription("sub_unknown")).toBeUndefined();
  });

  it("PATCH sets cancel_at_next_billing_date, and the next billing date then ends it", async () => {
    const id = await subscribe();

    const updated = await h.client.subscriptions.update(id, { cancel_at_next_billing_date: true });

    expect(updated.cancel_at_next_billing_date).toBe(true);
    expect(updated.status).toBe("active");
    expect(types().slice(2)).toEqual(["subscription.updated"]);
    expect(h.receiver.received[2]?.event.data).toMatchObject({
      subscription_id: id,
      cancel_at_next_billing_date: true,
    });

    await h.emulator.control.renew(id);

    expect(types().slice(3)).toEqual(["subscription.cancelled"]);
    expect((await h.client.subscriptions.retrieve(id)).status).toBe("cancelled");
  });

  it("PATCH status cancelled cancels, once", async () => {
    const id = await subscribe();

    const cancelled = await h.client.subscriptions.update(id, { status: "cancelled" });

    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelled_at).toBe(START.toISOString());
    expect(types().slice(2)).toEqual(["subscription.cancelled"]);
    await expect(h.client.subscriptions.update(id, { status: "cancelled" })).rejects.toMatchObject({
      status: 409,
      error: { code: "INVALID_STATE" },
    });
    await expect(h.client.subscriptions.update(id, { status: "paused" })).rejects.toMatchObject({
      status: 422,
    });
    await expect(h.client.subscriptions.retrieve("sub_unknown")).rejects.toBeInstanceOf(
      DodoPayments.NotFoundError,
    );
  });

  it("hands out subscriptions in the SDK's own shape", async () => {
    const id = await subscribe();
    const subscription = h.emulator.control.subscription(id);
    if (subscription === undefined) throw new Error("The paid subscription is missing.");
    // A compile-time check as much as a runtime one: the stand-in's type is the SDK's.
    const asSdk: DodoPayments.Subscription = subscription;
    expect(asSdk).toEqual(await h.client.subscriptions.retrieve(id));
    expect(asSdk).toMatchObject({
      payment_frequency_interval: "Month",
      payment_frequency_count: 1,
      subscription_period_interval: "Year",
      subscription_period_count: 10,
      billing: { country: "US" },
      brand_id: "bus_utmost_test",
      addons: [],
      meters: [],
      has_payment_method: true,
    });
    expect(addMonths(new Date(asSdk.created_at), 1).toISOString()).toBe(asSdk.next_billing_date);
  });
});

describe("the customer portal", () => {
  it("links to a page listing the customer's subscriptions, where one can be cancelled", async () => {
    const id = await subscribe();
    const customerId = h.emulator.control.subscription(id)?.customer.customer_id ?? "";

    const { link } = await h.client.customers.customerPortal.create(customerId, {
      return_url: "http://127.0.0.1:5173/settings/billing",
    });

    expect(link.startsWith(`${h.emulator.url}/portal/`)).toBe(true);
    const page = await (await fetch(link)).text();
    expect(page).toContain("Utmost Pro");
    expect(page).toContain("active");
    expect(page).toContain("2025-04-10");
    expect(page).toContain('<a href="http://127.0.0.1:5173/settings/billing">Return</a>');

    const response = await submitForm(formActionFor(page, "Cancel subscription"));

    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(link);
    expect(types().slice(2)).toEqual(["subscription.cancelled"]);
    expect((await h.client.subscriptions.retrieve(id)).status).toBe("cancelled");
    const after = await (await fetch(link)).text();
    expect(after).toContain("cancelled");
    expect(after).not.toContain("Cancel subscription");
  });

  it("shows only its own customer's subscriptions and refuses unknown links", async () => {
    const mine = await subscribe("ada@example.com");
    const theirs = await subscribe("alan@example.com");
    const customerId = h.emulator.control.subscription(mine)?.customer.customer_id ?? "";
    const { link } = await h.client.customers.customerPortal.create(customerId);

    const foreign = await submitForm(`${link}/subscriptions/${theirs}/cancel`);

    expect(foreign.status).toBe(404);
    expect(h.emulator.control.subscription(theirs)?.status).toBe("active");
    expect(await (await fetch(link)).text()).not.toContain("alan@example.com");
    expect((await fetch(`${h.emulator.url}/portal/not-a-token`)).status).toBe(404);
    await expect(h.client.customers.customerPortal.create("cus_unknown")).rejects.toBeInstanceOf(
      DodoPayments.NotFoundError,
    );
  });
});

describe("changing plans", () => {
  // Dodo's change-plan (api-reference/subscriptions/change-plan): product_id,
  // proration_billing_mode and quantity are required.
  it("moves the subscription to the new product and charges the prorated difference", async () => {
    const id = await subscribe();
    // Halfway through a 31-day period (March 10 to April 10).
    h.clock.now = new Date("2025-03-25T21:30:00.000Z");

    const answer = await h.client.subscriptions.changePlan(id, {
      product_id: AGENCY.productId,
      quantity: 1,
      proration_billing_mode: "prorated_immediately",
    });

    expect(answer.payment_id).toMatch(/^pay_/);
    const changed = await h.client.subscriptions.retrieve(id);
    expect(changed).toMatchObject({
      status: "active",
      product_id: AGENCY.productId,
      quantity: 1,
      recurring_pre_tax_amount: AGENCY.priceCents,
      next_billing_date: addMonths(START, 1).toISOString(),
    });
    expect(types().slice(2)).toEqual(["payment.succeeded", "subscription.plan_changed"]);
    const charge = await h.client.payments.retrieve(answer.payment_id ?? "");
    expect(charge.total_amount).toBe(Math.round((AGENCY.priceCents - PRO.priceCents) / 2));
  });

  it("charges nothing to move down with prorated_immediately", async () => {
    const session = await createSession({
      product_cart: [{ product_id: AGENCY.productId, quantity: 1 }],
    });
    const paid = await submitForm(`${h.emulator.url}/checkout/${session.session_id}/pay`);
    const id = new URL(paid.headers.get("location") ?? "").searchParams.get("subscription_id");
    const answer = await h.client.subscriptions.changePlan(id ?? "", {
      product_id: PRO.productId,
      quantity: 1,
      proration_billing_mode: "prorated_immediately",
    });
    expect(answer.payment_id).toBeNull();
    expect(types().slice(2)).toEqual(["subscription.plan_changed"]);
  });

  it('refuses a quantity below 1: "Number of units to subscribe for. Must be at least 1."', async () => {
    const id = await subscribe();
    await expect(
      h.client.subscriptions.changePlan(id, {
        product_id: AGENCY.productId,
        quantity: 0,
        proration_billing_mode: "prorated_immediately",
      }),
    ).rejects.toMatchObject({ status: 422, error: { code: "INVALID_REQUEST_BODY" } });
    expect((await h.client.subscriptions.retrieve(id)).product_id).toBe(PRO.productId);
  });

  it("refuses a missing proration_billing_mode (required), an unknown product and a cancelled subscription", async () => {
    const id = await subscribe();
    const raw = await fetch(`${h.emulator.url}/subscriptions/${id}/change-plan`, {
      method: "POST",
      headers: { Authorization: "Bearer test-dodo-api-key", "Content-Type": "application/json" },
      body: JSON.stringify({ product_id: AGENCY.productId, quantity: 1 }),
    });
    expect(raw.status).toBe(422);
    await expect(
      h.client.subscriptions.changePlan(id, {
        product_id: "pdt_nope",
        quantity: 1,
        proration_billing_mode: "full_immediately",
      }),
    ).rejects.toMatchObject({ status: 404, error: { code: "NOT_FOUND" } });
    await h.emulator.control.cancel(id);
    await expect(
      h.client.subscriptions.changePlan(id, {
        product_id: AGENCY.productId,
        quantity: 1,
        proration_billing_mode: "full_immediately",
      }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe("add-ons", () => {
  // Dodo's add-ons (features/addons, developer-resources/subscription-upgrade-downgrade):
  // attached to products, bought in quantities, changed with change-plan and prorated.
  const withExtras = (
    quantity: number,
    productId = PRO.productId,
  ): DodoPayments.SubscriptionChangePlanParams => ({
    product_id: productId,
    quantity: 1,
    proration_billing_mode: "prorated_immediately",
    addons: [{ addon_id: EXTRA_PROPERTY.addonId, quantity }],
  });

  it("answers GET /addons/{id} as the SDK's AddonResponse, and 404 for an unknown one", async () => {
    const addon: DodoPayments.AddonResponse = await h.client.addons.retrieve(
      EXTRA_PROPERTY.addonId,
    );
    expect(addon).toEqual({
      id: EXTRA_PROPERTY.addonId,
      business_id: "bus_utmost_test",
      created_at: START.toISOString(),
      updated_at: START.toISOString(),
      currency: "USD",
      name: "Extra analytics property",
      price: 1000,
      tax_category: "saas",
      description: null,
      image: null,
    });
    await expect(h.client.addons.retrieve("adn_nope")).rejects.toBeInstanceOf(
      DodoPayments.NotFoundError,
    );
  });

  it('"Addons are included in the proration calculation": two extras halfway through the period', async () => {
    const id = await subscribe();
    h.clock.now = new Date("2025-03-25T21:30:00.000Z");

    const answer = await h.client.subscriptions.changePlan(id, withExtras(2));

    const changed = await h.client.subscriptions.retrieve(id);
    expect(changed).toMatchObject({
      product_id: PRO.productId,
      quantity: 1,
      addons: [{ addon_id: EXTRA_PROPERTY.addonId, quantity: 2 }],
      recurring_pre_tax_amount: PRO.priceCents + 2 * EXTRA_PROPERTY.priceCents,
      next_billing_date: addMonths(START, 1).toISOString(),
    });
    expect(types().slice(2)).toEqual(["payment.succeeded", "subscription.plan_changed"]);
    const charge = await h.client.payments.retrieve(answer.payment_id ?? "");
    expect(charge.total_amount).toBe(EXTRA_PROPERTY.priceCents);
    // "subscription.plan_changed: Subscription plan changed (upgrade/downgrade/addon update)".
    const event = h.receiver.ofType("subscription.plan_changed")[0]?.event;
    expect(event?.data).toMatchObject({
      subscription_id: id,
      addons: [{ addon_id: EXTRA_PROPERTY.addonId, quantity: 2 }],
    });
  });

  it('"Leaving this empty would remove any existing addons", whether left out or []', async () => {
    const id = await subscribe();
    await h.client.subscriptions.changePlan(id, withExtras(3));

    await h.client.subscriptions.changePlan(id, withExtras(1));
    expect((await h.client.subscriptions.retrieve(id)).recurring_pre_tax_amount).toBe(2900);

    const removed = await h.client.subscriptions.changePlan(id, {
      product_id: PRO.productId,
      quantity: 1,
      proration_billing_mode: "prorated_immediately",
    });
    expect(removed.payment_id).toBeNull();
    expect(await h.client.subscriptions.retrieve(id)).toMatchObject({
      addons: [],
      recurring_pre_tax_amount: PRO.priceCents,
    });

    await h.client.subscriptions.changePlan(id, withExtras(2));
    await h.client.subscriptions.changePlan(id, { ...withExtras(2), addons: [] });
    expect((await h.client.subscriptions.retrieve(id)).addons).toEqual([]);
  });

  it("keeps add-ons across a plan change only when the call names them, and renews at plan plus add-ons", async () => {
    const id = await subscribe();
    await h.client.subscriptions.changePlan(id, withExtras(2));

    await h.client.subscriptions.changePlan(id, withExtras(2, AGENCY.productId));
    expect((await h.client.subscriptions.retrieve(id)).recurring_pre_tax_amount).toBe(
      AGENCY.priceCents + 2 * EXTRA_PROPERTY.priceCents,
    );

    h.clock.now = new Date("2025-04-10T09:30:00.000Z");
    await h.emulator.control.renew(id);
    const renewal = h.receiver.ofType("payment.succeeded").at(-1)?.event;
    expect(renewal?.data).toMatchObject({ total_amount: 11_900, subscription_id: id });
  });

  it("refuses an unknown add-on, one not attached to the product, a quantity below 1 and a repeat, changing nothing", async () => {
    const id = await subscribe();
    const before = await h.client.subscriptions.retrieve(id);
    const refused = [
      [{ addon_id: "adn_nope", quantity: 1 }, 404],
      [{ addon_id: UNATTACHED.addonId, quantity: 1 }, 422],
      [{ addon_id: EXTRA_PROPERTY.addonId, quantity: 0 }, 422],
      [{ addon_id: EXTRA_PROPERTY.addonId, quantity: 1.5 }, 422],
    ] as const;
    for (const [addon, status] of refused) {
      await expect(
        h.client.subscriptions.changePlan(id, { ...withExtras(1), addons: [{ ...addon }] }),
      ).rejects.toMatchObject({ status });
    }
    await expect(
      h.client.subscriptions.changePlan(id, {
        ...withExtras(1),
        addons: [
          { addon_id: EXTRA_PROPERTY.addonId, quantity: 1 },
          { addon_id: EXTRA_PROPERTY.addonId, quantity: 2 },
        ],
      }),
    ).rejects.toMatchObject({ status: 422 });
    expect(await h.client.subscriptions.retrieve(id)).toEqual(before);
    expect(types().slice(2)).toEqual([]);
  });

  it("says so when a checkout carries add-ons, which it attaches with change-plan only", async () => {
    await expect(
      createSession({
        product_cart: [
          {
            product_id: PRO.productId,
            quantity: 1,
            addons: [{ addon_id: EXTRA_PROPERTY.addonId, quantity: 1 }],
          },
        ],
      }),
    ).rejects.toMatchObject({ status: 422, error: { code: "INVALID_REQUEST_BODY" } });
  });
});

describe("listing payments", () => {
  it("lists a subscription's payments newest first with card and invoice link", async () => {
    const id = await subscribe();
    await h.emulator.control.renew(id);

    const page = await h.client.payments.list({ subscription_id: id });
    const items = page.items;
    expect(items).toHaveLength(2);
    expect(Date.parse(items[0]?.created_at ?? "")).toBeGreaterThanOrEqual(
      Date.parse(items[1]?.created_at ?? ""),
    );
    expect(items[0]).toMatchObject({
      status: "succeeded",
      total_amount: PRO.priceCents,
      currency: "USD",
      card_network: "VISA",
      card_last_four: "4242",
      subscription_id: id,
    });
    const invoice = await fetch(items[0]?.invoice_url ?? "");
    expect(invoice.status).toBe(200);
    expect(await invoice.text()).toContain("Utmost Pro");
    expect((await h.client.payments.list({ subscription_id: "sub_other" })).items).toEqual([]);
  });

  it('pages as documented: "Page size default is 10 max is 100"', async () => {
    const id = await subscribe();
    for (let index = 0; index < 11; index += 1) await h.emulator.control.renew(id);
    const first = await fetch(`${h.emulator.url}/payments?subscription_id=${id}`, {
      headers: { Authorization: "Bearer test-dodo-api-key" },
    });
    expect(((await first.json()) as { items: unknown[] }).items).toHaveLength(10);
    const over = await fetch(`${h.emulator.url}/payments?page_size=101`, {
      headers: { Authorization: "Bearer test-dodo-api-key" },
    });
    expect(over.status).toBe(422);
  });
});
