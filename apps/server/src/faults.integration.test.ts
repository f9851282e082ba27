import { type RunningEmulator, startGoogleEmulator } from "@utmost/google-emulator";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditScans, dataSources, issueOccurrences, utmIssues } from "./db/schema.ts";
import { createAppTokenCipher } from "./lib/token-cipher.ts";
import { scanTestHarness } from "./modules/scans/scan-harness.testing.ts";
import { runScan } from "./modules/scans/scans.service.ts";
import { testDatabaseKinds } from "./test/databases.ts";
import { createTestApp, type QueueTestApp, settleWithin } from "./test/test-app.ts";

/**
 * Issue 11, faults: what Google, the database and the workers do wrong, and how a scan survives
 * it. Beside scans.integration.test.ts (a worker dying mid-scan, 5xx storms, stuck and
 * dead-lettered scans) and alert-delivery.integration.test.ts (receivers down): Google answering
 * 200 with a body cut in half, two workers running one scan at once, and PostgreSQL dropping
 * every connection in the middle of a scan.
 */

const NOW = new Date("2026-11-16T06:00:00Z");
const clock = () => NOW;
const SCAN_TIMEOUT_MS = 120_000;

describe.each(testDatabaseKinds())("faults on %s", (kind) => {
  let emulator: RunningEmulator;
  let app: QueueTestApp;

  beforeAll(async () => {
    emulator = await startGoogleEmulator({ now: clock });
    app = await createTestApp(
      kind,
      { GOOGLE_EMULATOR_URL: emulator.url },
      { worker: { now: clock } },
    );
  });
  afterAll(async () => {
    await app?.close();
    if (emulator) await settleWithin("the Google stand-in's close", emulator.close(), 10_000);
  });
  afterEach(() => {
    emulator.faults.reset();
  });

  const harness = scanTestHarness(() => ({ app, emulatorUrl: emulator.url }), {
    now: clock,
    timeoutMs: SCAN_TIMEOUT_MS,
  });
  const { readScan, waitForScan } = harness;
  const audit = harness.auditToEnd;

  async function connect() {
    const { owner, dataSource } = await harness.connect("well-run-store");
    return { cookie: owner.cookie, dataSource };
  }

  /** Each stored issue once, each with one detection per scan that found it. */
  async function expectNoDuplicates(dataSourceId: string, scans: number) {
    const issues = await app.database.db
      .select({ id: utmIssues.id })
      .from(utmIssues)
      .where(eq(utmIssues.dataSourceId, dataSourceId));
    const [occurrences] = await app.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(issueOccurrences)
      .innerJoin(utmIssues, eq(utmIssues.id, issueOccurrences.issueId))
      .where(eq(utmIssues.dataSourceId, dataSourceId));
    expect(issues.length).toBeGreaterThan(0);
    expect(occurrences?.count).toBe(issues.length * scans);
  }

  it(
    "fails a scan cleanly when Google keeps answering 200 with a body cut in half, and a re-run completes",
    async () => {
      const { cookie, dataSource } = await connect();
      emulator.faults.garbleNext(10_000, { path: ":runReport" });
      const failed = await audit(cookie, dataSource.id);
      expect(failed.status).toBe("failed");
      expect(failed).toMatchObject({ errorCode: "GOOGLE_BAD_RESPONSE", healthScore: null });
      expect(failed.errorMessage).toMatch(/Run the audit again later/);
      const written = await app.database.db
        .select({ id: utmIssues.id })
        .from(utmIssues)
        .where(eq(utmIssues.dataSourceId, dataSource.id));
      expect(written).toEqual([]);
      const [row] = await app.database.db
        .select({ isActive: dataSources.isActive })
        .from(dataSources)
        .where(eq(dataSources.id, dataSource.id));
      expect(row?.isActive).toBe(true);

      emulator.faults.reset();
      const rerun = await audit(cookie, dataSource.id);
      expect(rerun.status).toBe("completed");
      await expectNoDuplicates(dataSource.id, 1);
    },
    SCAN_TIMEOUT_MS * 2,
  );

  it(
    "gets through one garbled answer in a scan",
    async () => {
      const { cookie, dataSource } = await connect();
      emulator.faults.garbleNext(1, { path: ":runReport" });
      const scan = await audit(cookie, dataSource.id);
      expect(scan.status).toBe("completed");
      await expectNoDuplicates(dataSource.id, 1);
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "lets one of two workers running the same scan at once finish it, and only once",
    async () => {
      const { cookie, dataSource } = await connect();
      // A running scan no queue job will pick up: the two runs below are the only workers.
      const [scan] = await app.database.db
        .insert(auditScans)
        .values({ dataSourceId: dataSource.id, scanType: "manual" })
        .returning();
      if (!scan) throw new Error("scan insert returned no row");
      const completions: string[] = [];
      const deps = {
        db: app.database.db,
        google: app.google,
        cipher: createAppTokenCipher(app.config),
        now: clock,
        logger: app.server.log,
        googleRetry: { sleep: async () => {}, random: () => 0 },
        onScanCompleted: async (id: string) => {
          completions.push(id);
        },
      };
      const attempt = () =>
        runScan(deps, scan.id, { signal: new AbortController().signal, finalAttempt: true });
      const results = await Promise.allSettled([attempt(), attempt()]);
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);

      expect(completions).toEqual([scan.id]);
      expect((await readScan(cookie, scan.id)).status).toBe("completed");
      await expectNoDuplicates(dataSource.id, 1);
    },
    SCAN_TIMEOUT_MS,
  );

  it.runIf(kind === "postgres")(
    "survives PostgreSQL dropping every connection mid-scan: the scan ends, and a re-run completes",
    async () => {
      const { cookie, dataSource } = await connect();
      emulator.faults.setLatency(150);
      const started = await app.server.inject({
        method: "POST",
        url: `/api/data-sources/${dataSource.id}/audits`,
        headers: { cookie },
      });
      expect(started.statusCode, started.body).toBe(202);
      const scanId: string = started.json().scan.id;
      await waitForScan(cookie, scanId, (scan) => scan.progress >= 20);

      // What a restart does to its clients: every backend of this database is terminated.
      const config = app.config.database;
      if (config.kind !== "postgres") throw new Error("needs PostgreSQL");
      const admin = new pg.Client({ connectionString: config.url });
      await admin.connect();
      try {
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
      } finally {
        await admin.end();
      }
      emulator.faults.setLatency(0);

      // Never stuck: it completes (the queue retried it) or fails with a reason.
      const ended = await waitForScan(cookie, scanId);
      expect(["completed", "failed"]).toContain(ended.status);
      if (ended.status === "failed") expect(ended.errorMessage).toBeTruthy();
      const scans = ended.status === "completed" ? 1 : 0;
      if (scans === 1) await expectNoDuplicates(dataSource.id, 1);

      const rerun = await audit(cookie, dataSource.id);
      expect(rerun.status).toBe("completed");
      await expectNoDuplicates(dataSource.id, scans + 1);
    },
    SCAN_TIMEOUT_MS * 3,
  );
});
