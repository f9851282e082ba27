import { pino } from "pino";
import { openDatabase } from "./db/client.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { prepareJobQueue, startWorkers } from "./jobs/app-jobs.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { loggerOptions } from "./lib/logging.ts";
import { setUpGoogle } from "./modules/google/google-setup.ts";
import { createMailer } from "./modules/mail/mailer.ts";

/**
 * The worker process (`npm run start:worker`): works the job queue (scans) and serves nothing.
 * Run as many as the load needs beside API processes started with RUN_WORKER=false; they share
 * the work through PostgreSQL (DESIGN.md, "Run modes").
 */
async function main() {
  const config = loadConfig();
  if (config.database.kind === "pglite") {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_URL: is required for a separate worker; the embedded database runs its worker inside `npm start`",
    );
  }
  const logger = pino({ ...loggerOptions(config.logLevel), name: "worker" });
  const database = await openDatabase(config.database);
  const jobs = createJobQueue({ database, location: config.database });
  await prepareJobQueue(jobs, logger);
  const google = await setUpGoogle(config);
  // Email alerts go out from here (issue 7).
  const mailer = createMailer(config, database.db, logger);
  await startWorkers(jobs, { db: database.db, config, google, logger, mailer });
  logger.info("worker started");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    // Running scans get a moment, then go back to the queue for another worker to retry.
    await jobs.stop();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
