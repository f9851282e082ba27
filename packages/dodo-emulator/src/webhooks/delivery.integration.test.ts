import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Harness, PRO, sdk, startHarness, submitForm } from "../testing/harness.ts";

/**
 * Delivery as Dodo does it: a refused or failed attempt is retried on a schedule with the same
 * `webhook-id` and body, a duplicate can be forced, and nothing the receiver does breaks the
 * hosted page. The harness receiver verifies each request and expects no bad signatures.
 */

let h: Harness | undefined;

afterEach(async () => {
  expect(h?.receiver.rejected).toEqual([]);
  await h?.close();
  h = undefined;
});

async function newSession(harness: Harness): Promise<string> {
  const session = await harness.client.checkoutSessions.create({
    product_cart: [{ product_id: PRO.productId, quantity: 1 }],
    customer: { email: "ada@example.com", name: "Ada Lovelace" },
    return_url: "http://127.0.0.1:5173/billing",
    metadata: { workspace_id: "ws_42" },
  });
  return session.session_id;
}

/** A loopback URL where nothing listens. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/webhooks/dodo`;
}

describe("webhook delivery", () => {
  it("retries a refused event after the delay with the same webhook-id and body", async () => {
    h = await startHarness({ retryDelaysMs: [300] });
    const { emulator, receiver } = h;
    receiver.answerNext(500);

    await emulator.control.pay(await newSession(h));

    const [payment, active] = emulator.control.deliveries();
    expect(payment).toMatchObject({
      type: "payment.succeeded",
      attempts: 1,
      delivered: false,
      lastStatus: 500,
    });
    expect(payment?.lastError).toContain("500");
    expect(active).toMatchObject({ type: "subscription.active", attempts: 1, delivered: true });
    expect(receiver.ofType("payment.succeeded")).toHaveLength(1);

    await vi.waitFor(() => expect(receiver.ofType("payment.succeeded")).toHaveLength(2), {
      timeout: 5000,
    });

    const [first, retry] = receiver.ofType("payment.succeeded");
    expect(first?.answeredWith).toBe(500);
    expect(retry?.webhookId).toBe(first?.webhookId);
    expect(retry?.webhookId).toBe(payment?.webhookId);
    expect(retry?.body).toBe(first?.body);
    // The receiver has the retry a moment before the stand-in has read its answer.
    await vi.waitFor(() =>
      expect(emulator.control.deliveries()[0]).toMatchObject({
        attempts: 2,
        delivered: true,
        lastStatus: 200,
        lastError: null,
      }),
    );
  });

  it("stops after the last retry delay", async () => {
    h = await startHarness({ retryDelaysMs: [50, 50] });
    h.receiver.answerNext(503, 503, 503, 503);

    await h.emulator.control.failCheckout(await newSession(h));

    await vi.waitFor(() => expect(h?.emulator.control.deliveries()[0]?.attempts).toBe(3));
    await sleep(200);
    expect(h.emulator.control.deliveries()[0]).toMatchObject({
      attempts: 3,
      delivered: false,
      lastStatus: 503,
    });
    expect(h.receiver.received).toHaveLength(3);
  });

  it("redeliver sends a duplicate with the same webhook-id and body", async () => {
    h = await startHarness();
    await h.emulator.control.pay(await newSession(h));
    const [original] = h.emulator.control.deliveries();
    if (original === undefined) throw new Error("Nothing was delivered.");

    expect(await h.emulator.control.redeliver(original.webhookId)).toBe(200);

    const copies = h.receiver.received.filter((item) => item.webhookId === original.webhookId);
    expect(copies).toHaveLength(2);
    expect(copies[1]?.body).toBe(original.body);
    expect(copies[0]?.body).toBe(original.body);
    expect(h.emulator.control.deliveries()[0]?.attempts).toBe(2);
    await expect(h.emulator.control.redeliver("msg_unknown")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("never lets an unreachable receiver break the hosted page", async () => {
    h = await startHarness({ webhookUrl: await closedPortUrl() });
    const sessionId = await newSession(h);

    const response = await submitForm(`${h.emulator.url}/checkout/${sessionId}/pay`);

    expect(response.status).toBe(303);
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("status")).toBe(
      "active",
    );
    const deliveries = h.emulator.control.deliveries();
    expect(deliveries.map((delivery) => delivery.type)).toEqual([
      "payment.succeeded",
      "subscription.active",
    ]);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ attempts: 1, delivered: false, lastStatus: null });
      expect(delivery.lastError).toMatch(/fetch failed/);
    }
    expect(await h.emulator.control.redeliver(deliveries[0]?.webhookId ?? "")).toBeNull();
  });

  it("records events as undelivered without a webhook URL, and redelivers once one is set", async () => {
    h = await startHarness({ webhookUrl: undefined });
    await h.emulator.control.pay(await newSession(h));
    const [payment] = h.emulator.control.deliveries();
    expect(payment).toMatchObject({ attempts: 0, delivered: false, lastStatus: null });
    expect(payment?.lastError).toContain("No webhook URL");
    expect(h.receiver.received).toEqual([]);

    h.emulator.control.setWebhookUrl(h.receiver.url);

    expect(await h.emulator.control.redeliver(payment?.webhookId ?? "")).toBe(200);
    expect(h.receiver.received.map((item) => item.event.type)).toEqual(["payment.succeeded"]);
    expect(h.emulator.control.deliveries()[0]).toMatchObject({ attempts: 1, delivered: true });
  });

  it("signs with the configured key, so a receiver with another key refuses every event", async () => {
    h = await startHarness();
    const other = await startHarness();
    try {
      h.emulator.control.setWebhookUrl(other.receiver.url);
      await h.emulator.control.pay(await newSession(h));
      expect(other.receiver.received).toEqual([]);
      expect(other.receiver.rejected).toHaveLength(2);
      expect(h.emulator.control.deliveries()[0]?.lastStatus).toBe(400);
    } finally {
      other.receiver.rejected.length = 0;
      await other.close();
    }
  });

  it("stops pending retries when the stand-in closes", async () => {
    h = await startHarness({ retryDelaysMs: [150] });
    h.receiver.answerNext(500);
    await h.emulator.control.pay(await newSession(h));
    expect(h.receiver.ofType("payment.succeeded")).toHaveLength(1);

    await h.emulator.close();
    await sleep(400);

    expect(h.receiver.ofType("payment.succeeded")).toHaveLength(1);
    await expect(sdk(h.emulator.url).subscriptions.retrieve("sub_x")).rejects.toThrow();
  });
});
