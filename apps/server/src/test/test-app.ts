import type { LightMyRequestResponse } from "fastify";
import { type App, type AppDeps, buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { type Config, loadConfig } from "../env.ts";
import { prepareJobQueue, startWorkers, type WorkerOptions } from "../jobs/app-jobs.ts";
import { createJobQueue, type JobQueue, type JobTimings } from "../jobs/job-queue.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "../modules/mail/mailer.ts";
import { createTestDatabase, type TestDatabaseKind } from "./databases.ts";

export interface TestApp extends App {
  config: Config;
  database: Database;
  mailer: Mailer;
  close(): Promise<void>;
}

/** What `createTestApp` gives: a TestApp with its job queue. */
export interface QueueTestApp extends TestApp {
  /** The job queue the app enqueues on (and works, when started with a worker). */
  jobs: JobQueue;
  /**
   * Stops the job queue at once, as a worker that dies does (its running jobs go back to the
   * queue for a retry), and starts a fresh one on the same database, working if this app was.
   */
  replaceJobQueue(): Promise<JobQueue>;
}

export interface TestAppOptions {
  /**
   * Works the queue in this process; `now` is the audits' clock (date ranges, token expiry).
   * The automated-scan tick runs only when asked, so it never starts scans a test did not.
   */
  worker?: { now?: () => Date; scheduledScans?: boolean; alerts?: WorkerOptions["alerts"] };
  jobTimings?: Partial<JobTimings>;
  /** Receives the server's log (JSON lines) in place of stdout, at LOG_LEVEL (silent unless set). */
  logStream?: AppDeps["logStream"];
}

/** Quick pickup and retries, so tests of the queue take seconds, not minutes. */
export const TEST_JOB_TIMINGS: JobTimings = {
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 2,
  retryDelaySeconds: 1,
  heartbeatSeconds: 10,
};

/** A whole API on a fresh database, driven through `server.inject`. */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<QueueTestApp> {
  const testDb = await createTestDatabase(kind);
  const config = {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_RATE_LIMIT_MAX: "1000", ...env }),
    database: testDb.database,
  };
  const database = await openDatabase(config.database);
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(database.db);
  const timings = { ...TEST_JOB_TIMINGS, ...options.jobTimings };
  let jobs = createJobQueue({ database, location: config.database, timings });
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    jobs,
    logStream: options.logStream,
  });

  const startQueue = async (queue: JobQueue) => {
    await prepareJobQueue(queue, app.server.log);
    if (options.worker) {
      await startWorkers(queue, {
        db: database.db,
        config,
        google: app.google,
        logger: app.server.log,
        mailer,
        alerts: options.worker.alerts,
        now: options.worker.now,
        googleRetry: { sleep: async () => {}, random: () => 0 },
        progressIntervalMs: 50,
        scheduledScans: options.worker.scheduledScans ?? false,
      });
    }
  };
  await startQueue(jobs);

  return {
    ...app,
    config,
    database,
    mailer,
    get jobs() {
      return jobs;
    },
    async replaceJobQueue() {
      await jobs.stop({ timeoutMs: 0 });
      const next = createJobQueue({ database, location: config.database, timings });
      await startQueue(next);
      jobs = next;
      return next;
    },
    async close() {
      // Each step bounded, so a teardown that hangs names itself and the rest still runs (the
      // forced DROP DATABASE ends whatever connection a stuck step held).
      await settleWithin("the server's close", app.server.close(), 5_000);
      await settleWithin("the job queue's stop", jobs.stop({ timeoutMs: 1000 }), 10_000);
      mailer.close();
      const connections = database.connections?.();
      await settleWithin("the database's close", database.close(), 10_000, () =>
        connections
          ? `pool before closing: ${JSON.stringify(connections)}, now: ${JSON.stringify(database.connections?.())}`
          : "",
      );
      await settleWithin("the test database's drop", testDb.drop(), 20_000);
    },
  };
}

/**
 * Waits for a teardown step at most `ms`; past that it says on stderr which step hung and goes
 * on (a hook that never returns fails the file and hides which step it was).
 */
export async function settleWithin(
  step: string,
  work: Promise<unknown>,
  ms: number,
  details: () => string = () => "",
) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  try {
    const outcome = await Promise.race([work.then(() => "done" as const), late]);
    if (outcome === "late") {
      const more = details();
      process.stderr.write(
        `teardown: ${step} did not finish in ${ms} ms; going on${more ? ` (${more})` : ""}\n`,
      );
    }
  } finally {
    clearTimeout(timer);
  }
}

let counter = 0;
/** Valid sign-up input; every call gets a new email. */
export function newUser(
  overrides: Partial<{ fullName: string; email: string; password: string }> = {},
) {
  counter += 1;
  return {
    fullName: "Test Marketer",
    email: `user${counter}-${Date.now()}@example.com`,
    password: "correct-horse",
    ...overrides,
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/**
 * A new account, signed in. Sign-up itself starts no session (auth.ts): the address is then
 * verified as its link would verify it, unless `verified: false`, and the user signs in.
 */
export async function signUp(
  app: TestApp,
  input = newUser(),
  options: { verified?: boolean } = {},
) {
  const response = await app.server.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: input,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const userId = response.json().user.id as string;
  if (options.verified ?? true) {
    // Through Better Auth, as its verification link does, so its user hooks run (ADMIN_EMAILS).
    const context = await app.auth.$context;
    await context.internalAdapter.updateUser(userId, { emailVerified: true });
  }
  const signIn = await app.server.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: input.email, password: input.password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in after sign-up failed: ${signIn.body}`);
  return { input, cookie: cookieHeader(signIn), userId };
}
