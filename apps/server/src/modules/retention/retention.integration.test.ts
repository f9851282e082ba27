import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEvents, mailOutbox, sessions, userRoles, users } from "../../db/schema.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { cookieHeader, createTestApp, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { purgeDeletedAccounts } from "../account-rights/account-rights.service.ts";
import { insertUser } from "../workspaces/workspaces.testing.ts";
import { RETENTION_QUEUE } from "./retention.job.ts";
import {
  addMonths,
  deleteInactiveAccounts,
  purgeExpiredBillingRecords,
  type RetentionDeps,
  runRetention,
  sendInactivityNotices,
} from "./retention.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The job runs on a fake clock of past dates: every account the other tests make is active now,
 * so only the accounts a test sets back in time are ever due.
 */
describe.each(testDatabaseKinds())("retention on %s", (kind) => {
  let app: QueueTestApp;
  let deps: RetentionDeps;
  beforeAll(async () => {
    app = await createTestApp(kind);
    deps = { db: app.database.db, mailer: app.mailer, appUrl: app.config.appUrl };
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.database.db;

  async function userRow(userId: string) {
    const [row] = await db()
      .select({
        lastActiveAt: users.lastActiveAt,
        inactivityNoticeAt: users.inactivityNoticeAt,
        deletionRequestedAt: users.deletionRequestedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** The inactivity notices mailed to `email` (a signed-up account also has its verification). */
  function mailTo(email: string) {
    return db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, email),
          like(mailOutbox.subject, "Your Utmost account will be deleted on %"),
        ),
      );
  }

  async function setActivity(
    userId: string,
    lastActiveAt: Date,
    inactivityNoticeAt: Date | null = null,
  ) {
    await db().update(users).set({ lastActiveAt, inactivityNoticeAt }).where(eq(users.id, userId));
  }

  describe("inactive accounts", () => {
    it("warns an account 22 months unused once, by email, saying when it goes and how to keep it", async () => {
      const lastActiveAt = new Date("2024-01-10T12:00:00.000Z");
      const user = await insertUser(db(), { fullName: "Ada Lovelace", lastActiveAt });

      expect(await sendInactivityNotices(deps, new Date("2025-11-10T11:59:00.000Z"))).toBe(0);
      expect(await userRow(user.id)).toMatchObject({ inactivityNoticeAt: null });

      const warnedAt = new Date("2025-11-10T12:00:00.000Z");
      expect(await sendInactivityNotices(deps, warnedAt)).toBe(1);
      expect(await userRow(user.id)).toMatchObject({ inactivityNoticeAt: warnedAt });
      const [mail, ...more] = await mailTo(user.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe("Your Utmost account will be deleted on January 10, 2026");
      expect(mail?.text).toBe(
        [
          "Hi Ada Lovelace,",
          "",
          `Your Utmost account (${user.email}) has not been used since January 10, 2024. We delete accounts nobody has signed in to for 24 months, so this account will be deleted on January 10, 2026, together with the workspaces you own and their properties, audits, reports and alerts.`,
          "",
          "To keep your account, sign in before January 10, 2026; nothing else is needed.",
          new URL("/auth", app.config.appUrl).toString(),
          "",
          "After that date you can still recover the account by signing in within 30 days; then it is permanently deleted. If you no longer need it, you need do nothing. Billing records are kept for 7 years without your name, email or address, as tax law requires.",
        ].join("\n"),
      );

      // The next days' runs send nothing more.
      expect(await sendInactivityNotices(deps, new Date(warnedAt.getTime() + DAY_MS))).toBe(0);
      expect(await sendInactivityNotices(deps, new Date(warnedAt.getTime() + 30 * DAY_MS))).toBe(0);
      expect(await mailTo(user.email)).toHaveLength(1);
    });

    it("gives at least 60 days: a short month's notice moves the deletion date on", async () => {
      // 22 months after March 1 is January 1: 59 days before March 1 in a year without Feb 29.
      const lastActiveAt = new Date("2023-03-01T09:00:00.000Z");
      const user = await insertUser(db(), { lastActiveAt });
      const warnedAt = new Date("2025-01-01T09:00:00.000Z");
      await sendInactivityNotices(deps, warnedAt);
      const [mail] = await mailTo(user.email);
      expect(mail?.subject).toBe("Your Utmost account will be deleted on March 2, 2025");

      // 24 months have passed, 60 days of notice not yet.
      expect(await deleteInactiveAccounts(db(), new Date("2025-03-01T09:00:00.000Z"))).toBe(0);
      expect(await userRow(user.id)).toMatchObject({ deletionRequestedAt: null });
      const due = new Date(warnedAt.getTime() + 60 * DAY_MS);
      expect(due.toISOString()).toBe("2025-03-02T09:00:00.000Z");
      await deleteInactiveAccounts(db(), due);
      expect(await userRow(user.id)).toMatchObject({ deletionRequestedAt: due });
    });

    it("a sign-in spends the notice and the account is kept", async () => {
      const user = await signUp(app);
      const lastActiveAt = new Date("2023-05-10T08:00:00.000Z");
      const warnedAt = addMonths(lastActiveAt, 22);
      await setActivity(user.userId, lastActiveAt, warnedAt);

      const before = Date.now();
      const signIn = await app.server.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: user.input.email, password: user.input.password },
      });
      expect(signIn.statusCode).toBe(200);
      const row = await userRow(user.userId);
      expect(row?.inactivityNoticeAt).toBeNull();
      expect(row?.lastActiveAt.getTime()).toBeGreaterThanOrEqual(before);

      // The day the deletion was due, nothing happens and no new notice goes out.
      const deletionDay = addMonths(lastActiveAt, 24);
      expect(await runRetention(deps, deletionDay)).toMatchObject({ deletionsStarted: 0 });
      expect(await userRow(user.userId)).toMatchObject({
        deletionRequestedAt: null,
        inactivityNoticeAt: null,
      });
      expect(await mailTo(user.input.email)).toEqual([]);
    });

    it("use of the app counts, written once a day when Better Auth extends the session", async () => {
      const user = await signUp(app);
      const lastActiveAt = new Date("2023-06-10T08:00:00.000Z");
      await setActivity(user.userId, lastActiveAt, addMonths(lastActiveAt, 22));
      const me = () =>
        app.server.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } });

      // A session extended less than a day ago: no write.
      expect((await me()).statusCode).toBe(200);
      expect(await userRow(user.userId)).toMatchObject({ lastActiveAt });

      // A day since its last extension: Better Auth extends it, and the use is recorded.
      const before = Date.now();
      await db()
        .update(sessions)
        .set({ expiresAt: new Date(before + 29 * DAY_MS - 60_000) })
        .where(eq(sessions.userId, user.userId));
      expect((await me()).statusCode).toBe(200);
      const row = await userRow(user.userId);
      expect(row?.inactivityNoticeAt).toBeNull();
      expect(row?.lastActiveAt.getTime()).toBeGreaterThanOrEqual(before);
      const [session] = await db()
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, user.userId));
      expect(session?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 60_000);
    });

    it("at 24 months with a notice 60 days old starts the deletion as Delete my account does", async () => {
      const now = new Date("2026-02-20T03:00:00.000Z");
      const lastActiveAt = new Date(addMonths(now, -24).getTime() - DAY_MS);
      const noticed = await signUp(app);
      await setActivity(noticed.userId, lastActiveAt, new Date(now.getTime() - 60 * DAY_MS));
      const recent = await insertUser(db());
      await setActivity(recent.id, lastActiveAt, new Date(now.getTime() - 59 * DAY_MS));
      const unwarned = await insertUser(db());
      await setActivity(unwarned.id, lastActiveAt);

      const run = await runRetention(deps, now);
      expect(run.deletionsStarted).toBeGreaterThanOrEqual(1);
      expect(await userRow(noticed.userId)).toMatchObject({ deletionRequestedAt: now });
      // Signed out everywhere; signing in offers only the recovery.
      expect(await db().select().from(sessions).where(eq(sessions.userId, noticed.userId))).toEqual(
        [],
      );
      const signIn = await app.server.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: noticed.input.email, password: noticed.input.password },
      });
      const cookie = cookieHeader(signIn);
      const workspaces = await app.server.inject({
        method: "GET",
        url: "/api/workspaces",
        headers: { cookie },
      });
      expect(workspaces.statusCode).toBe(403);
      expect(workspaces.json().error.code).toBe("ACCOUNT_PENDING_DELETION");

      // A notice 59 days old waits; an account never warned gets its notice first.
      expect(await userRow(recent.id)).toMatchObject({ deletionRequestedAt: null });
      expect(await userRow(unwarned.id)).toMatchObject({
        deletionRequestedAt: null,
        inactivityNoticeAt: now,
      });
      expect(await mailTo(unwarned.email)).toHaveLength(1);
      expect(await mailTo(recent.email)).toEqual([]);
    });

    it("purges an inactive account 30 days after its deletion started", async () => {
      const now = new Date("2026-03-20T03:00:00.000Z");
      const user = await insertUser(db());
      await setActivity(user.id, addMonths(now, -25), addMonths(now, -3));
      expect(await deleteInactiveAccounts(db(), now)).toBeGreaterThanOrEqual(1);
      expect(await userRow(user.id)).toMatchObject({ deletionRequestedAt: now });

      await purgeDeletedAccounts(db(), new Date(now.getTime() + 29 * DAY_MS));
      expect(await userRow(user.id)).toBeDefined();
      await purgeDeletedAccounts(db(), new Date(now.getTime() + 30 * DAY_MS));
      expect(await userRow(user.id)).toBeUndefined();
    });

    it("never warns or deletes a paying customer, in a grace period too", async () => {
      const now = new Date("2026-04-20T03:00:00.000Z");
      const lastActiveAt = addMonths(now, -30);
      const paying = await insertUser(db());
      await setPlan(db(), paying.id, "pro");
      await setActivity(paying.id, lastActiveAt);
      const warnedThenPaid = await insertUser(db());
      await setPlan(db(), warnedThenPaid.id, "advanced");
      await setActivity(warnedThenPaid.id, lastActiveAt, addMonths(now, -6));

      await runRetention(deps, now);
      await runRetention(deps, new Date(now.getTime() + 90 * DAY_MS));
      expect(await userRow(paying.id)).toMatchObject({
        inactivityNoticeAt: null,
        deletionRequestedAt: null,
      });
      expect(await userRow(warnedThenPaid.id)).toMatchObject({ deletionRequestedAt: null });
      expect(await mailTo(paying.email)).toEqual([]);
      expect(await mailTo(warnedThenPaid.email)).toEqual([]);
    });

    it("treats an administrator like every account", async () => {
      const now = new Date("2026-05-20T03:00:00.000Z");
      const admin = await insertUser(db(), { lastActiveAt: addMonths(now, -22) });
      await db().insert(userRoles).values({ userId: admin.id, role: "admin" });
      await sendInactivityNotices(deps, now);
      expect(await userRow(admin.id)).toMatchObject({ inactivityNoticeAt: now });
    });
  });

  describe("billing records", () => {
    function subscriptionEvent(input: {
      userId: string | null;
      email: string;
      subscriptionId: string;
      occurredAt: Date;
    }) {
      return {
        webhookId: `msg_${randomUUID()}`,
        type: "subscription.active",
        occurredAt: input.occurredAt,
        providerSubscriptionId: input.subscriptionId,
        userId: input.userId,
        outcome: "applied" as const,
        payload: {
          type: "subscription.active",
          timestamp: input.occurredAt.toISOString(),
          data: {
            subscription_id: input.subscriptionId,
            status: "active",
            product_id: "pdt_pro",
            recurring_pre_tax_amount: 1500,
            currency: "USD",
            customer: { customer_id: "cus_1", email: input.email, name: "Grace Hopper" },
            billing: { country: "US", city: "Arlington", street: "1 Navy Way", zipcode: "22202" },
            metadata: { user_id: input.userId, tier: "pro" },
          },
        },
      };
    }

    it("keeps a purged account's billing records, without who paid", async () => {
      const user = await insertUser(db());
      const subscriptionId = `sub_${randomUUID()}`;
      const occurredAt = new Date("2026-01-05T10:00:00.000Z");
      const applied = subscriptionEvent({
        userId: user.id,
        email: user.email,
        subscriptionId,
        occurredAt,
      });
      // A payment event is recorded without an account; it names the subscription and email.
      const payment = {
        webhookId: `msg_${randomUUID()}`,
        type: "payment.succeeded",
        occurredAt,
        providerSubscriptionId: null,
        userId: null,
        outcome: "ignored" as const,
        payload: {
          type: "payment.succeeded",
          data: {
            payment_id: "pay_1",
            total_amount: 1500,
            subscription_id: subscriptionId,
            customer: { customer_id: "cus_1", email: user.email.toUpperCase(), name: "Grace" },
            card_holder_name: "Grace Hopper",
          },
        },
      };
      const someoneElse = await insertUser(db());
      const theirs = subscriptionEvent({
        userId: someoneElse.id,
        email: someoneElse.email,
        subscriptionId: `sub_${randomUUID()}`,
        occurredAt,
      });
      await db().insert(billingEvents).values([applied, payment, theirs]);

      const requestedAt = new Date("2026-06-01T00:00:00.000Z");
      await db()
        .update(users)
        .set({ deletionRequestedAt: requestedAt })
        .where(eq(users.id, user.id));
      await purgeDeletedAccounts(db(), new Date(requestedAt.getTime() + 30 * DAY_MS));
      expect(await userRow(user.id)).toBeUndefined();

      const kept = await db()
        .select()
        .from(billingEvents)
        .where(
          inArray(billingEvents.webhookId, [
            applied.webhookId,
            payment.webhookId,
            theirs.webhookId,
          ]),
        );
      const byId = new Map(kept.map((row) => [row.webhookId, row]));
      expect(byId.get(applied.webhookId)).toMatchObject({
        type: "subscription.active",
        occurredAt,
        providerSubscriptionId: subscriptionId,
        userId: null,
        outcome: "applied",
        payload: {
          type: "subscription.active",
          timestamp: occurredAt.toISOString(),
          data: {
            subscription_id: subscriptionId,
            status: "active",
            product_id: "pdt_pro",
            recurring_pre_tax_amount: 1500,
            currency: "USD",
            customer: { customer_id: "cus_1", email: null, name: null },
            billing: { country: "US", city: null, street: null, zipcode: null },
            metadata: { tier: "pro" },
          },
        },
      });
      expect(byId.get(payment.webhookId)?.payload).toEqual({
        type: "payment.succeeded",
        data: {
          payment_id: "pay_1",
          total_amount: 1500,
          subscription_id: subscriptionId,
          customer: { customer_id: "cus_1", email: null, name: null },
          card_holder_name: null,
        },
      });
      for (const row of [byId.get(applied.webhookId), byId.get(payment.webhookId)]) {
        const text = JSON.stringify(row).toLowerCase();
        expect(text).not.toContain(user.email.toLowerCase());
        expect(text).not.toContain(user.id);
        expect(text).not.toContain("grace");
      }
      // Another account's record is untouched.
      expect(byId.get(theirs.webhookId)).toMatchObject({
        userId: someoneElse.id,
        payload: theirs.payload,
      });
    });

    it("removes billing records 7 years after their date", async () => {
      const now = new Date("2026-07-15T02:41:00.000Z");
      const user = await insertUser(db());
      const sevenYearsAgo = addMonths(now, -84);
      const expired = subscriptionEvent({
        userId: null,
        email: "gone@example.com",
        subscriptionId: `sub_${randomUUID()}`,
        occurredAt: new Date(sevenYearsAgo.getTime() - DAY_MS),
      });
      const stillKept = subscriptionEvent({
        userId: user.id,
        email: user.email,
        subscriptionId: `sub_${randomUUID()}`,
        occurredAt: new Date(sevenYearsAgo.getTime() + DAY_MS),
      });
      await db().insert(billingEvents).values([expired, stillKept]);

      expect(await purgeExpiredBillingRecords(db(), now)).toBe(1);
      const left = await db()
        .select({ webhookId: billingEvents.webhookId })
        .from(billingEvents)
        .where(inArray(billingEvents.webhookId, [expired.webhookId, stillKept.webhookId]));
      expect(left).toEqual([{ webhookId: stillKept.webhookId }]);

      // Its seventh year ends a day later, and it goes too, whoever it belongs to.
      await purgeExpiredBillingRecords(
        db(),
        new Date(addMonths(stillKept.occurredAt, 84).getTime() + DAY_MS),
      );
      expect(
        await db()
          .select()
          .from(billingEvents)
          .where(eq(billingEvents.webhookId, stillKept.webhookId)),
      ).toEqual([]);
    });
  });
});

describe.each(testDatabaseKinds())("the retention job on %s", (kind) => {
  const now = new Date("2026-08-01T02:41:00.000Z");
  let app: QueueTestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, {}, { worker: { now: () => now } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("is scheduled daily and runs the day's notices, deletions and billing purge", async () => {
    const db = app.database.db;
    const schedules = await app.jobs.boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
      RETENTION_QUEUE,
      "41 2 * * *",
    ]);
    const dormant = await insertUser(db, { lastActiveAt: addMonths(now, -22) });
    const warned = await insertUser(db, {
      lastActiveAt: addMonths(now, -24),
      inactivityNoticeAt: new Date(now.getTime() - 60 * DAY_MS),
    });
    const webhookId = `msg_${randomUUID()}`;
    await db.insert(billingEvents).values({
      webhookId,
      type: "payment.succeeded",
      occurredAt: new Date(addMonths(now, -84).getTime() - DAY_MS),
      outcome: "ignored",
      payload: { type: "payment.succeeded", data: { total_amount: 1500 } },
    });

    await app.jobs.boss.send(RETENTION_QUEUE, null);
    await expect
      .poll(
        async () => {
          const [row] = await db
            .select({ deletionRequestedAt: users.deletionRequestedAt })
            .from(users)
            .where(eq(users.id, warned.id));
          const notices = await db
            .select({ subject: mailOutbox.subject })
            .from(mailOutbox)
            .where(eq(mailOutbox.to, dormant.email));
          const records = await db
            .select({ webhookId: billingEvents.webhookId })
            .from(billingEvents)
            .where(eq(billingEvents.webhookId, webhookId));
          return {
            deletionRequestedAt: row?.deletionRequestedAt,
            notices: notices.map((mail) => mail.subject),
            records: records.length,
          };
        },
        { timeout: 20_000, interval: 200 },
      )
      .toEqual({
        deletionRequestedAt: now,
        notices: ["Your Utmost account will be deleted on October 1, 2026"],
        records: 0,
      });
  });
});
