import type { RunningEmulator } from "@utmost/google-emulator";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditScans, dataSources, subscriptions, users, utmIssues } from "../db/schema.ts";
import { testDatabaseKinds } from "../test/databases.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { DEMO_LOGIN, seedDemo } from "./demo.ts";
import { seedDemoProperty } from "./demo-property.ts";

const NOW = new Date("2026-11-20T09:00:00Z");
const silent = { info() {}, warn() {}, error() {} };

describe.each(testDatabaseKinds())("the demo property on %s", (kind) => {
  let emulator: RunningEmulator;
  let app: TestApp;
  beforeAll(async () => {
    const { startGoogleEmulator } = await import("@utmost/google-emulator");
    emulator = await startGoogleEmulator();
    app = await createTestApp(kind, { GOOGLE_EMULATOR_URL: emulator.url, DEMO_MODE: "true" });
    await seedDemo(app.database.db, app.auth);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await emulator?.close();
  });

  it("puts the demo login on Agency, so the demo shows every feature a plan sells", async () => {
    const [subscription] = await app.database.db
      .select({
        tier: subscriptions.tier,
        status: subscriptions.status,
        dataSourceLimit: subscriptions.dataSourceLimit,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(eq(users.email, DEMO_LOGIN.email));
    expect(subscription).toEqual({ tier: "agency", status: "active", dataSourceLimit: 25 });
  });

  it("connects a demo property with a scan a week for three weeks, once", async () => {
    const deps = { db: app.database.db, config: app.config, google: app.google, logger: silent };
    await seedDemoProperty({ ...deps, now: () => NOW });
    await seedDemoProperty({ ...deps, now: () => NOW });

    const properties = await app.database.db.select().from(dataSources);
    expect(properties).toHaveLength(1);
    const [property] = properties;
    expect(property?.accessTokenEncrypted).toMatch(/^v1\./);

    const scans = await app.database.db
      .select()
      .from(auditScans)
      .where(eq(auditScans.dataSourceId, property?.id ?? ""));
    expect(scans.map((scan) => scan.status)).toEqual(Array(4).fill("completed"));
    const days = scans.map((scan) => scan.createdAt.getTime()).sort((a, b) => a - b);
    expect((days.at(-1) ?? 0) - (days[0] ?? 0)).toBe(21 * 24 * 60 * 60 * 1000);
    expect(scans.every((scan) => (scan.healthScore ?? 100) < 90)).toBe(true);
    // A property with dozens of problems still scores, so each fix can show (issue 20).
    expect(scans.every((scan) => (scan.healthScore ?? 0) >= 1)).toBe(true);

    const issues = await app.database.db
      .select()
      .from(utmIssues)
      .where(eq(utmIssues.dataSourceId, property?.id ?? ""));
    expect(issues.length).toBeGreaterThan(5);
    expect(issues.some((issue) => issue.firstDetectedAt.getTime() === days[0])).toBe(true);
  }, 180_000);
});
