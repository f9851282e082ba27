import { type RunningDodoEmulator, startDodoEmulator } from "@utmost/dodo-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { waitFor } from "../alerts/receivers.testing.ts";
import { billingEnv, TEST_API_KEY, TEST_PRODUCTS, TEST_WEBHOOK_KEY } from "./billing.testing.ts";

/**
 * Issue 22: a paid plan's billing page reads Dodo live (price, renewal, card, invoices) and
 * changes plan in one step, through the stand-in's change-plan with proration.
 */
describe("a paid plan's details and plan change", () => {
  let dodo: RunningDodoEmulator;
  let app: QueueTestApp;

  beforeAll(async () => {
    dodo = await startDodoEmulator({
      apiKey: TEST_API_KEY,
      webhookKey: TEST_WEBHOOK_KEY,
      products: [
        { productId: TEST_PRODUCTS.pro, name: "Utmost Pro", priceCents: 1500 },
        { productId: TEST_PRODUCTS.advanced, name: "Utmost Team", priceCents: 4900 },
        { productId: TEST_PRODUCTS.agency, name: "Utmost Agency", priceCents: 19900 },
      ],
      retryDelaysMs: [50, 100],
    });
    app = await createTestApp("pglite", { ...billingEnv(dodo.url), APP_URL: "http://app.test" });
    await app.server.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    dodo.control.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/dodo`);
  });
  afterAll(async () => {
    await app.close();
    await dodo.close();
  });

  const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
    app.server.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload }),
    });

  async function subscribe(cookie: string, tier: "pro" | "advanced") {
    const { checkoutUrl } = (await call("POST", "/api/billing/checkout", cookie, { tier })).json();
    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    return new URL(paid.headers.get("location") ?? "").searchParams.get("subscription_id") ?? "";
  }

  it("shows nothing to a Free account, and refuses a plan change there", async () => {
    const { cookie } = await signUp(app);
    expect((await call("GET", "/api/billing/details", cookie)).json()).toEqual({ details: null });
    const change = await call("POST", "/api/billing/change-plan", cookie, { tier: "agency" });
    expect(change.statusCode).toBe(404);
  });

  it("reads price, renewal, card and invoices, then moves Pro to Team in one step", async () => {
    const { cookie } = await signUp(app);
    await subscribe(cookie, "pro");

    const { details } = (await call("GET", "/api/billing/details", cookie)).json();
    expect(details).toMatchObject({
      tier: "pro",
      status: "active",
      amountCents: 1500,
      currency: "USD",
      endsAt: null,
      paymentMethod: { brand: "VISA", last4: "4242" },
      lines: [{ kind: "plan", name: "Pro plan", quantity: 1, amountCents: 1500 }],
    });
    expect(Date.parse(details.renewsAt)).toBeGreaterThan(Date.now());
    expect(details.invoices).toHaveLength(1);
    expect(details.invoices[0]).toMatchObject({ amountCents: 1500, status: "succeeded" });
    expect((await fetch(details.invoices[0].url)).status).toBe(200);

    const same = await call("POST", "/api/billing/change-plan", cookie, { tier: "pro" });
    expect(same.statusCode).toBe(409);

    const changed = await call("POST", "/api/billing/change-plan", cookie, { tier: "advanced" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().details).toMatchObject({ tier: "advanced", amountCents: 4900 });
    // The proration charge is an invoice of its own, newest first.
    expect(changed.json().details.invoices).toHaveLength(2);
    expect(changed.json().details.invoices[0].amountCents).toBeGreaterThan(0);
    expect(changed.json().details.invoices[0].amountCents).toBeLessThanOrEqual(3400);
    // The plan follows from the provider's subscription.plan_changed.
    const plan = await waitFor(async () => {
      const now = (await call("GET", "/api/me", cookie)).json().subscription;
      return now.tier === "advanced" ? now : undefined;
    });
    expect(plan.dataSourceLimit).toBe(5);
  });

  it("shows the end date instead of a renewal once the plan is set to end", async () => {
    const { cookie } = await signUp(app);
    const subscriptionId = await subscribe(cookie, "advanced");
    const ending = await fetch(`${dodo.url}/subscriptions/${subscriptionId}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${TEST_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ cancel_at_next_billing_date: true }),
    });
    expect(ending.status).toBe(200);
    const nextBillingDate = ((await ending.json()) as { next_billing_date: string })
      .next_billing_date;

    const { details } = (await call("GET", "/api/billing/details", cookie)).json();
    expect(details).toMatchObject({ tier: "advanced", renewsAt: null, endsAt: nextBillingDate });
  });

  it("checks who is asking and what they ask for", async () => {
    expect((await call("GET", "/api/billing/details")).statusCode).toBe(401);
    expect(
      (await call("POST", "/api/billing/change-plan", undefined, { tier: "pro" })).statusCode,
    ).toBe(401);
    const { cookie } = await signUp(app);
    for (const tier of ["free", "gold", ""]) {
      expect((await call("POST", "/api/billing/change-plan", cookie, { tier })).statusCode).toBe(
        400,
      );
    }
  });
});
