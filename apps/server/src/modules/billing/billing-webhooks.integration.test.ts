import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEvents, dataSources, subscriptions, users, utmIssues } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { firstWorkspace } from "../google-connect/google-connect.testing.ts";
import { insertDataSource, insertIssue } from "../issues/issues.testing.ts";
import { downgradeLapsedSubscriptions } from "./billing.service.ts";
import {
  billingEnv,
  deliver,
  type SubscriptionSnapshot,
  subscriptionEvent,
  TEST_EXTRA_PROPERTY_ADDON,
  TEST_PRODUCTS,
} from "./billing.testing.ts";

const DAY = 86_400_000;
const T0 = new Date("2026-11-02T10:00:00.000Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

describe.each(testDatabaseKinds())("billing webhooks on %s", (kind) => {
  let app: QueueTestApp;

  beforeAll(async () => {
    app = await createTestApp(kind, billingEnv());
  });
  afterAll(async () => {
    await app.close();
  });

  async function subscriptionOf(userId: string) {
    const row = await app.database.db.query.subscriptions.findFirst({
      where: eq(subscriptions.userId, userId),
    });
    if (!row) throw new Error("no subscription row");
    return row;
  }

  async function eventsOf(userId: string) {
    const [row] = await app.database.db
      .select({ n: count() })
      .from(billingEvents)
      .where(eq(billingEvents.userId, userId));
    return row?.n ?? 0;
  }

  async function customer(): Promise<{
    userId: string;
    cookie: string;
    sub: SubscriptionSnapshot;
  }> {
    const { userId, cookie, input } = await signUp(app);
    return {
      userId,
      cookie,
      sub: {
        subscriptionId: `sub_${userId}`,
        status: "active",
        productId: TEST_PRODUCTS.pro,
        userId,
        email: input.email,
        customerId: `cus_${userId}`,
      },
    };
  }

  it("keeps the extra properties in step with the subscription's add-ons, newest snapshot first (ADR 025)", async () => {
    const { userId, sub } = await customer();
    const extras = (quantity: number) => [
      { addon_id: TEST_EXTRA_PROPERTY_ADDON, quantity },
      { addon_id: "adn_something_else", quantity: 4 },
    ];
    const team = { ...sub, productId: TEST_PRODUCTS.advanced };
    await deliver(app, subscriptionEvent("subscription.active", at(0), team));
    await deliver(
      app,
      subscriptionEvent("subscription.plan_changed", at(2), { ...team, addons: extras(3) }),
    );
    expect(await subscriptionOf(userId)).toMatchObject({
      tier: "advanced",
      extraProperties: 3,
      dataSourceLimit: 8,
    });

    // An older snapshot arriving late changes nothing; a newer one with fewer add-ons does.
    const stale = await deliver(
      app,
      subscriptionEvent("subscription.plan_changed", at(1), { ...team, addons: extras(1) }),
    );
    expect(stale.json().outcome).toBe("stale");
    expect((await subscriptionOf(userId)).dataSourceLimit).toBe(8);
    await deliver(
      app,
      subscriptionEvent("subscription.renewed", at(3), { ...team, addons: extras(1) }),
    );
    expect(await subscriptionOf(userId)).toMatchObject({ extraProperties: 1, dataSourceLimit: 6 });

    await deliver(
      app,
      subscriptionEvent("subscription.cancelled", at(4), {
        ...team,
        status: "cancelled",
        addons: extras(1),
      }),
    );
    expect(await subscriptionOf(userId)).toMatchObject({
      tier: "free",
      extraProperties: 0,
      dataSourceLimit: 1,
    });
  });

  it("applies a valid event once, however many times it is delivered", async () => {
    const { userId, sub } = await customer();
    const event = subscriptionEvent("subscription.active", at(0), {
      ...sub,
      productId: TEST_PRODUCTS.advanced,
    });
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await deliver(app, event, { webhookId: "msg_same_delivery" });
      expect(response.statusCode).toBe(200);
      outcomes.push(response.json().outcome);
    }
    expect(outcomes).toEqual(["applied", "duplicate", "duplicate"]);
    const row = await subscriptionOf(userId);
    expect(row).toMatchObject({
      tier: "advanced",
      status: "active",
      dataSourceLimit: 5,
      providerSubscriptionId: sub.subscriptionId,
      providerCustomerId: sub.customerId,
    });
    expect(await eventsOf(userId)).toBe(1);
  });

  it("applies one of three simultaneous deliveries of the same event", async () => {
    const { userId, sub } = await customer();
    const event = subscriptionEvent("subscription.active", at(0), sub);
    const responses = await Promise.all(
      [1, 2, 3].map(() => deliver(app, event, { webhookId: `msg_parallel_${userId}` })),
    );
    const outcomes = responses.map((response) => response.json().outcome).sort();
    expect(outcomes).toEqual(["applied", "duplicate", "duplicate"]);
    expect((await subscriptionOf(userId)).tier).toBe("pro");
  });

  it("a duplicate is not applied again even after a newer event changed the plan", async () => {
    const { userId, sub } = await customer();
    const active = subscriptionEvent("subscription.active", at(0), sub);
    expect((await deliver(app, active, { webhookId: `msg_a_${userId}` })).json().outcome).toBe(
      "applied",
    );
    const cancelled = subscriptionEvent("subscription.cancelled", at(1), {
      ...sub,
      status: "cancelled",
    });
    expect((await deliver(app, cancelled)).json().outcome).toBe("applied");
    // The provider retries the first delivery, whose answer it never saw.
    expect((await deliver(app, active, { webhookId: `msg_a_${userId}` })).json().outcome).toBe(
      "duplicate",
    );
    expect(await subscriptionOf(userId)).toMatchObject({ tier: "free", dataSourceLimit: 1 });
  });

  it.each([
    [
      "a signature made with another key",
      { key: `whsec_${Buffer.from("wrong").toString("base64")}` },
    ],
    ["a body changed after signing", { body: "tampered" }],
    ["a signature from an hour ago", { signedAt: new Date(Date.now() - 3_600_000) }],
  ])("refuses %s with 401 and changes nothing", async (_name, options) => {
    const { userId, sub } = await customer();
    const event = subscriptionEvent("subscription.active", at(0), sub);
    const body =
      "body" in options
        ? JSON.stringify({ ...event, data: { ...event.data, product_id: TEST_PRODUCTS.agency } })
        : undefined;
    const response = await deliver(app, event, {
      ...options,
      ...(body ? { body } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("INVALID_SIGNATURE");
    expect(await subscriptionOf(userId)).toMatchObject({ tier: "free", dataSourceLimit: 1 });
    expect(await eventsOf(userId)).toBe(0);
  });

  it("refuses a delivery without signature headers", async () => {
    const { userId, sub } = await customer();
    const response = await app.server.inject({
      method: "POST",
      url: "/api/webhooks/dodo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(subscriptionEvent("subscription.active", at(0), sub)),
    });
    expect(response.statusCode).toBe(401);
    expect((await subscriptionOf(userId)).tier).toBe("free");
  });

  it("ends in the newest state whatever order the events arrive in", async () => {
    // A subscription's life: bought, a renewal fails, the retry succeeds, then it is cancelled.
    const life = (sub: SubscriptionSnapshot) => [
      subscriptionEvent("subscription.active", at(0), sub),
      subscriptionEvent("subscription.on_hold", at(30), { ...sub, status: "on_hold" }),
      subscriptionEvent("subscription.renewed", at(32), sub),
      subscriptionEvent("subscription.cancelled", at(40), { ...sub, status: "cancelled" }),
    ];
    const orders = permutations([0, 1, 2, 3]);
    expect(orders).toHaveLength(24);
    for (const order of orders) {
      const { userId, sub } = await customer();
      const events = life(sub);
      for (const index of order) {
        expect((await deliver(app, events[index])).statusCode).toBe(200);
      }
      const row = await subscriptionOf(userId);
      expect({ order, tier: row.tier, limit: row.dataSourceLimit }).toEqual({
        order,
        tier: "free",
        limit: 1,
      });
      expect(row.providerEventAt?.toISOString()).toBe(at(40).toISOString());
    }
    // Without the cancellation, every order of the first three ends active and paid up.
    for (const order of permutations([0, 1, 2])) {
      const { userId, sub } = await customer();
      const events = life(sub);
      for (const index of order) await deliver(app, events[index]);
      expect(await subscriptionOf(userId)).toMatchObject({
        tier: "pro",
        status: "active",
        paymentFailedAt: null,
      });
    }
  });

  it("moves to Free 7 days after a failed payment, keeping every property", async () => {
    const { userId, cookie, sub } = await customer();
    const team = { ...sub, productId: TEST_PRODUCTS.advanced };
    await deliver(app, subscriptionEvent("subscription.active", at(0), team));
    const workspaceId = await firstWorkspace(app, cookie);
    const properties = [];
    for (let i = 0; i < 3; i += 1) {
      properties.push(
        await insertDataSource(app.database.db, {
          workspaceId,
          createdAt: new Date(T0.getTime() + i * 1000),
        }),
      );
    }
    const [oldest] = properties;
    if (!oldest) throw new Error("no property");
    await insertIssue(app.database.db, { dataSourceId: properties[2]?.id ?? "" });

    const failed = subscriptionEvent("subscription.on_hold", at(30), {
      ...team,
      status: "on_hold",
    });
    await deliver(app, failed);
    // The provider's retries fail too: the first failure's time stands.
    await deliver(
      app,
      subscriptionEvent("subscription.on_hold", at(33), { ...team, status: "on_hold" }),
    );
    expect(await subscriptionOf(userId)).toMatchObject({
      tier: "advanced",
      status: "on_hold",
      paymentFailedAt: at(30),
    });
    const overview = await app.server.inject({
      method: "GET",
      url: "/api/billing",
      headers: { cookie },
    });
    expect(overview.json().paymentGrace).toEqual({
      tier: "advanced",
      failedAt: at(30).toISOString(),
      endsAt: at(37).toISOString(),
    });

    expect(
      await downgradeLapsedSubscriptions(app.database.db, new Date(at(37).getTime() - 60_000)),
    ).not.toContain(userId);
    expect((await subscriptionOf(userId)).tier).toBe("advanced");

    expect(await downgradeLapsedSubscriptions(app.database.db, at(37))).toContain(userId);
    expect(await subscriptionOf(userId)).toMatchObject({
      tier: "free",
      dataSourceLimit: 1,
      dataSourcesUsed: 3,
      paymentFailedAt: null,
    });
    const kept = await app.database.db
      .select({ id: dataSources.id, isActive: dataSources.isActive })
      .from(dataSources)
      .where(eq(dataSources.workspaceId, workspaceId));
    expect(kept).toHaveLength(3);
    expect(kept.filter((property) => property.isActive).map((property) => property.id)).toEqual([
      oldest.id,
    ]);
    const issues = await app.database.db
      .select({ n: count() })
      .from(utmIssues)
      .where(eq(utmIssues.dataSourceId, properties[2]?.id ?? ""));
    expect(issues[0]?.n).toBe(1);
    // A paused property shows so, and is not audited until the plan covers it again.
    const paused = properties[2]?.id ?? "";
    const shown = await app.server.inject({
      method: "GET",
      url: `/api/data-sources/${paused}`,
      headers: { cookie },
    });
    expect(shown.json().dataSource).toMatchObject({ isActive: false, pausedByPlan: true });
    const audit = await app.server.inject({
      method: "POST",
      url: `/api/data-sources/${paused}/audits`,
      headers: { cookie },
      payload: { scanType: "manual" },
    });
    expect(audit.statusCode).toBe(403);
    expect(audit.json().error.code).toBe("PLAN_LIMIT_REACHED");
    // Run again: nothing more to do.
    expect(await downgradeLapsedSubscriptions(app.database.db, at(38))).not.toContain(userId);

    // Paying again brings the paused properties back.
    await deliver(app, subscriptionEvent("subscription.renewed", at(39), team));
    const restored = await app.database.db
      .select({ isActive: dataSources.isActive, suspended: dataSources.suspendedByPlanAt })
      .from(dataSources)
      .where(eq(dataSources.workspaceId, workspaceId));
    expect(restored.every((property) => property.isActive && property.suspended === null)).toBe(
      true,
    );
  });

  it("a payment that recovers within 7 days keeps the plan", async () => {
    const { userId, sub } = await customer();
    await deliver(app, subscriptionEvent("subscription.active", at(0), sub));
    await deliver(
      app,
      subscriptionEvent("subscription.on_hold", at(30), { ...sub, status: "on_hold" }),
    );
    await deliver(app, subscriptionEvent("subscription.renewed", at(34), sub));
    expect(await downgradeLapsedSubscriptions(app.database.db, at(45))).not.toContain(userId);
    expect(await subscriptionOf(userId)).toMatchObject({ tier: "pro", status: "active" });
  });

  it("ignores events for products it does not sell and for unknown customers", async () => {
    const { userId, sub } = await customer();
    const other = await deliver(
      app,
      subscriptionEvent("subscription.active", at(0), { ...sub, productId: "pdt_other" }),
    );
    expect(other.json().outcome).toBe("ignored");
    const stranger = await deliver(
      app,
      subscriptionEvent("subscription.active", at(0), {
        subscriptionId: "sub_stranger",
        status: "active",
        productId: TEST_PRODUCTS.pro,
        email: "nobody-here@example.com",
      }),
    );
    expect(stranger.json().outcome).toBe("ignored");
    const payment = await deliver(app, {
      business_id: "bus_test",
      type: "payment.succeeded",
      timestamp: at(0).toISOString(),
      data: { payload_type: "Payment", payment_id: "pay_1" },
    });
    expect(payment.json().outcome).toBe("ignored");
    expect((await subscriptionOf(userId)).tier).toBe("free");
  });

  /** The payload stored for the delivery of `webhookId`. */
  async function storedPayload(webhookId: string) {
    const [row] = await app.database.db
      .select({ payload: billingEvents.payload })
      .from(billingEvents)
      .where(eq(billingEvents.webhookId, webhookId));
    return row?.payload as { data: Record<string, unknown> } | undefined;
  }

  it("keeps a late event about an account that is gone without what says who paid", async () => {
    const { userId, sub } = await customer();
    await deliver(app, subscriptionEvent("subscription.active", at(0), sub));
    // The account purged (the user row goes, its subscription with it).
    await app.database.db.delete(users).where(eq(users.id, userId));

    const webhookId = `msg_${randomUUID()}`;
    const late = await deliver(
      app,
      subscriptionEvent("subscription.expired", at(40), { ...sub, status: "expired" }),
      { webhookId },
    );
    expect(late.json().outcome).toBe("ignored");
    const stored = await storedPayload(webhookId);
    expect(stored?.data).toMatchObject({
      subscription_id: sub.subscriptionId,
      status: "expired",
      product_id: TEST_PRODUCTS.pro,
      customer: { customer_id: sub.customerId, email: null, name: null },
      metadata: {},
    });
    expect(JSON.stringify(stored)).not.toContain(sub.email);
  });

  it("keeps a payment naming a customer with an account as it came", async () => {
    const { sub } = await customer();
    await deliver(app, subscriptionEvent("subscription.active", at(0), sub));
    const payment = (email: string) => ({
      business_id: "bus_test",
      type: "payment.succeeded",
      timestamp: at(1).toISOString(),
      data: {
        payload_type: "Payment",
        payment_id: `pay_${randomUUID()}`,
        total_amount: 1900,
        customer: { customer_id: `cus_${randomUUID()}`, email, name: "Grace Hopper" },
      },
    });
    const theirs = `msg_${randomUUID()}`;
    await deliver(app, payment(sub.email ?? ""), { webhookId: theirs });
    expect((await storedPayload(theirs))?.data.customer).toEqual({
      customer_id: expect.any(String),
      email: sub.email,
      name: "Grace Hopper",
    });
    // Nobody here has the address: kept for the accounts, without it.
    const strangers = `msg_${randomUUID()}`;
    await deliver(app, payment("stranger@example.com"), { webhookId: strangers });
    expect((await storedPayload(strangers))?.data).toMatchObject({
      total_amount: 1900,
      customer: { email: null, name: null },
    });
  });

  it("keeps the Free limit an administrator gave when the cancelled plan's event comes late", async () => {
    const { userId, sub } = await customer();
    await deliver(app, subscriptionEvent("subscription.active", at(0), sub));
    // The console's edit to Free with 3 properties, after cancelling at the provider (ADR 020).
    await app.database.db
      .update(subscriptions)
      .set({ tier: "free", status: "active", dataSourceLimit: 3 })
      .where(eq(subscriptions.userId, userId));

    const late = await deliver(
      app,
      subscriptionEvent("subscription.cancelled", at(1), { ...sub, status: "cancelled" }),
    );
    expect(late.json().outcome).toBe("applied");
    expect(await subscriptionOf(userId)).toMatchObject({ tier: "free", dataSourceLimit: 3 });

    // A paid plan that ends goes to Free's own limit, as always.
    const paying = await customer();
    await deliver(app, subscriptionEvent("subscription.active", at(0), paying.sub));
    await deliver(
      app,
      subscriptionEvent("subscription.cancelled", at(1), { ...paying.sub, status: "cancelled" }),
    );
    expect(await subscriptionOf(paying.userId)).toMatchObject({
      tier: "free",
      dataSourceLimit: 1,
    });
  });

  it("finds the account by email when checkout's metadata is missing", async () => {
    const { userId, sub } = await customer();
    const { userId: _ignored, ...byEmail } = sub;
    expect(
      (await deliver(app, subscriptionEvent("subscription.active", at(0), byEmail))).json().outcome,
    ).toBe("applied");
    expect((await subscriptionOf(userId)).tier).toBe("pro");
  });

  it("a late event of a replaced subscription does not touch the new one", async () => {
    const { userId, sub } = await customer();
    await deliver(app, subscriptionEvent("subscription.active", at(0), sub));
    await deliver(
      app,
      subscriptionEvent("subscription.cancelled", at(5), { ...sub, status: "cancelled" }),
    );
    const next = {
      ...sub,
      subscriptionId: `${sub.subscriptionId}_2`,
      productId: TEST_PRODUCTS.agency,
    };
    await deliver(app, subscriptionEvent("subscription.active", at(6), next));
    const late = await deliver(
      app,
      subscriptionEvent("subscription.expired", at(7), { ...sub, status: "expired" }),
    );
    expect(late.json().outcome).toBe("ignored");
    expect(await subscriptionOf(userId)).toMatchObject({ tier: "agency", dataSourceLimit: 25 });
  });
});

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [
      item,
      ...rest,
    ]),
  );
}
