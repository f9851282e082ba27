import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { Scan } from "@utmost/contracts";
import { type RunningEmulator, startGoogleEmulator } from "@utmost/google-emulator";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditScans, issueOccurrences, utmIssues } from "./db/schema.ts";
import { createScanQueues, SCAN_QUEUE } from "./modules/scans/run-scan.job.ts";
import { scanTestHarness } from "./modules/scans/scan-harness.testing.ts";
import { startTcpProxy, type TcpProxy } from "./test/tcp-proxy.ts";
import { createTestApp, type QueueTestApp } from "./test/test-app.ts";

/**
 * Issue 11, faults with real processes: a worker process killed with SIGKILL in the middle of a
 * scan, and PostgreSQL going away under a worker process and coming back (what a restart looks
 * like to it), through a TCP proxy so the server itself and other test files are untouched.
 * The API side runs in this process on a database of its own; workers are `node src/worker.ts`,
 * as `npm run start:worker` starts them. PostgreSQL only: a separate worker needs a server.
 */

const WORKER = path.resolve(import.meta.dirname, "worker.ts");
const APP_SECRET = "process-faults-test-secret-of-at-least-32-chars";
const SCAN_TIMEOUT_MS = 60_000;
const WORKER_START_TIMEOUT_MS = 30_000;
/**
 * Per Google request until the fault: slow enough that a scan seen at 20% is still seconds from
 * its end when the fault strikes, however busy the machine.
 */
const SLOW_GOOGLE_MS = 250;

interface WorkerProcess {
  child: ChildProcess;
  /** Its log so far (pino JSON lines), shown when a test fails. */
  output(): string;
  /** Log lines with this message. */
  logged(message: string): Record<string, unknown>[];
}

describe.skipIf(!process.env.DATABASE_URL)(
  "worker processes killed and PostgreSQL restarting (PostgreSQL only: set DATABASE_URL)",
  () => {
    let emulator: RunningEmulator;
    let app: QueueTestApp;
    const workers = new Set<ChildProcess>();

    beforeAll(async () => {
      // Real clocks: the worker processes keep their own, and the stand-in must agree on token expiry.
      emulator = await startGoogleEmulator();
      app = await createTestApp("postgres", {
        GOOGLE_EMULATOR_URL: emulator.url,
        APP_SECRET,
      });
    });
    afterEach(async () => {
      emulator.faults.reset();
      await Promise.all([...workers].map(kill));
    });
    afterAll(async () => {
      await Promise.all([...workers].map(kill));
      await app?.close();
      await emulator?.close();
    });

    const harness = scanTestHarness(() => ({ app, emulatorUrl: emulator.url }), {
      now: () => new Date(),
      timeoutMs: SCAN_TIMEOUT_MS,
    });
    const { auditToEnd, startAudit, waitForScan } = harness;

    function databaseUrl(): string {
      if (app.config.database.kind !== "postgres") throw new Error("needs PostgreSQL");
      return app.config.database.url;
    }

    /**
     * Starts a worker process on `url` and waits until it works the queue. A worker rewrites the
     * queue's settings to the product's (a 30 s heartbeat, a 15 s first retry) when it starts;
     * those of this app are written back, so the scans queued next carry the test's (10 s, 1 s).
     * They are stored on each job, and this app's supervisor (every 2 s) fails a job whose
     * worker went silent, so a killed worker's scan is retried within seconds, not minutes.
     */
    async function startWorker(url: string): Promise<WorkerProcess> {
      const child = spawn(process.execPath, [WORKER], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "test",
          DATABASE_URL: url,
          GOOGLE_EMULATOR_URL: emulator.url,
          APP_SECRET,
          LOG_LEVEL: "info",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      workers.add(child);
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
      const worker: WorkerProcess = {
        child,
        output: () => output,
        logged: (message) =>
          output
            .split("\n")
            .filter((line) => line.startsWith("{"))
            .map((line) => JSON.parse(line) as Record<string, unknown>)
            .filter((entry) => entry.msg === message),
      };
      const deadline = Date.now() + WORKER_START_TIMEOUT_MS;
      while (worker.logged("worker started").length === 0) {
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the worker did not start (exit ${child.exitCode}):\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await createScanQueues(app.jobs);
      return worker;
    }

    async function kill(child: ChildProcess) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      }
      workers.delete(child);
    }

    async function startRunningScan(cookie: string, dataSourceId: string) {
      const started = await startAudit(cookie, dataSourceId);
      expect(started.statusCode, started.body).toBe(202);
      const scanId: string = started.json().scan.id;
      // Part-written: the worker has saved progress and the rows it fetched so far.
      const running = await waitForScan(
        cookie,
        scanId,
        (scan) => scan.status !== "running" || scan.progress >= 20,
      );
      expect(running).toMatchObject({ status: "running" });
      expect(running.rowsFetched).toBeGreaterThan(0);
      return scanId;
    }

    async function issuesOf(dataSourceId: string) {
      return app.database.db
        .select({
          issueType: utmIssues.issueType,
          findingKey: utmIssues.findingKey,
          severity: utmIssues.severity,
          affectedSessionsCount: utmIssues.affectedSessionsCount,
        })
        .from(utmIssues)
        .where(eq(utmIssues.dataSourceId, dataSourceId))
        .orderBy(asc(utmIssues.issueType), asc(utmIssues.findingKey));
    }

    /** Each stored issue once, each with one detection per completed scan, and none otherwise. */
    async function expectStoredOnce(dataSourceId: string, completedScans: number) {
      const issues = await issuesOf(dataSourceId);
      const occurrences = await app.database.db
        .select({ scanId: issueOccurrences.scanId, status: auditScans.status })
        .from(issueOccurrences)
        .innerJoin(utmIssues, eq(utmIssues.id, issueOccurrences.issueId))
        .innerJoin(auditScans, eq(auditScans.id, issueOccurrences.scanId))
        .where(eq(utmIssues.dataSourceId, dataSourceId));
      if (completedScans === 0) {
        expect(issues).toEqual([]);
      } else {
        expect(issues.length).toBeGreaterThan(0);
      }
      expect(occurrences).toHaveLength(issues.length * completedScans);
      expect(occurrences.every((row) => row.status === "completed")).toBe(true);
    }

    async function scanJob(scanId: string) {
      const [job] = await app.jobs.boss.findJobs(SCAN_QUEUE, { id: scanId });
      return job;
    }

    function summary(scan: Scan) {
      return {
        status: scan.status,
        healthScore: scan.healthScore,
        criticalIssuesCount: scan.criticalIssuesCount,
        warningIssuesCount: scan.warningIssuesCount,
        passedChecksCount: scan.passedChecksCount,
        rowsFetched: scan.rowsFetched,
        isComplete: scan.isComplete,
      };
    }

    it(
      "finishes, exactly once, a scan whose worker process was killed mid-scan, once another worker runs",
      async () => {
        const first = await startWorker(databaseUrl());
        const { owner, dataSource } = await harness.connect("well-run-store");
        emulator.faults.setLatency(SLOW_GOOGLE_MS);
        const scanId = await startRunningScan(owner.cookie, dataSource.id);

        await kill(first.child);
        emulator.faults.setLatency(0);
        // Nothing else runs it: it stays running, its results unwritten, until a worker comes.
        expect((await harness.readScan(owner.cookie, scanId)).status).toBe("running");
        await expectStoredOnce(dataSource.id, 0);

        const second = await startWorker(databaseUrl());
        const scan = await waitForScan(owner.cookie, scanId);
        expect(scan, second.output()).toMatchObject({ status: "completed", progress: 100 });
        // The killed attempt counts as one: the job was failed for its silent heartbeat, then retried.
        await expect
          .poll(() => scanJob(scanId))
          .toMatchObject({
            state: "completed",
            retryCount: 1,
          });
        const completions = [...first.logged("scan completed"), ...second.logged("scan completed")];
        expect(completions.filter((entry) => entry.scanId === scanId)).toHaveLength(1);
        await expectStoredOnce(dataSource.id, 1);

        // The same property scanned without a fault stores the same results.
        const undisturbed = await harness.connect("well-run-store");
        const reference = await auditToEnd(undisturbed.owner.cookie, undisturbed.dataSource.id);
        expect(summary(scan)).toEqual(summary(reference));
        expect(await issuesOf(dataSource.id)).toEqual(await issuesOf(undisturbed.dataSource.id));
      },
      SCAN_TIMEOUT_MS * 2,
    );

    it(
      "ends a scan cleanly when PostgreSQL drops the worker's connections and refuses new ones for a while, and a re-run completes",
      async () => {
        const direct = new URL(databaseUrl());
        let proxy: TcpProxy | undefined;
        try {
          proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
          const throughProxy = new URL(direct);
          throughProxy.hostname = proxy.host;
          throughProxy.port = String(proxy.port);
          const worker = await startWorker(throughProxy.toString());

          const { owner, dataSource } = await harness.connect("well-run-store");
          emulator.faults.setLatency(SLOW_GOOGLE_MS);
          const scanId = await startRunningScan(owner.cookie, dataSource.id);

          // The rest of the scan's reads from Google go quickly now, so it ends while the
          // database is away: its results cannot be stored then.
          const cut = proxy.cut();
          emulator.faults.setLatency(0);
          expect(cut).toBeGreaterThan(0);
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          proxy.restore();

          // Never stuck: it completes (the queue retried it) or fails with a reason.
          const ended = await waitForScan(owner.cookie, scanId);
          expect(["completed", "failed"], worker.output()).toContain(ended.status);
          if (ended.status === "failed") expect(ended.errorMessage).toBeTruthy();
          const completed = ended.status === "completed" ? 1 : 0;
          await expectStoredOnce(dataSource.id, completed);

          const rerun = await auditToEnd(owner.cookie, dataSource.id);
          expect(rerun.status, worker.output()).toBe("completed");
          await expectStoredOnce(dataSource.id, completed + 1);
          // The worker rode the outage out rather than dying of it.
          expect(worker.child.exitCode, worker.output()).toBeNull();
        } finally {
          await proxy?.close();
        }
      },
      SCAN_TIMEOUT_MS * 2,
    );
  },
);
