import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { purgeDeletedAccounts } from "./account-rights.service.ts";

/**
 * Once a day one worker removes the accounts whose deletion was asked for 30 days ago (spec §9
 * legal facts). `exclusive` keeps runs from overlapping; each account is re-checked under its
 * row lock, so a recovery that comes in meanwhile wins.
 */
export const ACCOUNT_PURGE_QUEUE = "account-purge";
const DAILY_CRON = "23 3 * * *";

export async function createAccountPurgeQueues(jobs: JobQueue): Promise<void> {
  await jobs.boss.createQueue(ACCOUNT_PURGE_QUEUE, { policy: "exclusive", retryLimit: 2 });
}

export async function startAccountPurgeWorkers(
  jobs: JobQueue,
  deps: { db: Db; logger: FastifyBaseLogger; now: () => Date },
): Promise<void> {
  const { boss, timings } = jobs;
  await boss.work(
    ACCOUNT_PURGE_QUEUE,
    {
      pollingIntervalSeconds: timings.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: timings.pollingIntervalSeconds,
    },
    async () => {
      await purgeDeletedAccounts(deps.db, deps.now(), deps.logger);
    },
  );
  await boss.schedule(ACCOUNT_PURGE_QUEUE, DAILY_CRON);
}
