import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import type { Config } from "../env.ts";
import type { RetryOptions } from "../integrations/google/index.ts";
import { createAppTokenCipher } from "../lib/token-cipher.ts";
import {
  createAccountPurgeQueues,
  startAccountPurgeWorkers,
} from "../modules/account-rights/account-purge.job.ts";
import {
  type AlertWorkerDeps,
  alertsAfterScan,
  createAlertQueues,
  startAlertWorkers,
} from "../modules/alerts/alerts.job.ts";
import { createBillingQueues, startBillingWorkers } from "../modules/billing/billing.job.ts";
import type { GoogleSetup } from "../modules/google/google-setup.ts";
import { createOutboxMailer, type Mailer } from "../modules/mail/mailer.ts";
import {
  createRateLimitQueues,
  startRateLimitWorkers,
} from "../modules/rate-limits/rate-limits.job.ts";
import { createReportQueues, startReportWorkers } from "../modules/reports/generate-report.job.ts";
import {
  createRetentionQueues,
  startRetentionWorkers,
} from "../modules/retention/retention.job.ts";
import { createScanQueues, startScanWorkers } from "../modules/scans/run-scan.job.ts";
import {
  createScheduleQueues,
  startScheduleWorkers,
} from "../modules/schedules/scheduled-scans.job.ts";
import type { JobQueue } from "./job-queue.ts";

/**
 * Every job of the app: which queues exist, and which workers a worker process runs. API
 * processes only prepare the queues (to send); worker processes also start the workers.
 */

/** Starts pg-boss and creates the app's queues; enough for a process that only sends jobs. */
export async function prepareJobQueue(jobs: JobQueue, logger: FastifyBaseLogger): Promise<void> {
  await jobs.start(logger);
  await createScanQueues(jobs);
  await createAlertQueues(jobs);
  await createScheduleQueues(jobs);
  await createBillingQueues(jobs);
  await createAccountPurgeQueues(jobs);
  await createRetentionQueues(jobs);
  await createReportQueues(jobs);
  await createRateLimitQueues(jobs);
}

export interface WorkerOptions {
  db: Db;
  config: Config;
  google: GoogleSetup | null;
  logger: FastifyBaseLogger;
  /**
   * Sends email alerts (issue 7) and inactivity notices (issue 23); without one (tools,
   * benchmarks) they go to the outbox.
   */
  mailer?: Mailer;
  /** Alert delivery settings tests shorten (retries, timeouts, the digest cron). */
  alerts?: Pick<AlertWorkerDeps, "now" | "deliveryRetry" | "deliveryTimeoutMs" | "scheduleDigests">;
  /** The audits' clock (date ranges, token expiry); tests fix it. */
  now?: () => Date;
  googleRetry?: RetryOptions;
  progressIntervalMs?: number;
  /** Runs the automated-scan tick (ADR 009); tests that start scans themselves turn it off. */
  scheduledScans?: boolean;
}

/** Starts working the app's queues in this process. */
export async function startWorkers(jobs: JobQueue, options: WorkerOptions): Promise<void> {
  await startScanWorkers(jobs, {
    db: options.db,
    google: options.google,
    cipher: createAppTokenCipher(options.config),
    now: options.now ?? (() => new Date()),
    logger: options.logger,
    googleRetry: options.googleRetry,
    progressIntervalMs: options.progressIntervalMs,
    onScanCompleted: alertsAfterScan(jobs, options.logger),
  });
  await startAlertWorkers(jobs, {
    db: options.db,
    mailer: options.mailer ?? createOutboxMailer(options.db),
    cipher: createAppTokenCipher(options.config),
    appUrl: options.config.appUrl,
    allowPrivateNetworks: options.config.alerts.allowPrivateNetworks,
    logger: options.logger,
    ...options.alerts,
  });
  await startBillingWorkers(jobs, {
    db: options.db,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
  });
  await startAccountPurgeWorkers(jobs, {
    db: options.db,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
  });
  await startRetentionWorkers(jobs, {
    db: options.db,
    mailer: options.mailer ?? createOutboxMailer(options.db),
    appUrl: options.config.appUrl,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
  });
  await startRateLimitWorkers(jobs, { db: options.db, logger: options.logger });
  await startReportWorkers(jobs, {
    db: options.db,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
  });
  if (options.scheduledScans !== false) {
    await startScheduleWorkers(jobs, {
      db: options.db,
      logger: options.logger,
      now: options.now ?? (() => new Date()),
    });
  }
}
