import { type RunningDodoEmulator, startDodoEmulator } from "@utmost/dodo-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { waitFor } from "../alerts/receivers.testing.ts";
import { billingEnv, TEST_API_KEY, TEST_PRODUCTS, TEST_WEBHOOK_KEY } from "./billing.testing.ts";

describe.each(testDatabaseKinds())("checkout through the payment provider on %s", (kind) => {
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
    app = await createTestApp(kind, { ...billingEnv(dodo.url), APP_URL: "http://app.test" });
    // The provider calls the app back over HTTP, as it would in production.
    await app.server.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    dodo.control.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/dodo`);
  });
  afterAll(async () => {
    await app.close();
    await dodo.close();
  });

  const call = (
    method: "GET" | "POST",
    url: string,
    cookie?: string,
    payload?: Record<string, unknown>,
  ) =>
    app.server.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload }),
    });

  it("says billing runs in test mode", async () => {
    expect((await call("GET", "/api/config")).json().billingMode).toBe("test");
  });

  it("upgrades Free to Team: checkout session, hosted page, Pay, signed event, new plan", async () => {
    const { cookie, input } = await signUp(app);
    const before = await call("GET", "/api/billing", cookie);
    expect(before.json()).toEqual({
      subscription: { tier: "free", status: "active", dataSourceLimit: 1, dataSourcesUsed: 0 },
      mode: "test",
      canManage: false,
      paymentGrace: null,
      extraProperties: 0,
      canBuyExtraProperties: false,
    });

    const checkout = await call("POST", "/api/billing/checkout", cookie, { tier: "advanced" });
    expect(checkout.statusCode).toBe(200);
    const { sessionId, checkoutUrl, mode } = checkout.json();
    expect(mode).toBe("test");
    expect(checkoutUrl).toBe(`${dodo.url}/checkout/${sessionId}`);

    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Utmost Team");
    expect(html).toContain(input.email);

    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("http://app.test/dashboard");
    expect(back.searchParams.get("payment")).toBe("success");
    expect(back.searchParams.get("status")).toBe("active");

    // The events were delivered before the browser came back.
    const me = (await call("GET", "/api/me", cookie)).json();
    expect(me.subscription).toMatchObject({
      tier: "advanced",
      status: "active",
      dataSourceLimit: 5,
    });
    expect((await call("GET", "/api/billing", cookie)).json()).toMatchObject({ canManage: true });

    const again = await call("POST", "/api/billing/checkout", cookie, { tier: "agency" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ALREADY_SUBSCRIBED");

    // Cancelling in the provider's portal takes the account back to Free.
    const portal = await call("POST", "/api/billing/portal", cookie);
    expect(portal.statusCode).toBe(200);
    expect((await fetch(portal.json().url)).status).toBe(200);
    const subscriptionId = back.searchParams.get("subscription_id") ?? "";
    await dodo.control.cancel(subscriptionId);
    await waitFor(async () => {
      const now = (await call("GET", "/api/me", cookie)).json().subscription;
      return now.tier === "free" ? now : undefined;
    });
  });

  it("a failed card leaves the plan as it was", async () => {
    const { cookie } = await signUp(app);
    const { checkoutUrl } = (
      await call("POST", "/api/billing/checkout", cookie, { tier: "pro" })
    ).json();
    const failed = await fetch(`${checkoutUrl}/fail`, { method: "POST", redirect: "manual" });
    expect(failed.status).toBe(303);
    expect(new URL(failed.headers.get("location") ?? "").searchParams.get("status")).toBe("failed");
    expect((await call("GET", "/api/me", cookie)).json().subscription.tier).toBe("free");
  });

  it("checks who is asking and what they ask for", async () => {
    expect(
      (await call("POST", "/api/billing/checkout", undefined, { tier: "pro" })).statusCode,
    ).toBe(401);
    expect((await call("GET", "/api/billing")).statusCode).toBe(401);
    expect((await call("POST", "/api/billing/portal")).statusCode).toBe(401);
    const { cookie } = await signUp(app);
    for (const tier of ["free", "gold", ""]) {
      const response = await call("POST", "/api/billing/checkout", cookie, { tier });
      expect(response.statusCode).toBe(400);
    }
    const portal = await call("POST", "/api/billing/portal", cookie);
    expect(portal.statusCode).toBe(404);
  });
});

describe("checkout when the provider refuses or is missing", () => {
  it.each([
    ["refuses the API key", "wrong-key"],
    ["does not answer", "unreachable"],
  ])("a provider that %s gives 502 and changes nothing", async (_name, fault) => {
    const dodo = await startDodoEmulator({
      apiKey: TEST_API_KEY,
      webhookKey: TEST_WEBHOOK_KEY,
      products: [{ productId: TEST_PRODUCTS.pro, name: "Utmost Pro", priceCents: 1500 }],
    });
    const app = await createTestApp("pglite", {
      ...billingEnv(fault === "unreachable" ? "http://127.0.0.1:9" : dodo.url),
      ...(fault === "wrong-key" ? { DODO_PAYMENTS_API_KEY: "not-the-key" } : {}),
    });
    try {
      const { cookie } = await signUp(app);
      const response = await app.server.inject({
        method: "POST",
        url: "/api/billing/checkout",
        headers: { cookie },
        payload: { tier: "pro" },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe("PAYMENT_PROVIDER_FAILED");
      const me = await app.server.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      expect(me.json().subscription.tier).toBe("free");
    } finally {
      await app.close();
      await dodo.close();
    }
  });

  it("without a provider: 503 naming the local setup, billingMode null, no webhook endpoint", async () => {
    const app = await createTestApp("pglite", { DEMO_MODE: "false" });
    try {
      const { cookie } = await signUp(app);
      const response = await app.server.inject({
        method: "POST",
        url: "/api/billing/checkout",
        headers: { cookie },
        payload: { tier: "pro" },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatchObject({ code: "BILLING_NOT_CONFIGURED" });
      expect(response.json().error.message).toMatch(/local environment/);
      const config = await app.server.inject({ method: "GET", url: "/api/config" });
      expect(config.json().billingMode).toBeNull();
      const hook = await app.server.inject({
        method: "POST",
        url: "/api/webhooks/dodo",
        payload: {},
      });
      expect(hook.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
