import type { FastifyBaseLogger } from "fastify";
import type { Queue } from "pg-boss";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import type { TokenCipher } from "../../lib/token-cipher.ts";
import type { Mailer } from "../mail/mailer.ts";
import { pgBossConnection } from "../scans/run-scan.job.ts";
import { attemptDelivery, DELIVERY_TIMEOUT_MS, failInterruptedDelivery } from "./alert-delivery.ts";
import { type EnqueueDelivery, evaluateScanAlerts, sendDigests } from "./alert-evaluation.ts";

/**
 * The alert jobs (issue 7, ADR 010):
 * - `alert-evaluate`: one per completed scan, sent by the scan worker; raises the scan's alerts.
 * - `alert-delivery`: one per delivery, its id the delivery's id; an attempt that fails for a
 *   reason that may pass is retried with exponential backoff, and the delivery log keeps the
 *   attempts and the last error. Each delivery is its own job, so a dead receiver delays nobody.
 *   A job out of attempts that never settled its delivery (its worker died) goes to
 *   `alert-delivery-dead-letter`, whose handler logs the delivery as failed.
 * - `alert-digest`: the daily (08:00 UTC) and weekly (Monday 08:00 UTC) digests, by pg-boss cron.
 */

export const ALERT_EVALUATE_QUEUE = "alert-evaluate";
export const ALERT_DELIVERY_QUEUE = "alert-delivery";
export const ALERT_DELIVERY_DEAD_LETTER_QUEUE = "alert-delivery-dead-letter";
export const ALERT_DIGEST_QUEUE = "alert-digest";

const DIGEST_SCHEDULES = [
  { key: "daily", cron: "0 8 * * *" },
  { key: "weekly", cron: "0 8 * * 1" },
] as const;

const EvaluateJobSchema = z.object({ scanId: z.uuid() });
const DeliveryJobSchema = z.object({ deliveryId: z.uuid() });
const DigestJobSchema = z.object({ frequency: z.enum(["daily", "weekly"]) });

/** Retries of a delivery after its first attempt, and the backoff between them. */
export interface DeliveryRetryPolicy {
  retryLimit: number;
  /** The first wait; each later one about doubles (pg-boss retryBackoff). */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
}

/** About 15 s, 30 s, 1 min, 2 min, 4 min, 8 min: a receiver gets a quarter of an hour to return. */
export const DEFAULT_DELIVERY_RETRY: DeliveryRetryPolicy = {
  retryLimit: 6,
  retryDelaySeconds: 15,
  retryDelayMaxSeconds: 60 * 60,
};

/** Creates the alert queues, or brings their settings up to date. */
export async function createAlertQueues(jobs: JobQueue): Promise<void> {
  const { boss, timings } = jobs;
  const ensure = async (name: string, options: Omit<Queue, "name">) => {
    await boss.createQueue(name, options);
    const { policy: _policy, partition: _partition, ...settings } = options;
    await boss.updateQueue(name, settings);
  };
  await ensure(ALERT_EVALUATE_QUEUE, {
    retryLimit: 3,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  });
  await ensure(ALERT_DELIVERY_DEAD_LETTER_QUEUE, {
    retryLimit: 5,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
  });
  await ensure(ALERT_DELIVERY_QUEUE, {
    retryLimit: DEFAULT_DELIVERY_RETRY.retryLimit,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: DEFAULT_DELIVERY_RETRY.retryDelayMaxSeconds,
    // An attempt gives up after DELIVERY_TIMEOUT_MS; this only catches a worker that hung.
    expireInSeconds: Math.ceil(DELIVERY_TIMEOUT_MS / 1000) * 6,
    // Out of attempts without settling (the worker died on the last one): logged as failed.
    deadLetter: ALERT_DELIVERY_DEAD_LETTER_QUEUE,
    notify: true,
  });
  await ensure(ALERT_DIGEST_QUEUE, {
    retryLimit: 3,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
  });
  // As for scans: on PGlite `send` inside a transaction needs the queue cache filled beforehand.
  await boss.findJobs(ALERT_DELIVERY_QUEUE, { id: "00000000-0000-4000-8000-000000000000" });
}

/** Puts a delivery's job on the queue inside the caller's transaction. */
export function alertDeliveryEnqueuer(
  jobs: JobQueue,
  retry: DeliveryRetryPolicy = {
    ...DEFAULT_DELIVERY_RETRY,
    retryDelaySeconds: jobs.timings.retryDelaySeconds,
  },
): EnqueueDelivery {
  return async (tx, deliveryId) => {
    const id = await jobs.boss.send(
      ALERT_DELIVERY_QUEUE,
      { deliveryId },
      {
        id: deliveryId,
        db: pgBossConnection(tx),
        retryLimit: retry.retryLimit,
        retryDelay: retry.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: retry.retryDelayMaxSeconds,
      },
    );
    if (id === null) throw new Error(`The job of alert delivery ${deliveryId} was not queued`);
  };
}

/**
 * What the scan worker calls once a scan completed: queues the scan's alert evaluation. It never
 * throws: an alert that cannot be raised must not fail the scan (it is logged instead).
 */
export function alertsAfterScan(
  jobs: JobQueue,
  logger: Pick<FastifyBaseLogger, "error">,
): (scanId: string) => Promise<void> {
  return async (scanId) => {
    try {
      await jobs.boss.send(ALERT_EVALUATE_QUEUE, { scanId });
    } catch (error) {
      logger.error({ scanId, err: error }, "the scan's alerts could not be queued");
    }
  };
}

export interface AlertWorkerDeps {
  db: Db;
  mailer: Mailer;
  cipher: TokenCipher;
  appUrl: string;
  allowPrivateNetworks: boolean;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** When alerts are raised, digests cut off and webhooks signed; tests fix it. */
  now?: () => Date;
  /** Tests shorten the waits and the number of attempts. */
  deliveryRetry?: DeliveryRetryPolicy;
  deliveryTimeoutMs?: number;
  /** Digests by cron; tests call `sendDigests` with their own clock instead. */
  scheduleDigests?: boolean;
}

export async function startAlertWorkers(jobs: JobQueue, deps: AlertWorkerDeps): Promise<void> {
  const { boss, timings } = jobs;
  const now = deps.now ?? (() => new Date());
  const polling = {
    pollingIntervalSeconds: timings.pollingIntervalSeconds,
    notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
  };
  const evaluation = {
    db: deps.db,
    appUrl: deps.appUrl,
    now,
    logger: deps.logger,
    enqueueDelivery: alertDeliveryEnqueuer(
      jobs,
      deps.deliveryRetry ?? {
        ...DEFAULT_DELIVERY_RETRY,
        retryDelaySeconds: timings.retryDelaySeconds,
      },
    ),
  };
  const delivery = {
    db: deps.db,
    mailer: deps.mailer,
    cipher: deps.cipher,
    outbound: {
      allowPrivateNetworks: deps.allowPrivateNetworks,
      timeoutMs: deps.deliveryTimeoutMs ?? DELIVERY_TIMEOUT_MS,
    },
    logger: deps.logger,
    now,
  };

  await boss.work(ALERT_EVALUATE_QUEUE, polling, async ([job]) => {
    if (!job) return;
    await evaluateScanAlerts(evaluation, EvaluateJobSchema.parse(job.data).scanId);
  });

  const deliveryWork = { ...polling, includeMetadata: true, localConcurrency: 4 } as const;
  await boss.work<{ deliveryId: string }, void, typeof deliveryWork>(
    ALERT_DELIVERY_QUEUE,
    deliveryWork,
    async ([job]) => {
      if (!job) return;
      const { deliveryId } = DeliveryJobSchema.parse(job.data);
      const outcome = await attemptDelivery(delivery, deliveryId, {
        finalAttempt: job.retryCount >= job.retryLimit,
      });
      // The queue retries with backoff; the log already says why.
      if (outcome.status === "retrying") throw outcome.failure;
    },
  );

  await boss.work(ALERT_DELIVERY_DEAD_LETTER_QUEUE, polling, async ([job]) => {
    if (!job) return;
    await failInterruptedDelivery(deps.db, DeliveryJobSchema.parse(job.data).deliveryId);
  });

  await boss.work(ALERT_DIGEST_QUEUE, polling, async ([job]) => {
    if (!job) return;
    const sent = await sendDigests(evaluation, DigestJobSchema.parse(job.data).frequency);
    if (sent > 0) deps.logger.info({ digests: sent }, "alert digests queued");
  });
  if (deps.scheduleDigests !== false) {
    for (const schedule of DIGEST_SCHEDULES) {
      await boss.schedule(
        ALERT_DIGEST_QUEUE,
        schedule.cron,
        { frequency: schedule.key },
        { key: schedule.key, tz: "UTC", missed: "once" },
      );
    }
  }
}
