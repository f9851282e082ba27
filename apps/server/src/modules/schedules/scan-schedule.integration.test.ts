import type { SubscriptionTier } from "@utmost/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSources, subscriptions } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import { effectiveFrequency } from "./schedule-slots.ts";

/** Choosing a property's automated-scan cadence (spec §9: paid plans daily, weekly selectable). */
describe.each(testDatabaseKinds())("the scan schedule on %s", (kind) => {
  let app: QueueTestApp;

  beforeAll(async () => {
    app = await createTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function propertyOn(tier: SubscriptionTier) {
    const owner = await signUp(app);
    await app.database.db
      .update(subscriptions)
      .set({ tier })
      .where(eq(subscriptions.userId, owner.userId));
    const workspace = await createWithOwner(app.database.db, {
      name: tier,
      type: "team",
      ownerId: owner.userId,
    });
    const [row] = await app.database.db
      .insert(dataSources)
      .values({
        workspaceId: workspace.id,
        name: "Storefront",
        ga4PropertyId: String(Math.floor(Math.random() * 1e9)),
        accessTokenEncrypted: "sealed",
      })
      .returning();
    if (!row) throw new Error("no property inserted");
    return { owner, dataSource: row };
  }

  const schedule = (cookie: string, id: string) =>
    app.server.inject({
      method: "GET",
      url: `/api/data-sources/${id}/scan-schedule`,
      headers: { cookie },
    });
  const choose = (cookie: string, id: string, frequency: string | null) =>
    app.server.inject({
      method: "PUT",
      url: `/api/data-sources/${id}/scan-schedule`,
      headers: { cookie },
      payload: { frequency },
    });

  it("follows the plan's default, and lets a paid plan choose weekly and back", async () => {
    const { owner, dataSource } = await propertyOn("pro");
    const before = Date.now();
    const daily = await schedule(owner.cookie, dataSource.id);
    expect(daily.statusCode).toBe(200);
    expect(daily.json().scanSchedule).toMatchObject({
      frequency: "daily",
      chosen: null,
      offered: ["daily", "weekly"],
    });
    const next = Date.parse(daily.json().scanSchedule.nextScanAt);
    expect(next).toBeGreaterThan(before);
    expect(next).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);

    const weekly = await choose(owner.cookie, dataSource.id, "weekly");
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json().scanSchedule).toMatchObject({ frequency: "weekly", chosen: "weekly" });
    const [stored] = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.id, dataSource.id));
    // What the scheduler reads.
    expect(
      effectiveFrequency(
        { tier: "pro", status: "active", paymentFailedAt: null },
        stored?.scanFrequency ?? null,
        new Date(),
      ),
    ).toBe("weekly");

    const reset = await choose(owner.cookie, dataSource.id, null);
    expect(reset.json().scanSchedule).toMatchObject({ frequency: "daily", chosen: null });
  });

  it("refuses a cadence the plan does not offer, and a value that is none", async () => {
    const { owner, dataSource } = await propertyOn("free");
    expect((await schedule(owner.cookie, dataSource.id)).json().scanSchedule).toMatchObject({
      frequency: "monthly",
      offered: ["monthly"],
    });
    const weekly = await choose(owner.cookie, dataSource.id, "weekly");
    expect(weekly.statusCode).toBe(400);
    expect(weekly.json().error.message).toBe(
      "The Free plan scans monthly; upgrade for weekly scans",
    );
    const hourly = await choose(owner.cookie, dataSource.id, "hourly");
    expect(hourly.statusCode).toBe(400);
    const [stored] = await app.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.id, dataSource.id));
    expect(stored?.scanFrequency).toBeNull();
  });

  it("shows no next scan while the property needs reconnecting", async () => {
    const { owner, dataSource } = await propertyOn("agency");
    await app.database.db
      .update(dataSources)
      .set({ isActive: false })
      .where(eq(dataSources.id, dataSource.id));
    const response = await schedule(owner.cookie, dataSource.id);
    expect(response.json().scanSchedule).toMatchObject({ frequency: "daily", nextScanAt: null });
  });

  it("keeps another workspace's property invisible (404)", async () => {
    const { dataSource } = await propertyOn("pro");
    const stranger = await signUp(app);
    expect((await schedule(stranger.cookie, dataSource.id)).statusCode).toBe(404);
    expect((await choose(stranger.cookie, dataSource.id, "weekly")).statusCode).toBe(404);
  });
});
