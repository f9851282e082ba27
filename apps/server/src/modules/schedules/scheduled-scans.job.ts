import type { JobQueue } from "../../jobs/job-queue.ts";
import { scanEnqueuer } from "../scans/run-scan.job.ts";
import { createScanStarter } from "../scans/scans.service.ts";
import { runScheduledScans, type ScheduleDeps } from "./schedules.service.ts";

/**
 * The automated-scan tick (ADR 009): pg-boss cron puts a job on `scheduled-scans` every 15
 * minutes, and whichever worker takes it starts the scans that are due. The queue's `exclusive`
 * policy keeps ticks from overlapping across workers; each slot is claimed in the database too.
 */

export const SCHEDULED_SCANS_QUEUE = "scheduled-scans";
const TICK_CRON = "*/15 * * * *";

export async function createScheduleQueues(jobs: JobQueue): Promise<void> {
  await jobs.boss.createQueue(SCHEDULED_SCANS_QUEUE, { policy: "exclusive", retryLimit: 1 });
}

export async function startScheduleWorkers(
  jobs: JobQueue,
  deps: Omit<ScheduleDeps, "starter"> & { now: () => Date },
): Promise<void> {
  const { boss, timings } = jobs;
  const starter = createScanStarter({ db: deps.db, enqueue: scanEnqueuer(jobs) });
  await boss.work(
    SCHEDULED_SCANS_QUEUE,
    {
      pollingIntervalSeconds: timings.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
    },
    async () => {
      await runScheduledScans({ ...deps, starter }, deps.now());
    },
  );
  await boss.schedule(SCHEDULED_SCANS_QUEUE, TICK_CRON);
}
