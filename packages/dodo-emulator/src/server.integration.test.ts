import DodoPayments from "dodopayments";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createDodoEmulator } from "./server.ts";
import {
  API_KEY,
  formActionFor,
  type Harness,
  PRO,
  sdk,
  startHarness,
  submitForm,
} from "./testing/harness.ts";
import { newWebhookKey } from "./testing/webhook-receiver.ts";

/**
 * The two ways the stand-in runs: mounted in another server under a prefix (the embedded demo,
 * where events come back to the same server), and on its own with the HTTP control endpoints
 * a browser e2e run uses.
 */

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe("mounted in a host server", () => {
  it("serves the API and pages under its prefix and delivers events to the host itself", async () => {
    const webhookKey = newWebhookKey();
    const verifier = new DodoPayments({ bearerToken: "unused", baseURL: "http://127.0.0.1:9" });
    const received: DodoPayments.UnwrapWebhookEvent[] = [];
    const publicUrl = "https://utmost.example.test/dodo-emulator";
    const emulator = createDodoEmulator({
      publicUrl: `${publicUrl}/`,
      apiKey: API_KEY,
      webhookKey,
      products: [PRO],
    });
    const host = Fastify();
    closers.push(() => host.close());
    // The host reads webhook bodies raw, as a signature check needs; the stand-in keeps its own.
    await host.register(async (webhooks) => {
      webhooks.addContentTypeParser("application/json", { parseAs: "string" }, (_r, body, done) =>
        done(null, body),
      );
      webhooks.post("/api/webhooks/dodo", async (request) => {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        received.push(verifier.webhooks.unwrap(String(request.body), { headers, key: webhookKey }));
        return { received: true };
      });
    });
    await host.register(emulator.plugin, { prefix: "/dodo-emulator" });
    const hostUrl = await host.listen({ host: "127.0.0.1", port: 0 });
    emulator.control.setWebhookUrl(`${hostUrl}/api/webhooks/dodo`);
    const client = sdk(`${hostUrl}/dodo-emulator`);

    const session = await client.checkoutSessions.create({
      product_cart: [{ product_id: PRO.productId, quantity: 1 }],
      customer: { email: "ada@example.com", name: "Ada" },
      return_url: `${hostUrl}/settings/billing`,
    });

    expect(session.checkout_url).toBe(`${publicUrl}/checkout/${session.session_id}`);
    const page = await (
      await fetch(`${hostUrl}/dodo-emulator/checkout/${session.session_id}`)
    ).text();
    const payAction = formActionFor(page, "Pay");
    expect(payAction).toBe(`${publicUrl}/checkout/${session.session_id}/pay`);

    const paid = await submitForm(payAction.replace(publicUrl, `${hostUrl}/dodo-emulator`));

    expect(paid.status).toBe(303);
    expect(received.map((event) => event.type)).toEqual([
      "payment.succeeded",
      "subscription.active",
    ]);
    expect(emulator.control.deliveries().every((delivery) => delivery.delivered)).toBe(true);
    const customerId = emulator.control.subscriptions()[0]?.customer.customer_id ?? "";
    const { link } = await client.customers.customerPortal.create(customerId);
    expect(link).toMatch(new RegExp(`^${publicUrl}/portal/[\\w-]+$`));
  });
});

describe("the HTTP control endpoints", () => {
  async function harness(control: boolean): Promise<Harness> {
    const h = await startHarness({ control });
    closers.push(() => h.close());
    return h;
  }

  async function post(h: Harness, path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${h.emulator.url}/__emulator${path}`, { method: "POST" });
    return { status: response.status, body: await response.json() };
  }

  it("press the hosted page's buttons and move subscriptions along", async () => {
    const h = await harness(true);
    const newSession = async () =>
      (
        await h.client.checkoutSessions.create({
          product_cart: [{ product_id: PRO.productId, quantity: 1 }],
        })
      ).session_id;

    const paid = await post(h, `/checkouts/${await newSession()}/pay`);
    expect(paid.status).toBe(200);
    const subscriptionId = (paid.body as { subscription_id: string }).subscription_id;
    expect(subscriptionId).toMatch(/^sub_/);
    expect(await post(h, `/checkouts/${await newSession()}/fail`)).toEqual({
      status: 200,
      body: {},
    });

    h.clock.now = new Date("2025-04-10T09:30:00.000Z");
    const renewed = await post(h, `/subscriptions/${subscriptionId}/renew`);
    expect(renewed.body).toMatchObject({ next_billing_date: "2025-05-10T09:30:00.000Z" });
    const held = await post(h, `/subscriptions/${subscriptionId}/fail-renewal`);
    expect(held.body).toMatchObject({ status: "on_hold" });
    const cancelled = await post(h, `/subscriptions/${subscriptionId}/cancel`);
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    expect(await post(h, `/subscriptions/${subscriptionId}/cancel`)).toMatchObject({
      status: 409,
      body: { code: "INVALID_STATE" },
    });
    expect(await post(h, "/subscriptions/sub_unknown/renew")).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND" },
    });

    const list = await fetch(`${h.emulator.url}/__emulator/deliveries`);
    const { deliveries } = (await list.json()) as {
      deliveries: { type: string; webhookId: string }[];
    };
    expect(deliveries.map((delivery) => delivery.type)).toEqual([
      "payment.succeeded",
      "subscription.active",
      "payment.failed",
      "payment.succeeded",
      "subscription.renewed",
      "payment.failed",
      "subscription.on_hold",
      "subscription.cancelled",
    ]);
    expect(h.receiver.received).toHaveLength(8);
    const redelivered = await post(h, `/deliveries/${deliveries[0]?.webhookId}/redeliver`);
    expect(redelivered).toEqual({ status: 200, body: { status: 200 } });
    expect(h.receiver.received[8]?.webhookId).toBe(deliveries[0]?.webhookId);
  });

  it("list the subscriptions and move the stand-in's clock, and back", async () => {
    const h = await harness(true);
    const { session_id } = await h.client.checkoutSessions.create({
      product_cart: [{ product_id: PRO.productId, quantity: 1 }],
    });
    const clock = (now: unknown) =>
      fetch(`${h.emulator.url}/__emulator/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ now }),
      });
    expect((await clock("2025-03-01T08:00:00.000Z")).status).toBe(200);
    const paid = await post(h, `/checkouts/${session_id}/pay`);
    const subscriptionId = (paid.body as { subscription_id: string }).subscription_id;

    const listed = await fetch(`${h.emulator.url}/__emulator/subscriptions`);
    const { items } = (await listed.json()) as {
      items: { subscription_id: string; created_at: string }[];
    };
    expect(items.map((item) => item.subscription_id)).toEqual([subscriptionId]);
    // Nine days before the harness's (fixed) clock.
    expect(items[0]?.created_at).toBe("2025-03-01T08:00:00.000Z");

    expect((await clock(null)).status).toBe(200);
    const held = await post(h, `/subscriptions/${subscriptionId}/fail-renewal`);
    expect(held.status).toBe(200);
    const failed = h.receiver.ofType("payment.failed").at(-1)?.event;
    expect(failed?.timestamp).toBe(h.clock.now.toISOString());

    const refused = await clock("yesterday");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "INVALID_REQUEST_BODY" });
  });

  it("are absent unless asked for", async () => {
    const h = await harness(false);
    const response = await fetch(`${h.emulator.url}/__emulator/deliveries`);
    expect(response.status).toBe(404);
  });
});
