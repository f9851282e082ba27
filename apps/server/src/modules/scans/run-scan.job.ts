import { type SQL, sql } from "drizzle-orm";
import { fromDrizzle, type Queue } from "pg-boss";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import {
  type EnqueueScan,
  failInterruptedScan,
  runScan,
  type ScanWorkerDeps,
  sweepStuckScans,
} from "./scans.service.ts";

/**
 * The scan job (DESIGN.md, "The audit, end to end"; ADR 008): one job per scan, its id the
 * scan's id. A failed attempt is retried with backoff; an attempt whose worker died is retried
 * as soon as its heartbeat goes silent (or, at the latest, at expiry) and resumes from the
 * scan's checkpoints; a job out of attempts lands in the dead-letter queue, whose handler fails
 * the scan; and a periodic sweep fails any running scan whose job is gone.
 */

export const SCAN_QUEUE = "scan";
export const SCAN_DEAD_LETTER_QUEUE = "scan-dead-letter";
export const SCAN_SWEEP_QUEUE = "scan-sweep";

const ScanJobDataSchema = z.object({ scanId: z.uuid() });
type ScanJobData = z.infer<typeof ScanJobDataSchema>;

/** Attempts after the first: enough to ride out a short Google or database outage. */
export const SCAN_RETRY_LIMIT = 3;
/** The outer bound of one attempt; a 90-day chunked scan of a large property takes minutes. */
const SCAN_EXPIRE_SECONDS = 60 * 60;
/**
 * The queue's own wait before the next attempt, whatever failed. pg-boss cannot tell a job whose
 * worker died (its heartbeat lapsed) from one whose handler threw, and the first must be taken
 * over at once; so the backoff after a transient failure is waited inside the failed attempt
 * (`ScanAttempt.retryWaitMs`), while its heartbeat keeps the job claimed.
 */
const SCAN_REQUEUE_DELAY_SECONDS = 1;
const SCAN_RETRY_DELAY_MAX_SECONDS = 5 * 60;
/**
 * Scans run at once per worker process. Each keeps up to 3 report requests in flight and its
 * property's distinct combinations in memory (hundreds of MB for the largest).
 */
const SCAN_CONCURRENCY = 2;
const SWEEP_CRON = "*/10 * * * *";
/** A running scan this old whose job has ended is stuck; younger ones may be mid-handoff. */
const STUCK_AFTER_MS = 5 * 60 * 1000;
const PENDING_STATES = new Set(["created", "retry", "active"]);

/** Creates the scan queues, or brings their settings up to date. */
export async function createScanQueues(jobs: JobQueue): Promise<void> {
  const { boss, timings } = jobs;
  const ensure = async (name: string, options: Omit<Queue, "name">) => {
    await boss.createQueue(name, options);
    const { policy: _policy, partition: _partition, ...settings } = options;
    await boss.updateQueue(name, settings);
  };
  await ensure(SCAN_DEAD_LETTER_QUEUE, {
    retryLimit: 5,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
  });
  await ensure(SCAN_QUEUE, {
    // Not pg-boss's "singleton" policy: it skips keys that its cached queue statistics list as
    // active, a list refreshed about once a minute, so a retry after a crash or the next scan of
    // the same property would wait up to two minutes. One scan per property is the database's
    // rule (the partial unique index), and a late attempt cannot store twice (completeScan).
    policy: "standard",
    retryLimit: SCAN_RETRY_LIMIT,
    retryDelay: SCAN_REQUEUE_DELAY_SECONDS,
    retryBackoff: false,
    expireInSeconds: SCAN_EXPIRE_SECONDS,
    heartbeatSeconds: timings.heartbeatSeconds,
    deadLetter: SCAN_DEAD_LETTER_QUEUE,
    notify: true,
  });
  await ensure(SCAN_SWEEP_QUEUE, { policy: "exclusive", retryLimit: 1 });
  // `send` reads a queue's settings from a cache it fills through its own connection. On PGlite
  // that connection waits for the transaction a scan is enqueued in, so the cache is filled now.
  await boss.findJobs(SCAN_QUEUE, { id: "00000000-0000-4000-8000-000000000000" });
}

/** Enqueues a scan's job inside the caller's transaction (see `createScanStarter`). */
export function scanEnqueuer(jobs: JobQueue): EnqueueScan {
  return async (tx, { scanId }) => {
    const id = await jobs.boss.send(SCAN_QUEUE, { scanId } satisfies ScanJobData, {
      id: scanId,
      db: pgBossConnection(tx),
    });
    if (id === null) throw new Error(`The job of scan ${scanId} was not queued`);
  };
}

/**
 * The caller's transaction as pg-boss's database. Both drivers below Drizzle (node-postgres and
 * PGlite) answer `execute` with an object holding `rows`, which is all pg-boss reads.
 */
export function pgBossConnection(tx: Db) {
  return fromDrizzle(
    { execute: (query) => tx.execute(query as SQL) as Promise<{ rows: unknown[] }> },
    sql,
  );
}

/** The scan worker, the dead-letter handler and the stuck-scan sweep. */
export async function startScanWorkers(jobs: JobQueue, deps: ScanWorkerDeps): Promise<void> {
  const { boss, timings } = jobs;
  // Retries and other delayed jobs send no notification, so the poll that backs up
  // notifications must be as frequent as the plain one (pg-boss's default backstop is 30 s).
  const polling = {
    pollingIntervalSeconds: timings.pollingIntervalSeconds,
    notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
  };

  const scanWork = {
    ...polling,
    includeMetadata: true,
    localConcurrency: SCAN_CONCURRENCY,
    // Every fifth of the heartbeat rather than pg-boss's half: a stretch of the event loop that
    // one job does not yield in (the engine's finish() takes seconds on a large property) must
    // not make the scan look dead and hand it to another worker.
    heartbeatRefreshSeconds: timings.heartbeatSeconds / 5,
  } as const;
  await boss.work<ScanJobData, void, typeof scanWork>(SCAN_QUEUE, scanWork, async ([job]) => {
    if (!job) return;
    const { scanId } = ScanJobDataSchema.parse(job.data);
    await runScan(deps, scanId, {
      signal: job.signal,
      finalAttempt: job.retryCount >= job.retryLimit,
      // pg-boss's own backoff with jitter: 15-30 s, 30-60 s, 1-2 min with the product's timings.
      retryWaitMs:
        Math.min(
          SCAN_RETRY_DELAY_MAX_SECONDS,
          timings.retryDelaySeconds * 2 ** job.retryCount * (1 + Math.random()),
        ) * 1000,
    });
  });

  await boss.work<ScanJobData>(SCAN_DEAD_LETTER_QUEUE, polling, async ([job]) => {
    if (!job) return;
    await failInterruptedScan(deps, ScanJobDataSchema.parse(job.data).scanId);
  });

  await boss.work(SCAN_SWEEP_QUEUE, polling, async () => {
    const failed = await sweepStuckScans(deps, {
      olderThan: new Date(Date.now() - STUCK_AFTER_MS),
      jobIsPending: async (scanId) => {
        const [job] = await boss.findJobs(SCAN_QUEUE, { id: scanId });
        return job !== undefined && PENDING_STATES.has(job.state);
      },
    });
    if (failed > 0) deps.logger.warn({ failed }, "failed scans whose job had ended");
  });
  await boss.schedule(SCAN_SWEEP_QUEUE, SWEEP_CRON);
  // A sweep now too: a worker starting after downtime should not leave scans hanging for 10 min.
  await boss.send(SCAN_SWEEP_QUEUE, null);
}
