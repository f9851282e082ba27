import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { rateLimitCounters, signInFailures } from "../../db/schema.ts";
import { loadConfig } from "../../env.ts";
import {
  createTestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from "../../test/databases.ts";
import { setPlan } from "../../test/plans.ts";
import { createTestApp, newUser, type QueueTestApp, signUp } from "../../test/test-app.ts";
import { createOutboxMailer } from "../mail/mailer.ts";
import { insertTeam } from "../workspaces/workspaces.testing.ts";
import { pruneRateLimits } from "./rate-limits.repository.ts";
import { signInAccountKey } from "./rate-limits.service.ts";

/**
 * Issue 21, findings 3 and 11: limits that a guesser cannot step around by writing
 * X-Forwarded-For, by changing address, or by landing on another API process.
 */

/** The proxy in front of the API: the client wrote `written`, the proxy appended `client`. */
const viaProxy = (client: string, written?: string) => ({
  "x-forwarded-for": written ? `${written}, ${client}` : client,
});

const signIn = (
  app: Pick<App, "server">,
  body: { email: string; password: string },
  headers: Record<string, string> = {},
) =>
  app.server.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: body,
    headers,
    remoteAddress: "10.0.0.2",
  });

const retryAfter = (response: LightMyRequestResponse) => Number(response.headers["retry-after"]);

/** Lets a back-off run out, as the passing of time would. */
async function endBackOff(db: Database["db"], email: string) {
  await db
    .update(signInFailures)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signInFailures.accountKey, signInAccountKey(email)));
}

describe.each(testDatabaseKinds())("rate limits on %s", (kind) => {
  describe("behind one trusted proxy (TRUSTED_PROXY_HOPS=1)", () => {
    let app: QueueTestApp;
    beforeAll(async () => {
      app = await createTestApp(kind, { TRUSTED_PROXY_HOPS: "1", AUTH_RATE_LIMIT_MAX: "1000" });
    });
    afterAll(async () => {
      await app.close();
    });

    it("stops password guessing for an account however many addresses the guesses come from", async () => {
      const { input } = await signUp(app);
      const guesses: LightMyRequestResponse[] = [];
      for (let i = 1; i <= 6; i++) {
        guesses.push(
          await signIn(
            app,
            { email: input.email, password: `wrong-guess-${i}` },
            viaProxy(`198.51.100.${i}`, `203.0.113.${i}`),
          ),
        );
      }
      expect(guesses.map((response) => response.statusCode)).toEqual([
        401, 401, 401, 401, 401, 429,
      ]);
      const refused = guesses[5] as LightMyRequestResponse;
      expect(refused.json().error.code).toBe("RATE_LIMITED");
      expect(refused.json().error.message).toMatch(/Try again in \d+ s/);
      expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      expect(retryAfter(refused)).toBeLessThanOrEqual(2);

      // Even the right password waits out the back-off: the guesser cannot tell a hit.
      const right = await signIn(app, input, viaProxy("198.51.100.99"));
      expect(right.statusCode).toBe(429);

      // The wait doubles with each further failure.
      await endBackOff(app.database.db, input.email);
      expect(
        (await signIn(app, { email: input.email, password: "wrong-password" })).statusCode,
      ).toBe(401);
      const longer = await signIn(app, { email: input.email, password: "wrong-password" });
      expect(longer.statusCode).toBe(429);
      expect(retryAfter(longer)).toBeGreaterThan(2);
      expect(retryAfter(longer)).toBeLessThanOrEqual(4);

      // Once the wait is over the owner signs in, and the count starts again.
      await endBackOff(app.database.db, input.email);
      expect((await signIn(app, input)).statusCode).toBe(200);
      const rows = await app.database.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.accountKey, signInAccountKey(input.email)));
      expect(rows).toEqual([]);
      for (let i = 0; i < 5; i++) {
        expect(
          (await signIn(app, { email: input.email, password: "wrong-password" })).statusCode,
        ).toBe(401);
      }
    });

    it("waits at most 15 minutes however long the guessing goes on", async () => {
      const email = `patient-${Date.now()}@example.com`;
      for (let i = 0; i < 5; i++) await signIn(app, { email, password: "wrong-password" });
      await app.database.db
        .update(signInFailures)
        .set({ failures: 40, lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(signInFailures.accountKey, signInAccountKey(email)));
      expect((await signIn(app, { email, password: "wrong-password" })).statusCode).toBe(401);
      const refused = await signIn(app, { email, password: "wrong-password" });
      expect(refused.statusCode).toBe(429);
      expect(retryAfter(refused)).toBeGreaterThan(890);
      expect(retryAfter(refused)).toBeLessThanOrEqual(900);
    });

    it("answers an address with no account exactly as one with an account", async () => {
      const { input } = await signUp(app);
      const nobody = newUser().email;
      const statuses = async (email: string) => {
        const answers = [];
        for (let i = 0; i < 6; i++) {
          const response = await signIn(app, { email, password: "wrong-password" });
          answers.push({ status: response.statusCode, body: response.json() });
        }
        return answers;
      };
      const known = await statuses(input.email);
      const unknown = await statuses(nobody);
      expect(unknown).toEqual(known);
      expect(known.at(-1)?.status).toBe(429);
    });

    it("counts one account whatever the case of the address typed", async () => {
      const { input } = await signUp(app);
      for (let i = 0; i < 5; i++) {
        const email = i % 2 === 0 ? input.email.toUpperCase() : input.email;
        expect((await signIn(app, { email, password: "wrong-password" })).statusCode).toBe(401);
      }
      expect(
        (await signIn(app, { email: ` ${input.email} `, password: "wrong-password" })).statusCode,
      ).toBe(429);
    });

    it("admits no more parallel guesses than the free attempts", async () => {
      const { input } = await signUp(app);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          signIn(app, { email: input.email, password: `parallel-${i}` }),
        ),
      );
      const statuses = answers.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    });
  });

  describe("the per-address limit", () => {
    let app: QueueTestApp;
    beforeAll(async () => {
      app = await createTestApp(kind, { TRUSTED_PROXY_HOPS: "1", AUTH_RATE_LIMIT_MAX: "3" });
    });
    afterAll(async () => {
      await app.close();
    });

    it("keys on the address the proxy saw, not on what the client wrote in front of it", async () => {
      const attempt = (i: number) =>
        signIn(
          app,
          // A new account each time, so only the per-address limit can refuse.
          { email: `guess-${i}-${Date.now()}@example.com`, password: "wrong-password" },
          {
            ...viaProxy("198.51.100.50", `203.0.113.${i}`),
            // Never believed: the API sets this header itself for Better Auth.
            "x-utmost-client-ip": `192.0.2.${i}`,
          },
        );
      const statuses = [];
      for (let i = 1; i <= 5; i++) statuses.push((await attempt(i)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);

      // Another client behind the same proxy is not limited by the first one's guesses.
      const other = await signIn(
        app,
        { email: "someone-else@example.com", password: "wrong-password" },
        viaProxy("198.51.100.51"),
      );
      expect(other.statusCode).toBe(401);
    });
  });

  it("without trusted proxies ignores X-Forwarded-For and a client-written client-address header", async () => {
    const app = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: "2" });
    try {
      const statuses = [];
      for (let i = 1; i <= 3; i++) {
        const response = await signIn(
          app,
          { email: `direct-${i}-${Date.now()}@example.com`, password: "wrong-password" },
          { ...viaProxy(`198.51.100.${i}`), "x-utmost-client-ip": `192.0.2.${i}` },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await app.close();
    }
  });

  it("forgets counters and failures that can no longer limit anyone, and keeps the rest", async () => {
    const app = await createTestApp(kind);
    try {
      const db = app.database.db;
      const ago = (interval: string) => sql`now() - ${sql.raw(`interval '${interval}'`)}`;
      await db.insert(rateLimitCounters).values([
        { key: "prune:ended", count: 3, windowEndsAt: ago("2 hours") },
        { key: "prune:recent", count: 3, windowEndsAt: ago("10 minutes") },
      ]);
      await db.insert(signInFailures).values([
        { accountKey: "prune:old", failures: 4, lastFailedAt: ago("2 days") },
        { accountKey: "prune:fresh", failures: 4, lastFailedAt: ago("1 hour") },
        {
          accountKey: "prune:waiting",
          failures: 40,
          lastFailedAt: ago("2 days"),
          lockedUntil: sql`now() + interval '5 minutes'`,
        },
      ]);
      expect(await pruneRateLimits(db)).toEqual({ counters: 1, failures: 1 });
      const counters = await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
      expect(counters.map((row) => row.key)).toContain("prune:recent");
      expect(counters.map((row) => row.key)).not.toContain("prune:ended");
      const failures = await db.select({ key: signInFailures.accountKey }).from(signInFailures);
      const kept = failures.map((row) => row.key).filter((key) => key.startsWith("prune:"));
      expect(kept.sort()).toEqual(["prune:fresh", "prune:waiting"]);
    } finally {
      await app.close();
    }
  });

  describe("two API processes on one database", () => {
    let database: Database;
    let drop: () => Promise<void>;
    let first: App;
    let second: App;
    const extraDatabases: Database[] = [];

    beforeAll(async () => {
      const testDb = await createTestDatabase(kind);
      drop = testDb.drop;
      const config = {
        ...loadConfig({
          NODE_ENV: "test",
          LOG_LEVEL: "silent",
          TRUSTED_PROXY_HOPS: "1",
          AUTH_RATE_LIMIT_MAX: "4",
          API_RATE_LIMIT_PER_MINUTE: "3",
        }),
        database: testDb.database,
      };
      database = await openDatabase(config.database);
      // On PostgreSQL each process has its own connection pool; the embedded database serves
      // one process only, so there the two apps share it.
      const other = kind === "postgres" ? await openDatabase(config.database) : database;
      if (other !== database) extraDatabases.push(other);
      first = await buildApp({ config, db: database.db, mailer: createOutboxMailer(database.db) });
      second = await buildApp({ config, db: other.db, mailer: createOutboxMailer(other.db) });
    });
    afterAll(async () => {
      await first.server.close();
      await second.server.close();
      for (const extra of extraDatabases) await extra.close();
      await database.close();
      await drop();
    });

    it("share the per-address limit", async () => {
      const statuses = [];
      for (let i = 1; i <= 6; i++) {
        const app = i % 2 === 0 ? second : first;
        const response = await signIn(
          app,
          { email: `shared-${i}-${Date.now()}@example.com`, password: "wrong-password" },
          viaProxy("198.51.100.70"),
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    });

    it("share the per-account back-off", async () => {
      const email = `shared-account-${Date.now()}@example.com`;
      const statuses = [];
      for (let i = 1; i <= 6; i++) {
        const app = i % 2 === 0 ? second : first;
        const response = await signIn(
          app,
          { email, password: "wrong-password" },
          viaProxy(`198.51.100.${100 + i}`),
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it("share the public API's per-key limit", async () => {
      const input = newUser();
      const signUpResponse = await first.server.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: input,
        headers: viaProxy("198.51.100.200"),
      });
      expect(signUpResponse.statusCode).toBe(200);
      const userId = signUpResponse.json().user.id as string;
      await database.db.execute(sql`update users set email_verified = true where id = ${userId}`);
      const signedIn = await signIn(first, input, viaProxy("198.51.100.201"));
      expect(signedIn.statusCode).toBe(200);
      const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      await setPlan(database.db, userId, "advanced");
      const workspace = await insertTeam(database.db, userId);
      const created = await first.server.inject({
        method: "POST",
        url: `/api/workspaces/${workspace.id}/api-keys`,
        headers: { cookie },
        payload: { name: "Two processes" },
      });
      expect(created.statusCode).toBe(201);
      const key = created.json().key as string;

      const answers = [];
      for (let i = 1; i <= 4; i++) {
        const app = i % 2 === 0 ? second : first;
        answers.push(
          await app.server.inject({
            method: "GET",
            url: "/api/v1/properties",
            headers: { authorization: `Bearer ${key}` },
          }),
        );
      }
      expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers.map((response) => response.headers["x-ratelimit-remaining"])).toEqual([
        "2",
        "1",
        "0",
        "0",
      ]);
      expect(answers[0]?.headers["x-ratelimit-limit"]).toBe("3");
      const limited = answers[3] as LightMyRequestResponse;
      expect(limited.json().error.code).toBe("RATE_LIMITED");
      expect(retryAfter(limited)).toBeGreaterThanOrEqual(1);
      expect(retryAfter(limited)).toBeLessThanOrEqual(60);
    });
  });
});

describe("the public API's limit under concurrency", () => {
  it.each(testDatabaseKinds() as TestDatabaseKind[])(
    "allows exactly the limit when requests race (%s)",
    async (kind) => {
      const app = await createTestApp(kind, { API_RATE_LIMIT_PER_MINUTE: "5" });
      try {
        const owner = await signUp(app);
        await setPlan(app.database.db, owner.userId, "advanced");
        const workspace = await insertTeam(app.database.db, owner.userId);
        const created = await app.server.inject({
          method: "POST",
          url: `/api/workspaces/${workspace.id}/api-keys`,
          headers: { cookie: owner.cookie },
          payload: { name: "Racing script" },
        });
        const key = created.json().key as string;
        const answers = await Promise.all(
          Array.from({ length: 12 }, () =>
            app.server.inject({
              method: "GET",
              url: "/api/v1/properties",
              headers: { authorization: `Bearer ${key}` },
            }),
          ),
        );
        const statuses = answers.map((response) => response.statusCode);
        expect(statuses.filter((status) => status === 200)).toHaveLength(5);
        expect(statuses.filter((status) => status === 429)).toHaveLength(7);
      } finally {
        await app.close();
      }
    },
    60_000,
  );
});
