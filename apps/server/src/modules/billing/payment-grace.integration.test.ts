import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditScans, dataSources, subscriptions } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { evaluateScanAlerts } from "../alerts/alert-evaluation.ts";
import { insertAlertRule } from "../alerts/alerts.testing.ts";
import { firstWorkspace } from "../google-connect/google-connect.testing.ts";
import {
  daysAgo,
  insertDataSource,
  insertIssue,
  insertOccurrence,
  insertScan,
} from "../issues/issues.testing.ts";
import { scanEnqueuer } from "../scans/run-scan.job.ts";
import { createScanStarter } from "../scans/scans.service.ts";
import { latestSlot, slotOffsetMs } from "../schedules/schedule-slots.ts";
import { runScheduledScans } from "../schedules/schedules.service.ts";
import { workspacePlan } from "../workspaces/workspaces.service.ts";
import { downgradeLapsedSubscriptions } from "./billing.service.ts";
import { billingEnv, deliver, subscriptionEvent, TEST_PRODUCTS } from "./billing.testing.ts";

/**
 * Spec §9 legal facts: a failed renewal payment is retried, and the account moves to Free 7 days
 * after it. Until then the paid plan holds everywhere it is sold: scheduled scans, alert
 * channels, CSV exports, the multi-client dashboard.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TICK = 15 * MINUTE;

/**
 * The first of a month at least five weeks after the real clock: the scans the ticks start are
 * stamped with the real time, which then never covers a simulated slot.
 */
function futureMonthStart(): number {
  const ahead = new Date(Date.now() + 35 * DAY);
  return Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth() + 1, 1);
}

/** A fixed id, so its slots are the same on every run: daily at 10:55, monthly on the 25th. */
const PROPERTY_ID = "00000000-0000-4000-8000-000000000901";

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(testDatabaseKinds())("a failed payment's grace on %s", (kind) => {
  let app: QueueTestApp;

  beforeAll(async () => {
    app = await createTestApp(kind, { ...billingEnv(), DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A signed-in customer whose Dodo subscription to `productId` is active since `since`. */
  async function customer(productId: string, since: Date) {
    const { userId, cookie, input } = await signUp(app);
    const sub = {
      subscriptionId: `sub_${userId}`,
      status: "active",
      productId,
      userId,
      email: input.email,
      customerId: `cus_${userId}`,
    };
    await deliver(app, subscriptionEvent("subscription.active", since, sub));
    const failPayment = (at: Date) =>
      deliver(app, subscriptionEvent("subscription.on_hold", at, { ...sub, status: "on_hold" }));
    return { userId, cookie, workspaceId: await firstWorkspace(app, cookie), failPayment };
  }

  async function subscriptionOf(userId: string) {
    const row = await app.database.db.query.subscriptions.findFirst({
      where: eq(subscriptions.userId, userId),
    });
    if (!row) throw new Error("no subscription row");
    return row;
  }

  it("keeps daily scans and Slack alerts for 7 days on the scheduler's clock, then the job moves the account to Free", async () => {
    const db = app.database.db;
    const failedAt = futureMonthStart();
    // The monthly slot falls after the days this test watches: only daily slots are due in them.
    expect(slotOffsetMs(PROPERTY_ID, "monthly")).toBeGreaterThan(10 * DAY);
    const dailyOffset = slotOffsetMs(PROPERTY_ID, "daily");

    const team = await customer(TEST_PRODUCTS.advanced, new Date(failedAt - 30 * DAY));
    await db.insert(dataSources).values({
      id: PROPERTY_ID,
      workspaceId: team.workspaceId,
      name: "Northwind",
      ga4PropertyId: "900901",
      accessTokenEncrypted: "sealed",
      createdAt: new Date(failedAt - 60 * DAY),
      // The slot before the failure was served.
      lastScheduledScanAt: latestSlot(PROPERTY_ID, "daily", new Date(failedAt)),
    });
    await insertAlertRule(db, {
      workspaceId: team.workspaceId,
      alertType: "slack",
      notificationConfig: { slack_webhook: "https://hooks.slack.com/services/T/B/x" },
    });
    await team.failPayment(new Date(failedAt));
    expect(await subscriptionOf(team.userId)).toMatchObject({
      tier: "advanced",
      status: "on_hold",
      paymentFailedAt: new Date(failedAt),
    });

    const starter = createScanStarter({ db, enqueue: scanEnqueuer(app.jobs) });
    let clock = new Date(failedAt);
    const alertDeps = {
      db,
      appUrl: "http://localhost:3000",
      now: () => clock,
      enqueueDelivery: async () => {},
      logger: silent,
    };
    const scanned: number[] = [];
    const alerted: number[] = [];
    const movedAt: number[] = [];
    const csvOn: Record<number, boolean> = {};

    for (let time = failedAt; time <= failedAt + 9 * DAY; time += TICK) {
      clock = new Date(time);
      const day = Math.floor((time - failedAt) / DAY);
      // The downgrade job runs hourly.
      if (time % HOUR === 0) {
        if ((await downgradeLapsedSubscriptions(db, clock)).includes(team.userId)) {
          movedAt.push(time);
        }
      }
      if (time === failedAt + day * DAY + 12 * HOUR) {
        csvOn[day] = (await workspacePlan(db, team.workspaceId, clock)).csvExports;
      }
      const tick = await runScheduledScans({ db, starter, logger: silent }, clock);
      if (!tick.started.includes(PROPERTY_ID)) continue;
      scanned.push(time);
      // What the worker does: the scan completes, then its alerts are evaluated.
      const [scan] = await db
        .update(auditScans)
        .set({ status: "completed", healthScore: 80, healthGrade: "B", completedAt: clock })
        .where(and(eq(auditScans.dataSourceId, PROPERTY_ID), eq(auditScans.status, "running")))
        .returning({ id: auditScans.id });
      if (!scan) throw new Error("no running scan");
      if ((await evaluateScanAlerts(alertDeps, scan.id)).raised === 1) alerted.push(day);
    }

    // Days 0 to 6: the Team plan's daily slot, each served at the first tick after it.
    const dailySlots = [0, 1, 2, 3, 4, 5, 6].map(
      (day) => failedAt + day * DAY + Math.ceil(dailyOffset / TICK) * TICK,
    );
    expect(scanned).toEqual(dailySlots);
    expect(alerted).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(csvOn).toEqual({
      0: true,
      1: true,
      2: true,
      3: true,
      4: true,
      5: true,
      6: true,
      7: false,
      8: false,
    });
    // The job's first run at or after the 7 days moved the account, once.
    expect(movedAt).toEqual([failedAt + 7 * DAY]);
    expect(await subscriptionOf(team.userId)).toMatchObject({
      tier: "free",
      status: "active",
      paymentFailedAt: null,
    });

    // Day 8 on Free: a scan's Slack rule raises nothing.
    clock = new Date(failedAt + 8 * DAY);
    const manual = await insertScan(db, {
      dataSourceId: PROPERTY_ID,
      scanType: "manual",
      createdAt: clock,
      completedAt: clock,
    });
    expect(await evaluateScanAlerts(alertDeps, manual.id)).toEqual({ raised: 0 });
  });

  /** An Agency customer with one audited property whose issue the latest audit found. */
  async function agencyCustomerWithAudit(paymentFailedDaysAgo: number) {
    const agency = await customer(TEST_PRODUCTS.agency, daysAgo(40));
    const property = await insertDataSource(app.database.db, {
      workspaceId: agency.workspaceId,
      accessTokenEncrypted: "sealed",
    });
    const scan = await insertScan(app.database.db, { dataSourceId: property.id });
    const issue = await insertIssue(app.database.db, {
      dataSourceId: property.id,
      lastScanId: scan.id,
    });
    await insertOccurrence(app.database.db, { issueId: issue.id, scanId: scan.id });
    const failedAt = daysAgo(paymentFailedDaysAgo);
    await agency.failPayment(failedAt);
    const get = (url: string) =>
      app.server.inject({ method: "GET", url, headers: { cookie: agency.cookie } });
    return { ...agency, property, scan, failedAt, get };
  }

  it("serves the paid plan's exports, dashboard and cadence on day 6, and says when it ends", async () => {
    const agency = await agencyCustomerWithAudit(6);
    const grace = {
      tier: "agency",
      failedAt: agency.failedAt.toISOString(),
      endsAt: new Date(agency.failedAt.getTime() + 7 * DAY).toISOString(),
    };

    const csv = await agency.get(`/api/scans/${agency.scan.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect((await agency.get("/api/portfolio")).statusCode).toBe(200);
    const schedule = await agency.get(`/api/data-sources/${agency.property.id}/scan-schedule`);
    expect(schedule.json().scanSchedule).toMatchObject({
      frequency: "daily",
      offered: ["daily", "weekly"],
    });

    const [workspace] = (await agency.get("/api/workspaces")).json().workspaces;
    expect(workspace).toMatchObject({ ownerTier: "agency", ownerPaymentGrace: grace });
    const billing = (await agency.get("/api/billing")).json();
    expect(billing.subscription).toMatchObject({ tier: "agency", status: "on_hold" });
    expect(billing.paymentGrace).toEqual(grace);
  });

  it("serves Free's from day 7, before the job runs and after it", async () => {
    const agency = await agencyCustomerWithAudit(8);

    const expectFree = async () => {
      const csv = await agency.get(`/api/scans/${agency.scan.id}/export.csv`);
      expect(csv.statusCode).toBe(403);
      expect(csv.json().error.code).toBe("PLAN_UPGRADE_REQUIRED");
      const portfolio = await agency.get("/api/portfolio");
      expect(portfolio.statusCode).toBe(403);
      const schedule = await agency.get(`/api/data-sources/${agency.property.id}/scan-schedule`);
      expect(schedule.json().scanSchedule).toMatchObject({
        frequency: "monthly",
        offered: ["monthly"],
      });
      const [workspace] = (await agency.get("/api/workspaces")).json().workspaces;
      expect(workspace.ownerTier).toBe("free");
      return workspace;
    };

    // The job has not run yet: the plan has ended all the same, and the notice stays.
    expect((await expectFree()).ownerPaymentGrace).toMatchObject({ tier: "agency" });
    expect(await downgradeLapsedSubscriptions(app.database.db, new Date())).toContain(
      agency.userId,
    );
    expect((await expectFree()).ownerPaymentGrace).toBeNull();
    const billing = (await agency.get("/api/billing")).json();
    expect(billing.subscription).toMatchObject({ tier: "free", status: "active" });
    expect(billing.paymentGrace).toBeNull();
  });

  it("moves an account whose 7 days are over to Free when its billing page is read, before the job", async () => {
    const agency = await agencyCustomerWithAudit(8);
    const billing = (await agency.get("/api/billing")).json();
    expect(billing.subscription).toMatchObject({ tier: "free", status: "active" });
    expect(billing.paymentGrace).toBeNull();
    // Nothing is left for the job, and the plans can be bought again.
    expect(await downgradeLapsedSubscriptions(app.database.db, new Date())).not.toContain(
      agency.userId,
    );
    const [workspace] = (await agency.get("/api/workspaces")).json().workspaces;
    expect(workspace).toMatchObject({ ownerTier: "free", ownerPaymentGrace: null });
  });

  it("keeps another account's failed payment out of a workspace it does not own", async () => {
    const failing = await agencyCustomerWithAudit(2);
    const stranger = await signUp(app);
    const [own] = (
      await app.server.inject({
        method: "GET",
        url: "/api/workspaces",
        headers: { cookie: stranger.cookie },
      })
    ).json().workspaces;
    expect(own).toMatchObject({ ownerTier: "free", ownerPaymentGrace: null });
    const schedule = await app.server.inject({
      method: "GET",
      url: `/api/data-sources/${failing.property.id}/scan-schedule`,
      headers: { cookie: stranger.cookie },
    });
    expect(schedule.statusCode).toBe(404);
  });
});
