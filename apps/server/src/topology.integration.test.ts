import type { ChildProcess } from "node:child_process";
import type { AlertWebhookBody } from "@utmost/contracts";
import { type RunningDodoEmulator, startDodoEmulator } from "@utmost/dodo-emulator";
import {
  DEMO_CLIENT,
  HOSTILE_USER_EMAIL,
  type RunningEmulator,
  startGoogleEmulator,
} from "@utmost/google-emulator";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./db/client.ts";
import {
  alertDeliveries,
  alertEvents,
  auditScans,
  billingEvents,
  dataSources,
  issueOccurrences,
  subscriptions,
  users,
  utmIssues,
} from "./db/schema.ts";
import { consentDecision } from "./integrations/google/testing.ts";
import { type HttpReceiver, startHttpReceiver } from "./modules/alerts/receivers.testing.ts";
import {
  billingEnv,
  TEST_API_KEY,
  TEST_PRODUCTS,
  TEST_WEBHOOK_KEY,
} from "./modules/billing/billing.testing.ts";
import { emulatorProperty } from "./modules/google-connect/google-connect.testing.ts";
import { createTestDatabase, type TestDatabase } from "./test/databases.ts";
import {
  freePort,
  killProcess,
  type ProductProcess,
  startApiProcess,
  startWorkerProcess,
} from "./test/processes.ts";
import { newUser } from "./test/test-app.ts";

/**
 * Issue 21, the production topology: two API processes (`RUN_WORKER=false`) and two worker
 * processes on one PostgreSQL database, started as production starts them, against the Google
 * and Dodo stand-ins on their own servers. Through both APIs in turn: accounts, plans bought
 * (signed billing webhooks), alert rules, properties connected, 20 scans started at once. One
 * API and one worker are killed with SIGKILL while scans run; the survivors finish. Every scan
 * completes once, no job is lost, each webhook is applied once and each alert sent once; and an
 * API key's rate limit holds across both APIs.
 * PostgreSQL only: a second process cannot open the embedded database.
 */

const APP_SECRET = "topology-test-secret-of-at-least-32-characters";
/** Where browsers reach the app: both APIs answer for it, as behind a load balancer. */
const APP_URL = "http://utmost.test";
/** Each on the Team plan (5 properties), with this many workspaces of one property each. */
const ACCOUNTS = 5;
const WORKSPACES_PER_ACCOUNT = 4;
const SCANS = ACCOUNTS * WORKSPACES_PER_ACCOUNT;
/**
 * The stand-in's smallest property (6 sessions a day): 20 scans of it take seconds, so the test
 * spends its time on processes, not on reading GA4. A workspace holds a property once, hence
 * a workspace per scan.
 */
const PROFILE_KEY = "hostile-text";
const GOOGLE_ACCOUNT = HOSTILE_USER_EMAIL;
/** Per Google request until the kill, so the scans the killed worker holds are mid-way. */
const SLOW_GOOGLE_MS = 500;
/** The public API's per-key limit the processes run with: small, so the test spends it. */
const API_RATE_LIMIT = 20;
/** ADR 008: a scan's job whose worker died is retried within 30 s; the rest finish meanwhile. */
const SETTLE_TIMEOUT_MS = 60_000;

interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
}

interface Account {
  userId: string;
  cookie: string;
  workspaceIds: string[];
}

describe.skipIf(!process.env.DATABASE_URL)(
  "the production topology: two API and two worker processes on one PostgreSQL (PostgreSQL only: set DATABASE_URL)",
  () => {
    let testDb: TestDatabase;
    let database: Database;
    let google: RunningEmulator;
    let dodo: RunningDodoEmulator;
    let alertReceiver: HttpReceiver;
    const running = new Set<ChildProcess>();
    let apis: { process: ProductProcess; url: string }[] = [];
    let workers: ProductProcess[] = [];
    let startSeconds = 0;

    beforeAll(async () => {
      testDb = await createTestDatabase("postgres");
      if (testDb.database.kind !== "postgres") throw new Error("needs PostgreSQL");
      // Registered with the app's public callback, as a production OAuth client is.
      google = await startGoogleEmulator({
        clients: [
          {
            ...DEMO_CLIENT,
            name: "Utmost",
            redirectUris: [`${APP_URL}/api/oauth/google/callback`],
          },
        ],
      });
      dodo = await startDodoEmulator({
        apiKey: TEST_API_KEY,
        webhookKey: TEST_WEBHOOK_KEY,
        products: [
          { productId: TEST_PRODUCTS.pro, name: "Utmost Pro", priceCents: 1500 },
          { productId: TEST_PRODUCTS.advanced, name: "Utmost Team", priceCents: 4900 },
          { productId: TEST_PRODUCTS.agency, name: "Utmost Agency", priceCents: 19900 },
        ],
      });
      alertReceiver = await startHttpReceiver(() => ({ status: 200 }));

      // Every process gets the same environment, as a deployment gives them; APIs add a port.
      // NODE_ENV=test: production refuses the stand-ins, and its cookies need HTTPS.
      const env = {
        NODE_ENV: "test",
        DATABASE_URL: testDb.database.url,
        APP_SECRET,
        APP_URL,
        GOOGLE_EMULATOR_URL: google.url,
        ...billingEnv(dodo.url),
        // Every request of this test comes from 127.0.0.1; the limits have tests of their own.
        AUTH_RATE_LIMIT_MAX: "1000",
        API_RATE_LIMIT_PER_MINUTE: String(API_RATE_LIMIT),
        LOG_LEVEL: "info",
      };
      const ports = [await freePort(), await freePort()];
      const startedAt = Date.now();
      // All four at once on an empty database: one migrates, the others wait for it.
      const starts = await Promise.allSettled([
        ...ports.map((port) =>
          startApiProcess({ ...env, RUN_WORKER: "false", HOST: "127.0.0.1", PORT: String(port) }),
        ),
        startWorkerProcess(env),
        startWorkerProcess(env),
      ]);
      const started = starts.flatMap((start) =>
        start.status === "fulfilled" ? [start.value] : [],
      );
      // Those that did start are stopped after, even when another did not.
      for (const each of started) running.add(each.child);
      const failed = starts.find((start) => start.status === "rejected");
      if (failed) throw failed.reason;
      const [apiA, apiB, ...workerProcesses] = started;
      if (!apiA || !apiB) throw new Error("the API processes did not start");
      apis = [
        { process: apiA, url: `http://127.0.0.1:${ports[0]}` },
        { process: apiB, url: `http://127.0.0.1:${ports[1]}` },
      ];
      workers = workerProcesses;
      startSeconds = (Date.now() - startedAt) / 1000;
      database = await openDatabase(testDb.database);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([...running].map(killProcess));
      await database?.close();
      await alertReceiver?.close();
      await dodo?.close();
      await google?.close();
      await testDb?.drop();
    });

    /** API number `i` modulo the live ones: requests alternate between the processes. */
    function api(i: number) {
      const live = apis.filter((each) => each.process.child.signalCode === null);
      const chosen = live[i % live.length];
      if (!chosen) throw new Error("no API process is running");
      return chosen;
    }

    /** A request as the browser app sends it (same-origin, JSON), to API process `i`. */
    async function call(
      i: number,
      method: "GET" | "POST",
      path: string,
      options: { cookie?: string; body?: unknown } = {},
    ) {
      const response = await fetch(`${api(i).url}${path}`, {
        method,
        redirect: "manual",
        headers: {
          origin: APP_URL,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        text,
        headers: response.headers,
        json: () => JSON.parse(text),
      };
    }

    /** The `name=value` pairs a response sets, for the next requests' Cookie header. */
    function cookiesOf(headers: Headers) {
      return headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    }

    /**
     * Signs up through one API and signs in through the other. The address is marked verified
     * in the database, as following the emailed link would (that has tests of its own).
     */
    async function newAccount(i: number): Promise<Account> {
      const input = newUser();
      const signUp = await call(i, "POST", "/api/auth/sign-up/email", { body: input });
      expect(signUp.status, signUp.text).toBe(200);
      await database.db
        .update(users)
        .set({ emailVerified: true })
        .where(eq(users.email, input.email));
      const signIn = await call(i + 1, "POST", "/api/auth/sign-in/email", {
        body: { email: input.email, password: input.password },
      });
      expect(signIn.status, signIn.text).toBe(200);
      const cookie = cookiesOf(signIn.headers);
      // The first workspace comes with the listing; the others are made through both APIs.
      const list = await call(i, "GET", "/api/workspaces", { cookie });
      expect(list.status, list.text).toBe(200);
      const workspaceIds: string[] = [list.json().workspaces[0].id];
      for (let w = 1; w < WORKSPACES_PER_ACCOUNT; w += 1) {
        const created = await call(i + w, "POST", "/api/workspaces", {
          cookie,
          body: { name: `Client ${w}` },
        });
        expect(created.status, created.text).toBe(201);
        workspaceIds.push(created.json().workspace.id);
      }
      return { userId: signIn.json().user.id, cookie, workspaceIds };
    }

    /** Checkout through one API, Pay on the stand-in's page: its events go to API `i`. */
    async function buyTeamPlan(i: number, account: Account) {
      const checkout = await call(i + 1, "POST", "/api/billing/checkout", {
        cookie: account.cookie,
        body: { tier: "advanced" },
      });
      expect(checkout.status, checkout.text).toBe(200);
      dodo.control.setWebhookUrl(`${api(i).url}/api/webhooks/dodo`);
      return dodo.control.pay(checkout.json().sessionId);
    }

    /** Posts a delivery the stand-in made, again, signed anew, to API `i`: its outcome. */
    async function redeliver(i: number, webhookId: string, body: string) {
      const signedAt = new Date();
      const response = await fetch(`${api(i).url}/api/webhooks/dodo`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": webhookId,
          "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
          "webhook-signature": new Webhook(TEST_WEBHOOK_KEY).sign(webhookId, signedAt, body),
        },
        body,
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      return JSON.parse(text).outcome as string;
    }

    /** Consent through API `i`, Google's redirect back into the other: the connection handle. */
    async function authorize(i: number, account: Account, workspaceId: string) {
      const init = await call(i, "POST", "/api/oauth/google/init", {
        cookie: account.cookie,
        body: { workspaceId },
      });
      expect(init.status, init.text).toBe(200);
      const location = new URL(
        await consentDecision(init.json().oauthUrl, { email: GOOGLE_ACCOUNT }),
      );
      expect(location.origin).toBe(APP_URL);
      const back = await call(i + 1, "GET", `${location.pathname}${location.search}`, {
        cookie: account.cookie,
      });
      expect(back.status, back.text).toBe(302);
      const connectionId = new URL(back.headers.get("location") ?? "", APP_URL).searchParams.get(
        "connection",
      );
      if (!connectionId) throw new Error(`the callback went to ${back.headers.get("location")}`);
      return connectionId;
    }

    /** pg-boss's jobs of these queues (its `job` table holds every job until archived). */
    async function jobsOf(queues: string[]) {
      const names = sql.join(
        queues.map((queue) => sql`${queue}`),
        sql`, `,
      );
      const result = await database.db.execute(
        sql`SELECT id::text AS id, name, state, retry_count FROM pgboss.job WHERE name IN (${names})`,
      );
      return (result as unknown as { rows: JobRow[] }).rows;
    }

    it("runs 20 concurrent scans, alerts and billing webhooks through two APIs and two workers; one of each killed mid-way, every scan completes once and nothing is lost or repeated", async () => {
      // Accounts, through both APIs.
      const accounts = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => newAccount(i)));

      // Plans bought: each checkout's events go to the API whose turn it is.
      const subscriptionIds: string[] = [];
      for (const [i, account] of accounts.entries()) {
        subscriptionIds.push((await buyTeamPlan(i, account)).subscriptionId);
      }
      const sent = dodo.control.deliveries();
      expect(sent.length).toBeGreaterThanOrEqual(ACCOUNTS);
      expect(sent.every((delivery) => delivery.delivered)).toBe(true);
      // Every event delivered again to both APIs at once, as a provider retrying would.
      const duplicates = await Promise.all(
        sent.flatMap((delivery) => [
          redeliver(0, delivery.webhookId, delivery.body),
          redeliver(1, delivery.webhookId, delivery.body),
        ]),
      );
      expect(new Set(duplicates)).toEqual(new Set(["duplicate"]));
      for (const [i, account] of accounts.entries()) {
        const me = await call(i, "GET", "/api/me", { cookie: account.cookie });
        expect(me.json().subscription, me.text).toMatchObject({
          tier: "advanced",
          dataSourceLimit: 5,
        });
      }

      // Each workspace: an alert on every completed scan, to a webhook receiver, and the
      // consent that connects its property, through the APIs in turn.
      const workspaces = accounts.flatMap((account) =>
        account.workspaceIds.map((workspaceId) => ({ account, workspaceId })),
      );
      const property = emulatorProperty(google, PROFILE_KEY).property;
      const connections = await Promise.all(
        workspaces.map(async ({ account, workspaceId }, i) => {
          const rule = await call(i, "POST", `/api/workspaces/${workspaceId}/alert-rules`, {
            cookie: account.cookie,
            body: {
              alertType: "webhook",
              triggerCondition: "scan_completed",
              frequency: "realtime",
              destination: alertReceiver.url,
            },
          });
          expect(rule.status, rule.text).toBe(201);
          return { account, connectionId: await authorize(i + 1, account, workspaceId) };
        }),
      );

      // All 20 properties saved at once, each save starting its first scan.
      google.faults.setLatency(SLOW_GOOGLE_MS);
      const saved = await Promise.all(
        connections.map(async (connection, i) => {
          const response = await call(i, "POST", "/api/data-sources", {
            cookie: connection.account.cookie,
            body: { connectionId: connection.connectionId, property },
          });
          expect(response.status, response.text).toBe(201);
          const { dataSource, scan } = response.json();
          expect(scan).toMatchObject({ status: "running" });
          return {
            ...connection,
            dataSourceId: dataSource.id as string,
            scanId: scan.id as string,
          };
        }),
      );
      const scanIds = saved.map((each) => each.scanId);
      expect(new Set(scanIds).size).toBe(SCANS);

      // The public API's limit is counted in PostgreSQL: one key's requests spread over both
      // APIs are allowed API_RATE_LIMIT_PER_MINUTE times in all, not that many per process.
      const [keyed, other] = accounts;
      if (!keyed || !other) throw new Error("missing accounts");
      const keys = await Promise.all(
        [keyed, other].map(async (account, i) => {
          const made = await call(
            i,
            "POST",
            `/api/workspaces/${account.workspaceIds[0]}/api-keys`,
            {
              cookie: account.cookie,
              body: { name: "Topology" },
            },
          );
          expect(made.status, made.text).toBe(201);
          return made.json().key as string;
        }),
      );
      const publicApi = (i: number, key: string | undefined) =>
        fetch(`${api(i).url}/api/v1/properties`, { headers: { authorization: `Bearer ${key}` } });
      const withinLimit = await Promise.all(
        Array.from({ length: API_RATE_LIMIT }, (_, i) => publicApi(i, keys[0])),
      );
      expect(withinLimit.map((response) => response.status)).toEqual(
        Array(API_RATE_LIMIT).fill(200),
      );
      for (const i of [0, 1]) {
        const over = await publicApi(i, keys[0]);
        expect(over.status).toBe(429);
        expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(((await over.json()) as { error: { code: string } }).error.code).toBe(
          "RATE_LIMITED",
        );
      }
      expect((await publicApi(0, keys[1])).status).toBe(200);

      // Mid-way: both workers have taken their two scans (their concurrency) and read
      // slowly from Google when one API and one worker die.
      await eventually(async () => {
        const active = (await jobsOf(["scan"])).filter((job) => job.state === "active").length;
        return { value: active >= 4 ? active : undefined, seen: { activeScanJobs: active } };
      }, 30_000);
      const [killedApi, killedWorker, survivingWorker] = [apis[0], workers[0], workers[1]];
      if (!killedApi || !killedWorker || !survivingWorker) throw new Error("missing processes");
      await Promise.all([killProcess(killedApi.process.child), killProcess(killedWorker.child)]);
      const killedAt = Date.now();
      google.faults.setLatency(0);
      const completedBeforeKill = killedWorker
        .logged("scan completed")
        .map((entry) => entry.scanId as string);
      expect(completedBeforeKill.length).toBeLessThan(SCANS / 2);

      // Billing goes on through the survivor: a renewal, then its duplicate.
      dodo.control.setWebhookUrl(`${api(0).url}/api/webhooks/dodo`);
      const renewed = subscriptionIds[0] as string;
      await dodo.control.renew(renewed);
      const afterKill = dodo.control.deliveries().slice(sent.length);
      expect(afterKill.length).toBeGreaterThan(0);
      expect(afterKill.every((delivery) => delivery.delivered)).toBe(true);
      for (const delivery of afterKill) {
        expect(await redeliver(0, delivery.webhookId, delivery.body)).toBe("duplicate");
      }

      // Every scan ends, read through the surviving API.
      const ended = await eventually(
        async () => {
          const scans = await Promise.all(
            saved.map(async (each) => {
              const read = await call(0, "GET", `/api/scans/${each.scanId}`, {
                cookie: each.account.cookie,
              });
              expect(read.status, read.text).toBe(200);
              const { id, status, progress } = read.json().scan;
              return { id: id as string, status: status as string, progress: progress as number };
            }),
          );
          const done = scans.every((scan) => scan.status !== "running");
          return { value: done ? scans : undefined, seen: scans };
        },
        SETTLE_TIMEOUT_MS,
        () => survivingWorker.output().slice(-4000),
      );
      expect(
        ended.filter((scan) => scan.status !== "completed"),
        survivingWorker.output(),
      ).toEqual([]);

      // No job lost, none left behind: every scan's job and every alert's jobs completed.
      const settled = await eventually(
        async () => {
          const jobs = await jobsOf(["scan", "alert-evaluate", "alert-delivery"]);
          const done =
            jobs.filter((job) => job.name === "alert-delivery").length === SCANS &&
            jobs.every((job) => ["completed", "failed", "cancelled"].includes(job.state));
          return { value: done ? jobs : undefined, seen: jobs };
        },
        SETTLE_TIMEOUT_MS,
        () => survivingWorker.output().slice(-4000),
      );
      console.info(
        `four processes started in ${startSeconds.toFixed(1)} s; every scan and alert done ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
      );
      const scanJobs = settled.filter((job) => job.name === "scan");
      expect(scanJobs.map((job) => job.id).sort()).toEqual([...scanIds].sort());
      expect(settled.filter((job) => job.state !== "completed")).toEqual([]);
      expect(settled.filter((job) => job.name === "alert-evaluate")).toHaveLength(SCANS);
      // The killed worker's scans were taken over: their jobs ran again.
      expect(scanJobs.filter((job) => job.retry_count > 0).length).toBeGreaterThanOrEqual(2);
      expect(await jobsOf(["scan-dead-letter", "alert-delivery-dead-letter"])).toEqual([]);

      // One completed row per property, completed once.
      const rows = await database.db
        .select({ dataSourceId: auditScans.dataSourceId, status: auditScans.status })
        .from(auditScans)
        .where(
          inArray(
            auditScans.dataSourceId,
            saved.map((each) => each.dataSourceId),
          ),
        );
      expect(rows).toHaveLength(SCANS);
      expect(new Set(rows.map((row) => row.dataSourceId)).size).toBe(SCANS);
      const completions = [
        ...killedWorker.logged("scan completed"),
        ...survivingWorker.logged("scan completed"),
      ]
        .map((entry) => entry.scanId as string)
        .sort();
      expect(completions).toEqual([...scanIds].sort());

      // Issues stored once per scan, and the same for every copy of the property, whether its
      // scan was taken over from the killed worker or not.
      const fingerprints = new Set<string>();
      for (const each of saved) {
        const issues = await database.db
          .select({
            issueType: utmIssues.issueType,
            findingKey: utmIssues.findingKey,
            severity: utmIssues.severity,
            affectedSessionsCount: utmIssues.affectedSessionsCount,
          })
          .from(utmIssues)
          .where(eq(utmIssues.dataSourceId, each.dataSourceId))
          .orderBy(asc(utmIssues.issueType), asc(utmIssues.findingKey));
        expect(issues.length).toBeGreaterThan(0);
        const [occurrences] = await database.db
          .select({ n: count() })
          .from(issueOccurrences)
          .innerJoin(utmIssues, eq(utmIssues.id, issueOccurrences.issueId))
          .where(eq(utmIssues.dataSourceId, each.dataSourceId));
        expect(occurrences?.n).toBe(issues.length);
        fingerprints.add(JSON.stringify(issues));
      }
      expect(fingerprints.size).toBe(1);

      // One alert per scan, delivered once.
      const events = await database.db
        .select({ scanId: alertEvents.scanId })
        .from(alertEvents)
        .innerJoin(auditScans, eq(auditScans.id, alertEvents.scanId));
      expect(events.map((event) => event.scanId).sort()).toEqual([...scanIds].sort());
      const deliveries = await database.db
        .select({ status: alertDeliveries.status })
        .from(alertDeliveries);
      expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(SCANS).fill("delivered"));
      const received = alertReceiver.requests.map((request) => {
        const body = JSON.parse(request.body) as AlertWebhookBody;
        return { deliveryId: body.deliveryId, scanId: body.alerts[0]?.scanId };
      });
      expect(received).toHaveLength(SCANS);
      expect(new Set(received.map((each) => each.deliveryId)).size).toBe(SCANS);
      expect(received.map((each) => each.scanId).sort()).toEqual([...scanIds].sort());

      // Each billing event applied once: one record per webhook id, every plan as bought.
      const recorded = await database.db
        .select({ webhookId: billingEvents.webhookId })
        .from(billingEvents);
      expect(recorded.map((event) => event.webhookId).sort()).toEqual(
        dodo.control
          .deliveries()
          .map((delivery) => delivery.webhookId)
          .sort(),
      );
      const plans = await database.db
        .select({ tier: subscriptions.tier, status: subscriptions.status })
        .from(subscriptions)
        .where(
          inArray(
            subscriptions.userId,
            accounts.map((account) => account.userId),
          ),
        );
      expect(plans).toEqual(Array(ACCOUNTS).fill({ tier: "advanced", status: "active" }));
      const [properties] = await database.db.select({ n: count() }).from(dataSources);
      expect(properties?.n).toBe(SCANS);
    }, 150_000);
  },
);

/**
 * Polls `read` until it gives a value; on timeout, fails with what it last saw and `context`
 * (the processes' logs), so a slow or stuck run says where it stood.
 */
async function eventually<T>(
  read: () => Promise<{ value?: T; seen: unknown }>,
  timeoutMs: number,
  context: () => string = () => "",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value, seen } = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `still waiting after ${timeoutMs / 1000} s: ${JSON.stringify(seen)}\n${context()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
