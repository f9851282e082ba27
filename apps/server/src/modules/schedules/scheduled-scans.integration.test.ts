import type { ScanFrequency, SubscriptionTier } from "@utmost/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditScans, dataSources, subscriptions } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { scanEnqueuer } from "../scans/run-scan.job.ts";
import { failScan } from "../scans/scans.repository.ts";
import { createScanStarter } from "../scans/scans.service.ts";
import { createWithOwner } from "../workspaces/workspaces.repository.ts";
import { latestSlot, slotOffsetMs } from "./schedule-slots.ts";
import { SCHEDULED_SCANS_QUEUE } from "./scheduled-scans.job.ts";
import { runScheduledScans } from "./schedules.service.ts";

/**
 * The scheduler against a real database and queue, on a fake clock: ticks every 15 minutes across
 * a week (and across months for Free), with a stand-in worker that finishes each scan at once.
 * The clock runs weeks ahead of the real one, so the real `created_at` of the scans the ticks
 * start never covers a simulated slot; only the scheduler's own record does.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TICK = 15 * MINUTE;

/** A Monday midnight (UTC) at least five weeks after the real clock. */
function futureMonday(): number {
  const day = Math.floor((Date.now() + 35 * DAY) / DAY);
  return (day - ((day + 3) % 7)) * DAY;
}

/** Fixed ids, so the slots (and this test) are the same on every run. */
function propertyId(index: number) {
  return `00000000-0000-4000-8000-${index.toString().padStart(12, "0")}`;
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(testDatabaseKinds())("scheduled scans on %s", (kind) => {
  let app: QueueTestApp;
  let nextIndex = 1;

  beforeAll(async () => {
    app = await createTestApp(kind, { DEMO_MODE: "false" });
  });
  afterAll(async () => {
    await app?.close();
  });
  // Each test's properties (and their scans) go, so the next test's ticks see only its own.
  afterEach(async () => {
    await app.database.db.delete(dataSources);
  });

  async function ownerOn(tier: SubscriptionTier, status = "active") {
    const user = await signUp(app);
    await app.database.db
      .update(subscriptions)
      .set({ tier, status })
      .where(eq(subscriptions.userId, user.userId));
    return createWithOwner(app.database.db, { name: tier, type: "team", ownerId: user.userId });
  }

  async function property(
    workspaceId: string,
    values: Partial<typeof dataSources.$inferInsert> & { createdAt: Date },
  ) {
    const index = nextIndex++;
    const [row] = await app.database.db
      .insert(dataSources)
      .values({
        id: propertyId(index),
        workspaceId,
        name: `Property ${index}`,
        ga4PropertyId: String(100_000 + index),
        accessTokenEncrypted: "sealed",
        ...values,
      })
      .returning();
    if (!row) throw new Error("no property inserted");
    return row;
  }

  function scheduler() {
    const db = app.database.db;
    return {
      db,
      starter: createScanStarter({ db, enqueue: scanEnqueuer(app.jobs) }),
      logger: silent,
    };
  }

  /** What the worker would do: finish every running scan, except those of `keepRunning`. */
  async function finishRunningScans(keepRunning: readonly string[] = []) {
    const running = await app.database.db
      .select({ id: auditScans.id, dataSourceId: auditScans.dataSourceId })
      .from(auditScans)
      .where(eq(auditScans.status, "running"));
    const done = running.filter((scan) => !keepRunning.includes(scan.dataSourceId));
    if (done.length === 0) return;
    await app.database.db
      .update(auditScans)
      .set({ status: "completed", completedAt: new Date() })
      .where(
        inArray(
          auditScans.id,
          done.map((scan) => scan.id),
        ),
      );
  }

  async function scansOf(ids: readonly string[]) {
    return app.database.db
      .select()
      .from(auditScans)
      .where(inArray(auditScans.dataSourceId, [...ids]))
      .orderBy(asc(auditScans.createdAt));
  }

  it("runs each plan at its cadence across a week, spread over the day, skipping what it must", async () => {
    const monday = futureMonday();
    const connected = new Date(monday - 60 * DAY);
    const free = await ownerOn("free");
    const pro = await ownerOn("pro");
    const team = await ownerOn("advanced");
    const agency = await ownerOn("agency");
    const lapsed = await ownerOn("pro", "past_due");

    const daily = [
      await property(pro.id, { createdAt: connected }),
      await property(team.id, { createdAt: connected }),
      ...(await Promise.all(
        Array.from({ length: 24 }, () => property(agency.id, { createdAt: connected })),
      )),
    ];
    const weekly = await property(pro.id, { createdAt: connected, scanFrequency: "weekly" });
    // Free offers monthly only: a stored "daily" is ignored.
    const freeProperty = await property(free.id, { createdAt: connected, scanFrequency: "daily" });
    const lapsedProperty = await property(lapsed.id, { createdAt: connected });
    const inactive = await property(pro.id, { createdAt: connected, isActive: false });
    const noGrant = await property(pro.id, { createdAt: connected, accessTokenEncrypted: null });
    const expiring = await property(team.id, { createdAt: connected });
    // Connected on Wednesday at noon: nothing is owed for the slots before.
    const lateConnected = await property(agency.id, { createdAt: new Date(monday + 2.5 * DAY) });
    // Its scans take 30 hours: every other slot finds one running.
    const slow = await property(agency.id, { createdAt: connected });

    const ticks = (from: number, to: number) => {
      const times: number[] = [];
      for (let now = from; now < to; now += TICK) times.push(now);
      return times;
    };
    // A day of ticks first, so the week starts with the scheduler in its steady state.
    let startedByTicks = 0;
    let slowWarmUpScans = 0;
    for (const now of ticks(monday - DAY, monday)) {
      const { started } = await runScheduledScans(scheduler(), new Date(now));
      startedByTicks += started.length;
      if (started.includes(slow.id)) slowWarmUpScans += 1;
      await finishRunningScans();
    }

    const week = ticks(monday, monday + 7 * DAY);
    const startedAt = new Map<string, number[]>();
    const foundRunning = new Map<string, number[]>();
    const perTick: number[] = [];
    let slowScanStartedAt: number | undefined;
    for (const now of week) {
      const result = await runScheduledScans(scheduler(), new Date(now));
      expect(result.deferred).toEqual([]);
      perTick.push(result.started.length);
      startedByTicks += result.started.length;
      for (const id of result.started) startedAt.set(id, [...(startedAt.get(id) ?? []), now]);
      for (const id of result.alreadyRunning) {
        foundRunning.set(id, [...(foundRunning.get(id) ?? []), now]);
      }

      // The first scan of `expiring` this week meets a revoked grant, recorded as the worker does.
      if (result.started.includes(expiring.id)) {
        const [scan] = await app.database.db
          .select()
          .from(auditScans)
          .where(and(eq(auditScans.dataSourceId, expiring.id), eq(auditScans.status, "running")));
        if (!scan) throw new Error("no running scan");
        await failScan(app.database.db, {
          scanId: scan.id,
          dataSourceId: expiring.id,
          errorCode: "GOOGLE_AUTH_EXPIRED",
          errorMessage: "expired",
          deactivate: true,
        });
      }
      if (result.started.includes(slow.id)) slowScanStartedAt = now;
      const slowRunning = slowScanStartedAt !== undefined && now - slowScanStartedAt < 30 * HOUR;
      await finishRunningScans(slowRunning ? [slow.id] : []);
    }

    /** The ticks of the week that come first after one of the property's slots. */
    const expectedTicks = (id: string, frequency: ScanFrequency, after = 0) =>
      week.filter((now) => {
        const slot = latestSlot(id, frequency, new Date(now)).getTime();
        return slot > now - TICK && slot >= after;
      });

    // Daily plans (Pro, Team, Agency): every day at the property's own time, seven in the week.
    for (const row of daily) {
      const times = startedAt.get(row.id) ?? [];
      expect(times).toEqual(expectedTicks(row.id, "daily"));
      expect(times).toHaveLength(7);
      expect(times.slice(1).map((time, day) => time - (times[day] ?? 0))).toEqual(
        new Array(6).fill(DAY),
      );
      for (const time of times) {
        const sinceSlot = time - latestSlot(row.id, "daily", new Date(time)).getTime();
        expect(sinceSlot).toBeLessThan(TICK);
      }
    }
    // Weekly chosen on Pro: once.
    expect(startedAt.get(weekly.id)).toEqual(expectedTicks(weekly.id, "weekly"));
    expect(startedAt.get(weekly.id)).toHaveLength(1);
    // Free, and a paid plan whose subscription lapsed: monthly, so at most once in a week.
    for (const row of [freeProperty, lapsedProperty]) {
      const expected = expectedTicks(row.id, "monthly");
      expect(expected.length).toBeLessThanOrEqual(1);
      expect(startedAt.get(row.id) ?? []).toEqual(expected);
    }

    // Skipped: inactive, no grant, and after the grant expired.
    expect(startedAt.get(inactive.id)).toBeUndefined();
    expect(startedAt.get(noGrant.id)).toBeUndefined();
    expect(startedAt.get(expiring.id)).toHaveLength(1);
    // Connected mid-week: from its first slot after connecting.
    expect(startedAt.get(lateConnected.id)).toEqual(
      expectedTicks(lateConnected.id, "daily", lateConnected.createdAt.getTime()),
    );

    // Never two at once: a slot that met the running slow scan started nothing new.
    expect(startedAt.get(slow.id)).toHaveLength(4);
    expect(foundRunning.get(slow.id)).toHaveLength(3);
    const slowScans = await scansOf([slow.id]);
    expect(slowScans).toHaveLength(slowWarmUpScans + 4);
    expect(slowScans.every((scan) => scan.scanType === "scheduled")).toBe(true);

    // Spread: the daily properties reach GA4 in many different 15-minute windows, few at once.
    const busyTicks = perTick.slice(0, 96).filter((count) => count > 0).length;
    expect(busyTicks).toBeGreaterThanOrEqual(18);
    expect(Math.max(...perTick)).toBeLessThanOrEqual(4);

    // No duplicates: every scan of these properties is one a tick reported starting.
    const all = await scansOf(
      [...daily, weekly, freeProperty, lapsedProperty, expiring, lateConnected, slow].map(
        (row) => row.id,
      ),
    );
    expect(all).toHaveLength(startedByTicks);
  });

  it("runs Free monthly, at the same time of the month, and catches up once after downtime", async () => {
    const start = futureMonday();
    const free = await ownerOn("free");
    const row = await property(free.id, { createdAt: new Date(start) });

    const started: number[] = [];
    // A tick every 3 hours for three months (a coarser tick than cron's keeps the test quick).
    const step = 3 * HOUR;
    const months = 3;
    const end = Date.UTC(
      new Date(start).getUTCFullYear(),
      new Date(start).getUTCMonth() + months + 1,
      1,
    );
    for (let now = start; now < end; now += step) {
      const result = await runScheduledScans(scheduler(), new Date(now));
      if (result.started.includes(row.id)) started.push(now);
      await finishRunningScans();
    }
    const offset = slotOffsetMs(row.id, "monthly");
    for (const time of started) {
      const date = new Date(time);
      const slot = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) + offset;
      expect(time - slot).toBeGreaterThanOrEqual(0);
      expect(time - slot).toBeLessThan(step);
    }
    expect(started.length).toBeGreaterThanOrEqual(months);
    expect(started.length).toBeLessThanOrEqual(months + 1);

    // Down for two whole months: one scan when ticks resume, not one per missed slot.
    const resume = end + 61 * DAY;
    const first = await runScheduledScans(scheduler(), new Date(resume));
    expect(first.started).toEqual([row.id]);
    await finishRunningScans();
    const again = await runScheduledScans(scheduler(), new Date(resume + TICK));
    expect(again.started).toEqual([]);
  });

  it("counts a scan of any kind since the slot, and two ticks at once start one scan", async () => {
    const start = futureMonday();
    const pro = await ownerOn("pro");
    const row = await property(pro.id, { createdAt: new Date(start - 30 * DAY) });
    const slot = latestSlot(row.id, "daily", new Date(start + DAY));
    const now = new Date(slot.getTime() + MINUTE);

    // A Run Audit just after the slot serves it.
    await app.database.db
      .insert(auditScans)
      .values({ dataSourceId: row.id, scanType: "manual", status: "completed", createdAt: now });
    expect((await runScheduledScans(scheduler(), now)).started).toEqual([]);

    // The next day: two ticks racing start one scan between them.
    const next = new Date(now.getTime() + DAY);
    const results = await Promise.all([
      runScheduledScans(scheduler(), next),
      runScheduledScans(scheduler(), next),
    ]);
    const started = results.flatMap((result) => [...result.started, ...result.alreadyRunning]);
    expect(started).toEqual([row.id]);
    const scans = await scansOf([row.id]);
    expect(scans.filter((scan) => scan.scanType === "scheduled")).toHaveLength(1);
    await finishRunningScans();
  });

  it("caps the scans one tick starts and leaves the rest due", async () => {
    const start = futureMonday();
    const agency = await ownerOn("agency");
    const rows = await Promise.all(
      Array.from({ length: 5 }, () => property(agency.id, { createdAt: new Date(start - DAY) })),
    );
    const now = new Date(start + DAY + DAY);
    const first = await runScheduledScans(scheduler(), now, { limit: 3 });
    const ours = (ids: string[]) => ids.filter((id) => rows.some((row) => row.id === id));
    expect(ours(first.started)).toHaveLength(3);
    expect(ours(first.deferred)).toHaveLength(2);
    const second = await runScheduledScans(scheduler(), now, { limit: 3 });
    expect(ours(second.started)).toHaveLength(2);
    await finishRunningScans();
  });
});

describe("the scheduled-scans job", () => {
  it("is on pg-boss cron, and a tick taken by the worker starts the scans due", async () => {
    const monday = futureMonday();
    const now = new Date(monday + 3 * DAY);
    const app = await createTestApp(
      "pglite",
      { DEMO_MODE: "false" },
      { worker: { now: () => now, scheduledScans: true } },
    );
    try {
      const user = await signUp(app);
      await app.database.db
        .update(subscriptions)
        .set({ tier: "pro" })
        .where(eq(subscriptions.userId, user.userId));
      const workspace = await createWithOwner(app.database.db, {
        name: "Scheduled",
        type: "team",
        ownerId: user.userId,
      });
      const [row] = await app.database.db
        .insert(dataSources)
        .values({
          workspaceId: workspace.id,
          name: "Scheduled property",
          ga4PropertyId: "424242",
          accessTokenEncrypted: "sealed",
          createdAt: new Date(monday - DAY),
        })
        .returning();
      if (!row) throw new Error("no property inserted");

      const schedules = await app.jobs.boss.getSchedules();
      expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
        SCHEDULED_SCANS_QUEUE,
        "*/15 * * * *",
      ]);

      await app.jobs.boss.send(SCHEDULED_SCANS_QUEUE, null);
      await expect
        .poll(
          async () => {
            const scans = await app.database.db
              .select()
              .from(auditScans)
              .where(eq(auditScans.dataSourceId, row.id));
            return scans.map((scan) => scan.scanType);
          },
          { timeout: 20_000, interval: 200 },
        )
        .toEqual(["scheduled"]);
      const [stored] = await app.database.db
        .select({ last: dataSources.lastScheduledScanAt })
        .from(dataSources)
        .where(eq(dataSources.id, row.id));
      expect(stored?.last).toEqual(latestSlot(row.id, "daily", now));
    } finally {
      await app.close();
    }
  });
});
