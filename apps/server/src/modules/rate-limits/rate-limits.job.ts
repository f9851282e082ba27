import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { pruneRateLimits } from "./rate-limits.repository.ts";

/**
 * Once an hour one worker drops the rate-limit rows that can no longer limit anyone
 * (`pruneRateLimits`). `exclusive` keeps runs from overlapping.
 */
export const RATE_LIMITS_PRUNE_QUEUE = "rate-limits-prune";
const HOURLY_CRON = "41 * * * *";

export async function createRateLimitQueues(jobs: JobQueue): Promise<void> {
  await jobs.boss.createQueue(RATE_LIMITS_PRUNE_QUEUE, { policy: "exclusive", retryLimit: 2 });
}

export async function startRateLimitWorkers(
  jobs: JobQueue,
  deps: { db: Db; logger: FastifyBaseLogger },
): Promise<void> {
  const { boss, timings } = jobs;
  await boss.work(
    RATE_LIMITS_PRUNE_QUEUE,
    {
      pollingIntervalSeconds: timings.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
    },
    async () => {
      const pruned = await pruneRateLimits(deps.db);
      if (pruned.counters + pruned.failures > 0) {
        deps.logger.info(pruned, "rate-limit rows pruned");
      }
    },
  );
  await boss.schedule(RATE_LIMITS_PRUNE_QUEUE, HOURLY_CRON);
}
