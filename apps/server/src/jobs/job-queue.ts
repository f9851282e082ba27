import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";
import type { Config } from "../env.ts";

/**
 * The job queue (DESIGN.md: pg-boss on the same PostgreSQL; ADR 008). On embedded PGlite it
 * shares the one instance with Drizzle and Better Auth, since PGlite is a single process; on a
 * PostgreSQL server it keeps a small pool of its own.
 */

/** How quickly jobs are picked up, retried and recovered; tests shorten these. */
export interface JobTimings {
  /** Poll interval of workers when no notification wakes them (pg-boss minimum 0.5). */
  pollingIntervalSeconds: number;
  /**
   * How often pg-boss fails jobs whose worker stopped sending heartbeats or ran past expiry
   * (pg-boss minimum 1; also its queue monitor's interval).
   */
  superviseIntervalSeconds: number;
  /** Base of the exponential backoff between attempts of a failed job. */
  retryDelaySeconds: number;
  /**
   * A worker refreshes its job at half this interval; a job silent for longer is retried
   * (pg-boss minimum 10).
   */
  heartbeatSeconds: number;
}

/**
 * A job whose worker died is failed at most about heartbeat + supervise interval (15 s) after the
 * death, and a scan's runs again a second later (run-scan.job.ts): a scan is taken over within
 * 30 s of its worker's death (ADR 008).
 */
export const DEFAULT_JOB_TIMINGS: JobTimings = {
  pollingIntervalSeconds: 2,
  superviseIntervalSeconds: 5,
  retryDelaySeconds: 15,
  heartbeatSeconds: 10,
};

export interface JobQueue {
  readonly boss: PgBoss;
  readonly timings: JobTimings;
  /** Installs or upgrades pg-boss's schema and starts its maintenance; logs its errors. */
  start(logger: FastifyBaseLogger): Promise<void>;
  /**
   * Stops working and sending: running handlers get `timeoutMs` to finish, then their jobs are
   * failed back to the queue for a retry. Call it before closing the database.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  /** Where the database is: pg-boss connects to a PostgreSQL server by its connection string. */
  location: Config["database"];
  timings?: Partial<JobTimings>;
}

/** The queue, not yet started: routes that enqueue may be built before it starts. */
export function createJobQueue({ database, location, timings }: JobQueueOptions): JobQueue {
  const resolved = { ...DEFAULT_JOB_TIMINGS, ...timings };
  const shared = {
    useListenNotify: true,
    superviseIntervalSeconds: resolved.superviseIntervalSeconds,
    monitorIntervalSeconds: resolved.superviseIntervalSeconds,
  };
  let boss: PgBoss;
  if (database.pglite) {
    boss = new PgBoss({ ...shared, db: fromPglite(database.pglite), backend: "pglite" });
  } else if (location.kind === "postgres") {
    boss = new PgBoss({ ...shared, connectionString: location.url, max: 4 });
  } else {
    throw new Error("The job queue needs the embedded PGlite instance or a PostgreSQL URL");
  }

  let logger: FastifyBaseLogger | undefined;
  // An EventEmitter without an "error" listener throws, so one is attached before start.
  boss.on("error", (error) => {
    // A lost database connection arrives with the whole pg client attached: log the error alone.
    const { name, message, stack } = error;
    const code = (error as { code?: unknown }).code;
    logger?.error({ err: { type: name, message, code, stack } }, "job queue error");
  });
  boss.on("warning", (warning) => {
    logger?.warn({ data: warning.data }, `job queue: ${warning.message}`);
  });

  return {
    boss,
    timings: resolved,
    async start(log) {
      logger = log;
      await boss.start();
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      // Closes pg-boss's own pool on PostgreSQL; the PGlite instance is the app's to close.
      await boss.stop({ graceful: timeoutMs > 0, timeout: timeoutMs });
    },
  };
}
