import { pino } from "pino";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { ConfigError, loadConfig } from "./env.ts";
import { prepareJobQueue, startWorkers } from "./jobs/app-jobs.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { loggerOptions } from "./lib/logging.ts";
import { grantAdminEmails } from "./modules/admin/admin.service.ts";
import { createMailer } from "./modules/mail/mailer.ts";
import { DEMO_LOGIN, seedDemo } from "./seed/demo.ts";
import { seedDemoProperty } from "./seed/demo-property.ts";

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const mailer = createMailer(
    config,
    database.db,
    pino({ ...loggerOptions(config.logLevel), name: "mail" }),
  );
  const jobs = createJobQueue({ database, location: config.database });
  const { server, auth, google } = await buildApp({ config, db: database.db, mailer, jobs });
  await prepareJobQueue(jobs, server.log);
  const grantedAdmins = await grantAdminEmails(database.db, config.adminEmails);
  if (grantedAdmins.length > 0) {
    server.log.info({ emails: grantedAdmins }, "granted the admin role (ADMIN_EMAILS)");
  }
  if (config.demoMode) await seedDemo(database.db, auth);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, "shutting down");
    await server.close();
    // Before the database: running scans get a moment, then go back to the queue for a retry.
    await jobs.stop();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await server.listen({ port: config.port, host: config.host });
  // After listening: in the embedded demo the worker calls the Google stand-in on this server.
  if (config.runWorker) {
    await startWorkers(jobs, { db: database.db, config, google, logger: server.log, mailer });
  }
  if (config.demoMode) {
    // In the background: the app is usable at once, the demo report appears within seconds.
    seedDemoProperty({ db: database.db, config, google, logger: server.log }).catch((error) =>
      server.log.warn({ err: error }, "the demo property could not be seeded"),
    );
  }
  const where = config.database.kind === "pglite" ? config.database.dataDir : "PostgreSQL";
  console.log(`\n  Utmost is running at ${config.appUrl}  (database: ${where})`);
  if (config.demoMode) {
    console.log(`  Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    if (mailer.kind === "outbox") console.log(`  Outgoing mail: ${config.appUrl}/outbox`);
  }
  if (mailer.kind === "log")
    console.log("  Outgoing mail: written to this log (MAIL_TRANSPORT=log)");
  if (config.google.kind === "embedded" || config.google.kind === "emulator") {
    console.log(`  Google: the offline stand-in at ${config.google.url}`);
  }
  if (config.billing.kind === "embedded") {
    console.log(`  Payments: the offline Dodo stand-in at ${config.billing.url} (test mode)`);
  }
  console.log(
    config.runWorker
      ? "  Scans run in this process."
      : "  Scans are queued for `npm run start:worker` (RUN_WORKER=false).",
  );
  console.log("");
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
