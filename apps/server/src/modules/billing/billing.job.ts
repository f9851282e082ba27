import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { downgradeLapsedSubscriptions } from "./billing.service.ts";

/**
 * Every hour one worker moves accounts whose payment has failed for 7 days to Free (spec §9).
 * `exclusive` keeps runs from overlapping; each account is re-checked under its row lock.
 */
export const BILLING_DOWNGRADES_QUEUE = "billing-downgrades";
const HOURLY_CRON = "7 * * * *";

export async function createBillingQueues(jobs: JobQueue): Promise<void> {
  await jobs.boss.createQueue(BILLING_DOWNGRADES_QUEUE, { policy: "exclusive", retryLimit: 2 });
}

export async function startBillingWorkers(
  jobs: JobQueue,
  deps: { db: Db; logger: FastifyBaseLogger; now: () => Date },
): Promise<void> {
  const { boss, timings } = jobs;
  await boss.work(
    BILLING_DOWNGRADES_QUEUE,
    {
      pollingIntervalSeconds: timings.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
    },
    async () => {
      await downgradeLapsedSubscriptions(deps.db, deps.now(), deps.logger);
    },
  );
  await boss.schedule(BILLING_DOWNGRADES_QUEUE, HOURLY_CRON);
}
