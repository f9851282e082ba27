import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import { runRetention } from "./retention.service.ts";

/**
 * Once a day one worker keeps the legal pages' retention promises (spec §9 legal facts; ADR
 * 021): inactive accounts warned at 22 months and deleted at 24, billing records removed after
 * 7 years. `exclusive` keeps runs from overlapping, so no account is warned twice by two runs.
 */
export const RETENTION_QUEUE = "retention";
const DAILY_CRON = "41 2 * * *";

export async function createRetentionQueues(jobs: JobQueue): Promise<void> {
  await jobs.boss.createQueue(RETENTION_QUEUE, { policy: "exclusive", retryLimit: 2 });
}

export async function startRetentionWorkers(
  jobs: JobQueue,
  deps: { db: Db; mailer: Mailer; appUrl: string; logger: FastifyBaseLogger; now: () => Date },
): Promise<void> {
  const { boss, timings } = jobs;
  await boss.work(
    RETENTION_QUEUE,
    {
      pollingIntervalSeconds: timings.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
    },
    async () => {
      const run = await runRetention(deps, deps.now());
      deps.logger.info(run, "retention run");
    },
  );
  await boss.schedule(RETENTION_QUEUE, DAILY_CRON);
}
