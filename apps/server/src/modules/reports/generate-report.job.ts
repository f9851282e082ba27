import { type ReportJobData, ReportJobDataSchema } from "@utmost/contracts";
import type { Queue } from "pg-boss";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { pgBossConnection } from "../scans/run-scan.job.ts";
import {
  type EnqueueReport,
  failInterruptedReport,
  generateReport,
  type ReportWorkerDeps,
} from "./reports.service.ts";

/**
 * The report job (ADR 012): one per report, its id the report's id. A failed attempt is retried
 * with backoff and the final one marks the report failed; an attempt whose worker died is retried
 * once its heartbeat goes silent or it expires; a job out of attempts that never settled its
 * report lands in the dead-letter queue, whose handler fails the report. No report stays pending.
 */

export const REPORT_QUEUE = "report.generate";
export const REPORT_DEAD_LETTER_QUEUE = "report.generate.dead-letter";

/** Attempts after the first. */
const REPORT_RETRY_LIMIT = 2;
/** Rendering takes seconds; a worker that hangs past this is given up on. */
const REPORT_EXPIRE_SECONDS = 5 * 60;
/** PDFs are built in memory; a few at a time per worker process. */
const REPORT_CONCURRENCY = 2;

export async function createReportQueues(jobs: JobQueue): Promise<void> {
  const { boss, timings } = jobs;
  const ensure = async (name: string, options: Omit<Queue, "name">) => {
    await boss.createQueue(name, options);
    const { policy: _policy, partition: _partition, ...settings } = options;
    await boss.updateQueue(name, settings);
  };
  await ensure(REPORT_DEAD_LETTER_QUEUE, {
    retryLimit: 5,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
  });
  await ensure(REPORT_QUEUE, {
    retryLimit: REPORT_RETRY_LIMIT,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: REPORT_EXPIRE_SECONDS,
    heartbeatSeconds: timings.heartbeatSeconds,
    deadLetter: REPORT_DEAD_LETTER_QUEUE,
    notify: true,
  });
  // As for scans: on PGlite `send` inside a transaction needs the queue cache filled beforehand.
  await boss.findJobs(REPORT_QUEUE, { id: "00000000-0000-4000-8000-000000000000" });
}

/** Enqueues a report's job inside the caller's transaction. */
export function reportEnqueuer(jobs: JobQueue): EnqueueReport {
  return async (tx, reportId) => {
    const id = await jobs.boss.send(REPORT_QUEUE, { reportId } satisfies ReportJobData, {
      id: reportId,
      db: pgBossConnection(tx),
    });
    if (id === null) throw new Error(`The job of report ${reportId} was not queued`);
  };
}

export async function startReportWorkers(jobs: JobQueue, deps: ReportWorkerDeps): Promise<void> {
  const { boss, timings } = jobs;
  const polling = {
    pollingIntervalSeconds: timings.pollingIntervalSeconds,
    notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
  };
  const work = { ...polling, includeMetadata: true, localConcurrency: REPORT_CONCURRENCY } as const;
  await boss.work<ReportJobData, void, typeof work>(REPORT_QUEUE, work, async ([job]) => {
    if (!job) return;
    const { reportId } = ReportJobDataSchema.parse(job.data);
    await generateReport(deps, reportId, { finalAttempt: job.retryCount >= job.retryLimit });
  });
  await boss.work<ReportJobData>(REPORT_DEAD_LETTER_QUEUE, polling, async ([job]) => {
    if (!job) return;
    await failInterruptedReport(deps, ReportJobDataSchema.parse(job.data).reportId);
  });
}
