import { PLANS } from "@utmost/contracts";
import { type RunningDodoEmulator, startDodoEmulator } from "@utmost/dodo-emulator";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { subscriptions } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, newUser, type QueueTestApp, signUp } from "../../test/test-app.ts";
import {
  billingEnv,
  deliver,
  subscriptionEvent,
  TEST_API_KEY,
  TEST_PRODUCTS,
  TEST_WEBHOOK_KEY,
} from "../billing/billing.testing.ts";

const ADMIN_EMAIL = "plan-admin@example.com";

async function subscriptionOf(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/**
 * Issue 23: an administrator's plan change never leaves a customer charged. A plan Dodo bills
 * changes at Dodo (the stand-in here) before it changes here; a plan given without Dodo is
 * complimentary and Dodo's events leave it alone.
 */
describe.each(testDatabaseKinds())("an administrator's plan change and Dodo on %s", (kind) => {
  let dodo: RunningDodoEmulator;
  let app: QueueTestApp;
  let adminCookie: string;

  beforeAll(async () => {
    dodo = await startDodoEmulator({
      apiKey: TEST_API_KEY,
      webhookKey: TEST_WEBHOOK_KEY,
      // Pro is not sold by this stand-in's account, so Dodo refuses a change to it.
      products: [
        { productId: TEST_PRODUCTS.advanced, name: "Utmost Team", priceCents: 4900 },
        { productId: TEST_PRODUCTS.agency, name: "Utmost Agency", priceCents: 19900 },
      ],
      retryDelaysMs: [50, 100],
    });
    app = await createTestApp(kind, {
      ...billingEnv(dodo.url),
      APP_URL: "http://app.test",
      ADMIN_EMAILS: ADMIN_EMAIL,
    });
    await app.server.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    dodo.control.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/dodo`);
    adminCookie = (await signUp(app, newUser({ email: ADMIN_EMAIL }))).cookie;
  });
  afterAll(async () => {
    await app?.close();
    await dodo?.close();
  });

  const setPlan = (userId: string, tier: string, dataSourceLimit: number) =>
    app.server.inject({
      method: "PATCH",
      url: `/api/admin/users/${userId}/subscription`,
      headers: { cookie: adminCookie },
      payload: { tier, dataSourceLimit },
    });

  /** A customer paying for Team through checkout and the stand-in's hosted page. */
  async function payingTeamCustomer() {
    const customer = await signUp(app);
    const checkout = await app.server.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { cookie: customer.cookie },
      payload: { tier: "advanced" },
    });
    const paid = await fetch(`${checkout.json().checkoutUrl}/pay`, {
      method: "POST",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const subscriptionId =
      new URL(paid.headers.get("location") ?? "").searchParams.get("subscription_id") ?? "";
    expect(await subscriptionOf(app.database.db, customer.userId)).toMatchObject({
      tier: "advanced",
      providerSubscriptionId: subscriptionId,
      complimentarySince: null,
    });
    return { userId: customer.userId, subscriptionId };
  }

  async function listed(userId: string) {
    const response = await app.server.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: { cookie: adminCookie },
    });
    return response.json().users.find((user: { id: string }) => user.id === userId);
  }

  it("lists a customer paying through Dodo as such", async () => {
    const { userId } = await payingTeamCustomer();
    expect((await listed(userId)).billing).toEqual({ source: "dodo" });
  });

  it("cancels the Dodo subscription now when a paying Team customer is set to Free", async () => {
    const { userId, subscriptionId } = await payingTeamCustomer();

    const response = await setPlan(userId, "free", 1);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      subscription: { tier: "free", status: "active", dataSourceLimit: 1 },
      billing: { source: "free" },
    });
    expect(dodo.control.subscription(subscriptionId)).toMatchObject({
      status: "cancelled",
      cancelled_at: expect.any(String),
    });
    // Nothing more is charged: Dodo renews no cancelled subscription.
    await expect(dodo.control.renew(subscriptionId)).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    expect(await subscriptionOf(app.database.db, userId)).toMatchObject({
      tier: "free",
      dataSourceLimit: 1,
      complimentarySince: null,
    });

    // The ended subscription is no longer Dodo's to change: a paid tier now is a gift.
    const given = await setPlan(userId, "agency", PLANS.agency.properties);
    expect(given.statusCode).toBe(200);
    expect(given.json().user.billing).toEqual({
      source: "complimentary",
      since: expect.any(String),
    });
    expect(dodo.control.subscription(subscriptionId)?.status).toBe("cancelled");
  });

  it("moves a paying Team customer to Agency with Dodo's prorated change-plan", async () => {
    const { userId, subscriptionId } = await payingTeamCustomer();
    const chargesBefore = dodo.control
      .deliveries()
      .filter((delivery) => delivery.type === "payment.succeeded").length;

    const response = await setPlan(userId, "agency", 30);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      subscription: { tier: "agency", status: "active", dataSourceLimit: 30 },
      billing: { source: "dodo" },
    });
    expect(dodo.control.subscription(subscriptionId)).toMatchObject({
      status: "active",
      product_id: TEST_PRODUCTS.agency,
      recurring_pre_tax_amount: 19900,
    });
    // The rest of the period is charged at once: one more successful payment.
    expect(
      dodo.control.deliveries().filter((delivery) => delivery.type === "payment.succeeded"),
    ).toHaveLength(chargesBefore + 1);
    expect(await subscriptionOf(app.database.db, userId)).toMatchObject({
      tier: "agency",
      dataSourceLimit: 30,
      providerSubscriptionId: subscriptionId,
      complimentarySince: null,
    });

    // Only the limit changes on the same plan: Dodo is not asked to change anything.
    const sent = dodo.control.deliveries().length;
    const raised = await setPlan(userId, "agency", 40);
    expect(raised.statusCode).toBe(200);
    expect(raised.json().user.subscription.dataSourceLimit).toBe(40);
    expect(dodo.control.deliveries()).toHaveLength(sent);
    expect(dodo.control.subscription(subscriptionId)?.product_id).toBe(TEST_PRODUCTS.agency);
  });

  it("changes nothing and says why when Dodo refuses", async () => {
    const { userId, subscriptionId } = await payingTeamCustomer();
    const before = await subscriptionOf(app.database.db, userId);

    // This account does not sell Pro: Dodo refuses the change-plan.
    const refused = await setPlan(userId, "pro", 1);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message:
        "The payment provider could not change the subscription's plan (HTTP 404). Please try again.",
    });
    expect(await subscriptionOf(app.database.db, userId)).toEqual(before);
    expect(dodo.control.subscription(subscriptionId)).toMatchObject({
      status: "active",
      product_id: TEST_PRODUCTS.advanced,
    });

    // A subscription Dodo does not know: not even read, and nothing written.
    const stranger = await signUp(app);
    await app.database.db
      .update(subscriptions)
      .set({ tier: "advanced", providerSubscriptionId: "sub_unknown_to_dodo" })
      .where(eq(subscriptions.userId, stranger.userId));
    const unknownBefore = await subscriptionOf(app.database.db, stranger.userId);
    const unknown = await setPlan(stranger.userId, "free", 1);
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().error).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message: "The payment provider could not read the subscription (HTTP 404). Please try again.",
    });
    expect(await subscriptionOf(app.database.db, stranger.userId)).toEqual(unknownBefore);
  });

  it("records a plan given without Dodo as complimentary, which Dodo's events do not undo", async () => {
    const { userId, cookie } = await signUp(app);
    const before = Date.now();

    const given = await setPlan(userId, "pro", 3);
    expect(given.statusCode).toBe(200);
    const { since } = given.json().user.billing;
    expect(given.json().user.billing).toEqual({ source: "complimentary", since });
    expect(Date.parse(since)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(since)).toBeLessThanOrEqual(Date.now());
    expect((await subscriptionOf(app.database.db, userId))?.complimentarySince?.toISOString()).toBe(
      since,
    );
    expect((await listed(userId)).billing).toEqual({ source: "complimentary", since });

    // Later Dodo events naming this user (a cancellation, another plan) leave the gift alone.
    for (const [type, status, productId] of [
      ["subscription.cancelled", "cancelled", TEST_PRODUCTS.advanced],
      ["subscription.active", "active", TEST_PRODUCTS.agency],
    ] as const) {
      const answer = await deliver(
        app,
        subscriptionEvent(type, new Date(), {
          subscriptionId: "sub_for_someone",
          status,
          productId,
          userId,
        }),
      );
      expect(answer.json()).toEqual({ received: true, outcome: "ignored" });
    }
    expect(await subscriptionOf(app.database.db, userId)).toMatchObject({
      tier: "pro",
      dataSourceLimit: 3,
      complimentarySince: new Date(since),
      providerSubscriptionId: null,
    });
    // The customer sees the plan they were given, and cannot be sold a second one over it.
    const checkout = await app.server.inject({
      method: "POST",
      url: "/api/billing/checkout",
      headers: { cookie },
      payload: { tier: "agency" },
    });
    expect(checkout.statusCode).toBe(409);

    // Another paid tier keeps the gift's start; Free ends it.
    const moved = await setPlan(userId, "agency", PLANS.agency.properties);
    expect(moved.json().user.billing).toEqual({ source: "complimentary", since });
    // Add-ons left from a subscription whose end was never heard of go with the plan.
    await app.database.db
      .update(subscriptions)
      .set({ extraProperties: 2 })
      .where(eq(subscriptions.userId, userId));
    const ended = await setPlan(userId, "free", 1);
    expect(ended.json().user.billing).toEqual({ source: "free" });
    expect(await subscriptionOf(app.database.db, userId)).toMatchObject({
      tier: "free",
      complimentarySince: null,
      extraProperties: 0,
    });
  });
});

describe("an administrator's plan change while Dodo does not answer", () => {
  let app: QueueTestApp;

  beforeAll(async () => {
    // Nothing listens on port 9: every call to Dodo fails to connect.
    app = await createTestApp("pglite", { ...billingEnv(), ADMIN_EMAILS: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("changes nothing and says the provider could not be reached", async () => {
    const admin = await signUp(app, newUser({ email: ADMIN_EMAIL }));
    const customer = await signUp(app);
    await app.database.db
      .update(subscriptions)
      .set({ tier: "advanced", providerSubscriptionId: "sub_paying" })
      .where(eq(subscriptions.userId, customer.userId));
    const before = await subscriptionOf(app.database.db, customer.userId);

    const response = await app.server.inject({
      method: "PATCH",
      url: `/api/admin/users/${customer.userId}/subscription`,
      headers: { cookie: admin.cookie },
      payload: { tier: "free", dataSourceLimit: 1 },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message: "The payment provider could not read the subscription. Please try again.",
    });
    expect(await subscriptionOf(app.database.db, customer.userId)).toEqual(before);
  });
});
