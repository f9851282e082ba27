import { type RunningDodoEmulator, startDodoEmulator } from "@utmost/dodo-emulator";
import type { RunningEmulator } from "@utmost/google-emulator";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSources, subscriptions } from "../../db/schema.ts";
import { signUp } from "../../test/test-app.ts";
import {
  type ConnectTestApp,
  connectProperty,
  createConnectTestApp,
  emulatorProperty,
  firstWorkspace,
  initConsent,
} from "../google-connect/google-connect.testing.ts";
import {
  billingEnv,
  TEST_API_KEY,
  TEST_EXTRA_PROPERTY_ADDON,
  TEST_PRODUCTS,
  TEST_WEBHOOK_KEY,
} from "./billing.testing.ts";

/**
 * Issue 23, ADR 025: add-on properties bought through Dodo's change-plan (same product, the
 * add-on's quantity, prorated), against the Dodo and Google stand-ins over HTTP. The limit is the
 * plan's allowance plus the add-ons; removing add-ons pauses the newest properties.
 */
describe("add-on properties through the payment provider", () => {
  let google: RunningEmulator;
  let dodo: RunningDodoEmulator;
  let app: ConnectTestApp;

  beforeAll(async () => {
    const { startGoogleEmulator } = await import("@utmost/google-emulator");
    google = await startGoogleEmulator();
    dodo = await startDodoEmulator({
      apiKey: TEST_API_KEY,
      webhookKey: TEST_WEBHOOK_KEY,
      // Agency lacks the add-on: Dodo refuses an add-on the product does not carry.
      products: [
        {
          productId: TEST_PRODUCTS.pro,
          name: "Utmost Pro",
          priceCents: 1500,
          addonIds: [TEST_EXTRA_PROPERTY_ADDON],
        },
        {
          productId: TEST_PRODUCTS.advanced,
          name: "Utmost Team",
          priceCents: 4900,
          addonIds: [TEST_EXTRA_PROPERTY_ADDON],
        },
        { productId: TEST_PRODUCTS.agency, name: "Utmost Agency", priceCents: 19900 },
      ],
      addons: [
        { addonId: TEST_EXTRA_PROPERTY_ADDON, name: "Extra analytics property", priceCents: 1000 },
      ],
      retryDelaysMs: [50, 100],
    });
    app = await createConnectTestApp("pglite", {
      ...billingEnv(dodo.url),
      GOOGLE_EMULATOR_URL: google.url,
    });
    await app.server.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    dodo.control.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/dodo`);
  });
  afterAll(async () => {
    await app?.close();
    await dodo?.close();
    await google?.close();
  });

  const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: unknown) =>
    app.server.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const setExtras = (cookie: string, extraProperties: unknown) =>
    call("POST", "/api/billing/extra-properties", cookie, { extraProperties });
  const property = (key: string) => emulatorProperty(google, key).property;

  async function customer(tier: "pro" | "advanced" | "agency") {
    const user = await signUp(app);
    const workspaceId = await firstWorkspace(app, user.cookie);
    const { checkoutUrl } = (
      await call("POST", "/api/billing/checkout", user.cookie, { tier })
    ).json();
    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const subscriptionId =
      new URL(paid.headers.get("location") ?? "").searchParams.get("subscription_id") ?? "";
    return { ...user, workspaceId, subscriptionId };
  }

  async function overview(cookie: string) {
    return (await call("GET", "/api/billing", cookie)).json();
  }

  async function properties(workspaceId: string) {
    return app.database.db
      .select({
        id: dataSources.id,
        isActive: dataSources.isActive,
        paused: dataSources.suspendedByPlanAt,
      })
      .from(dataSources)
      .where(eq(dataSources.workspaceId, workspaceId))
      .orderBy(asc(dataSources.createdAt), asc(dataSources.id));
  }

  /** A Pro customer who bought two add-ons and connected all three properties. */
  async function proWithThreeProperties() {
    const user = await customer("pro");
    const ids = [
      await connectProperty(app, user.cookie, { ...user, property: property("well-run-store") }),
    ];
    const bought = await setExtras(user.cookie, 2);
    expect(bought.statusCode, bought.body).toBe(200);
    for (const key of ["agency-client", "large-store"]) {
      ids.push(await connectProperty(app, user.cookie, { ...user, property: property(key) }));
    }
    return { ...user, ids };
  }

  it("buys two extra properties on Pro: the limit goes from 1 to 3 and two more properties connect", async () => {
    const user = await customer("pro");
    await connectProperty(app, user.cookie, { ...user, property: property("well-run-store") });
    const full = await initConsent(app, user.cookie, { workspaceId: user.workspaceId });
    expect(full.json().error.code).toBe("DATA_SOURCE_LIMIT_REACHED");
    expect(await overview(user.cookie)).toMatchObject({
      subscription: { tier: "pro", dataSourceLimit: 1, dataSourcesUsed: 1 },
      extraProperties: 0,
      canBuyExtraProperties: true,
    });

    const bought = await setExtras(user.cookie, 2);

    expect(bought.statusCode, bought.body).toBe(200);
    const { details } = bought.json();
    expect(details).toMatchObject({
      tier: "pro",
      amountCents: 3500,
      lines: [
        { kind: "plan", name: "Pro plan", quantity: 1, amountCents: 1500 },
        { kind: "add-on", name: "Extra analytics property", quantity: 2, amountCents: 2000 },
      ],
    });
    // The rest of the period is charged now: the add-ons' share, never more than a month.
    expect(details.invoices).toHaveLength(2);
    expect(details.invoices[0].amountCents).toBeGreaterThan(0);
    expect(details.invoices[0].amountCents).toBeLessThanOrEqual(2000);
    expect(dodo.control.subscription(user.subscriptionId)?.addons).toEqual([
      { addon_id: TEST_EXTRA_PROPERTY_ADDON, quantity: 2 },
    ]);
    expect(await overview(user.cookie)).toMatchObject({
      subscription: { tier: "pro", dataSourceLimit: 3 },
      extraProperties: 2,
    });

    for (const key of ["agency-client", "large-store"]) {
      await connectProperty(app, user.cookie, { ...user, property: property(key) });
    }
    const again = await initConsent(app, user.cookie, { workspaceId: user.workspaceId });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe("DATA_SOURCE_LIMIT_REACHED");
    expect((await overview(user.cookie)).subscription).toMatchObject({
      dataSourceLimit: 3,
      dataSourcesUsed: 3,
    });
  });

  it("removing one add-on pauses the newest property, and removing the last pauses the next", async () => {
    const user = await proWithThreeProperties();
    const [oldest, middle, newest] = user.ids;
    const invoicesBefore = (await call("GET", "/api/billing/details", user.cookie)).json().details
      .invoices.length;

    const fewer = await setExtras(user.cookie, 1);

    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json().details.lines).toEqual([
      { kind: "plan", name: "Pro plan", quantity: 1, amountCents: 1500 },
      { kind: "add-on", name: "Extra analytics property", quantity: 1, amountCents: 1000 },
    ]);
    // Fewer add-ons charge nothing now; the next renewal is at the new price.
    expect(fewer.json().details.invoices).toHaveLength(invoicesBefore);
    expect((await overview(user.cookie)).subscription.dataSourceLimit).toBe(2);
    const afterOne = await properties(user.workspaceId);
    expect(afterOne.map((row) => [row.id, row.isActive, row.paused !== null])).toEqual([
      [oldest, true, false],
      [middle, true, false],
      [newest, false, true],
    ]);

    const none = await setExtras(user.cookie, 0);

    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().details.lines).toEqual([
      { kind: "plan", name: "Pro plan", quantity: 1, amountCents: 1500 },
    ]);
    expect(dodo.control.subscription(user.subscriptionId)?.addons).toEqual([]);
    expect(await overview(user.cookie)).toMatchObject({
      subscription: { dataSourceLimit: 1 },
      extraProperties: 0,
    });
    const afterNone = await properties(user.workspaceId);
    expect(afterNone.map((row) => [row.id, row.isActive])).toEqual([
      [oldest, true],
      [middle, false],
      [newest, false],
    ]);

    // Bought again, the paused properties come back in the same order.
    expect((await setExtras(user.cookie, 1)).statusCode).toBe(200);
    const back = await properties(user.workspaceId);
    expect(back.map((row) => [row.id, row.isActive])).toEqual([
      [oldest, true],
      [middle, true],
      [newest, false],
    ]);
  });

  it("keeps the add-ons through a plan change: Pro with two becomes Team with two", async () => {
    const user = await customer("pro");
    expect((await setExtras(user.cookie, 2)).statusCode).toBe(200);

    const changed = await call("POST", "/api/billing/change-plan", user.cookie, {
      tier: "advanced",
    });

    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().details).toMatchObject({
      tier: "advanced",
      amountCents: 6900,
      lines: [
        { kind: "plan", name: "Team plan", amountCents: 4900 },
        { kind: "add-on", quantity: 2, amountCents: 2000 },
      ],
    });
    expect(dodo.control.subscription(user.subscriptionId)?.addons).toEqual([
      { addon_id: TEST_EXTRA_PROPERTY_ADDON, quantity: 2 },
    ]);
    expect(await overview(user.cookie)).toMatchObject({
      subscription: { tier: "advanced", dataSourceLimit: 7 },
      extraProperties: 2,
    });
  });

  it("refuses Free with a clear error, and bad numbers before asking the provider", async () => {
    const free = await signUp(app);
    const refused = await setExtras(free.cookie, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "PLAN_UPGRADE_REQUIRED",
      message: "Add-on properties are sold with a paid plan. Upgrade to Pro, Team or Agency first.",
    });
    expect(await overview(free.cookie)).toMatchObject({
      subscription: { tier: "free", dataSourceLimit: 1 },
      extraProperties: 0,
      canBuyExtraProperties: false,
    });

    expect((await setExtras("", 1)).statusCode).toBe(401);
    const user = await customer("pro");
    const cases: [unknown, string][] = [
      [-1, "The number of add-on properties cannot be negative"],
      [1.5, "The number of add-on properties must be a whole number"],
      ["two", "The number of add-on properties must be a number"],
      [101, "At most 100 add-on properties; contact support for more"],
    ];
    for (const [value, message] of cases) {
      const bad = await setExtras(user.cookie, value);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.issues[0].message).toBe(message);
    }
    const same = await setExtras(user.cookie, 0);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe("Your plan already carries 0 add-on properties.");
    expect(dodo.control.subscription(user.subscriptionId)?.addons).toEqual([]);
  });

  it("changes nothing when the provider refuses", async () => {
    const user = await customer("agency");
    const paymentsBefore = (await call("GET", "/api/billing/details", user.cookie)).json().details
      .invoices.length;

    const refused = await setExtras(user.cookie, 2);

    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toEqual({
      code: "PAYMENT_PROVIDER_FAILED",
      message:
        "The payment provider could not change your add-on properties (HTTP 422). Please try again.",
    });
    expect(dodo.control.subscription(user.subscriptionId)).toMatchObject({
      addons: [],
      recurring_pre_tax_amount: 19900,
    });
    expect(await overview(user.cookie)).toMatchObject({
      subscription: { tier: "agency", dataSourceLimit: 25 },
      extraProperties: 0,
    });
    const [row] = await app.database.db
      .select({ extra: subscriptions.extraProperties })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.userId));
    expect(row?.extra).toBe(0);
    const { details } = (await call("GET", "/api/billing/details", user.cookie)).json();
    expect(details.invoices).toHaveLength(paymentsBefore);
  });
});
