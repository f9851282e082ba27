import type { Scan } from "@utmost/contracts";
import { type AuditReport, checks, createAuditor, VIEW_DIMENSIONS } from "@utmost/engine";
import { type RunningEmulator, startGoogleEmulator } from "@utmost/google-emulator";
import {
  createSyntheticProperty,
  PROFILES,
  type ProfileKey,
} from "@utmost/google-emulator/synthetic";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditScans, dataSources, issueOccurrences, utmIssues } from "../../db/schema.ts";
import { addToViews } from "../../integrations/google/testing.ts";
import { testDatabaseKinds } from "../../test/databases.ts";
import { createTestApp, type QueueTestApp } from "../../test/test-app.ts";
import { SCAN_DEAD_LETTER_QUEUE, SCAN_QUEUE, SCAN_SWEEP_QUEUE } from "./run-scan.job.ts";
import { AUTH_EXPIRED_MESSAGE } from "./scan-failure.ts";
import { scanTestHarness } from "./scan-harness.testing.ts";
import { issueRecords } from "./scan-issues.ts";
import { isoDate, scanDateRange } from "./scan-plan.ts";
import { completeScan } from "./scans.repository.ts";

/**
 * Scans end to end: the API starts them, pg-boss runs them, the worker reads the Google stand-in
 * over HTTP, and what lands in the database is held to an audit of the stand-in's own fact rows
 * over the same 90 days. Both clocks are fixed, so the data never changes.
 */

const NOW = new Date("2026-11-16T06:00:00Z");
const clock = () => NOW;
const RANGE = scanDateRange(NOW);
/** Web streams, the sessions total, then three reports (views) per 2-day chunk of the 90 days. */
const CHUNKED_API_CALLS = 1 + 1 + 45 * 3;
const SCAN_TIMEOUT_MS = 90_000;

const expectedAudits = new Map<ProfileKey, AuditReport>();

/**
 * The engine over the stand-in's fact rows of the scan's days, split into the scan's three views
 * as Google answers them: what a scan must store.
 */
function expectedAudit(key: ProfileKey): AuditReport {
  const cached = expectedAudits.get(key);
  if (cached) return cached;
  const profile = PROFILES[key];
  const property = createSyntheticProperty(profile);
  const auditor = createAuditor(
    { siteHosts: [new URL(profile.defaultUri).hostname], now: NOW },
    undefined,
    { views: VIEW_DIMENSIONS },
  );
  for (let day = RANGE.startDay; day <= RANGE.endDay; day++) {
    for (const row of property.rowsForDay(isoDate(day).replaceAll("-", ""))) {
      addToViews(auditor, row);
    }
  }
  const report = auditor.finish();
  expectedAudits.set(key, report);
  return report;
}

const DEFAULT_SEVERITY = new Map(checks.map((check) => [check.id, check.severity]));

function expectedIssues(report: AuditReport) {
  return report.checks
    .filter((result) => result.status === "failed")
    .flatMap((result) =>
      // A finding folded into another is that issue's reason, not an issue of its own.
      result.findings
        .filter((finding) => !finding.foldedInto)
        .map((finding) => ({
          issueType: result.id,
          findingKey: finding.key,
          severity: finding.severity ?? DEFAULT_SEVERITY.get(result.id),
          affectedSessionsCount: finding.affectedSessions,
        })),
    )
    .sort(byKey);
}

function byKey(a: { issueType: string; findingKey: string }, b: typeof a) {
  return `${a.issueType}/${a.findingKey}`.localeCompare(`${b.issueType}/${b.findingKey}`);
}

describe.each(testDatabaseKinds())("scans on %s", (kind) => {
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
    await emulator?.close();
  });
  afterEach(() => {
    emulator.faults.reset();
  });

  const { newOwner, connect, startAudit, readScan, waitForScan, auditToEnd } = scanTestHarness(
    () => ({ app, emulatorUrl: emulator.url }),
    { now: clock, timeoutMs: SCAN_TIMEOUT_MS },
  );

  async function storedIssues(dataSourceId: string) {
    return app.database.db
      .select()
      .from(utmIssues)
      .where(eq(utmIssues.dataSourceId, dataSourceId))
      .orderBy(asc(utmIssues.issueType), asc(utmIssues.findingKey));
  }

  async function issueSummary(dataSourceId: string) {
    return (await storedIssues(dataSourceId))
      .map((issue) => ({
        issueType: issue.issueType,
        findingKey: issue.findingKey,
        severity: issue.severity,
        affectedSessionsCount: issue.affectedSessionsCount,
      }))
      .sort(byKey);
  }

  async function occurrencesOf(dataSourceId: string) {
    return app.database.db
      .select({ issueId: issueOccurrences.issueId, scanId: issueOccurrences.scanId })
      .from(issueOccurrences)
      .innerJoin(utmIssues, eq(utmIssues.id, issueOccurrences.issueId))
      .where(eq(utmIssues.dataSourceId, dataSourceId));
  }

  /** The queue marks a job done once its handler returns, just after the scan's own row. */
  async function expectScanJob(scanId: string, expected: { state: string; retryCount: number }) {
    await expect
      .poll(async () => (await app.jobs.boss.findJobs(SCAN_QUEUE, { id: scanId }))[0], {
        timeout: 10_000,
      })
      .toMatchObject(expected);
  }

  async function dataSourceRow(id: string) {
    const [row] = await app.database.db.select().from(dataSources).where(eq(dataSources.id, id));
    if (!row) throw new Error(`no data source ${id}`);
    return row;
  }

  it.each(["well-run-store", "agency-client", "large-store"] as const)(
    "scans %s in 2-day chunks and stores what the engine reports",
    async (profileKey) => {
      const { owner, dataSource } = await connect(profileKey);
      const scan = await auditToEnd(owner.cookie, dataSource.id);
      const expected = expectedAudit(profileKey);
      // The counts model (issue 22, ADR 014): the issues the scan found, not failed checks.
      const records = issueRecords(expected);
      const bySeverity = (severity: string) =>
        records.filter((record) => record.severity === severity).length;

      expect(scan).toMatchObject({
        status: "completed",
        progress: 100,
        errorMessage: null,
        healthScore: expected.healthScore,
        healthGrade: expected.healthGrade,
        criticalIssuesCount: bySeverity("critical"),
        warningIssuesCount: bySeverity("warning"),
        passedChecksCount: expected.passedChecksCount,
        isChunkedScan: true,
        chunkSizeDays: 2,
        isComplete: true,
        quotaLimitHit: false,
        // The stand-in samples the large store's reports of two days or more, as Google does.
        isSampled: profileKey === "large-store",
        isThresholded: false,
        apiCallsMade: CHUNKED_API_CALLS,
        dateRangeStart: isoDate(RANGE.startDay),
        dateRangeEnd: isoDate(RANGE.endDay),
      });
      expect(scan.rowsFetched).toBeGreaterThan(0);
      if (scan.isSampled) {
        expect(scan.samplingRate).toBeGreaterThan(0);
        expect(scan.samplingRate).toBeLessThan(1);
      } else {
        expect(scan.samplingRate).toBeNull();
      }
      expect(scan.startedAt).not.toBeNull();
      expect(scan.completedAt).not.toBeNull();
      // Every check's outcome, skipped ones with the engine's reason (spec: none silently starved).
      expect(scan.checks).toEqual(
        expected.checks.map((check) => ({
          id: check.id,
          title: check.title,
          severity: check.severity,
          status: check.status,
          skippedReason: check.skippedReason ?? null,
          affectedSessions: Math.round(check.affectedSessions),
        })),
      );
      expect(scan.checks).toHaveLength(checks.length);
      expect(scan.hiddenSessions).toEqual(expected.totals.hidden);
      // large-store carries visitors whose data a deletion request removed.
      if (profileKey === "large-store") expect(scan.hiddenSessions?.dataDeleted).toBeGreaterThan(0);
      expect(await issueSummary(dataSource.id)).toEqual(expectedIssues(expected));
      expect((await storedIssues(dataSource.id)).every((i) => i.status === "active")).toBe(true);

      const [row] = await app.database.db
        .select({ report: auditScans.report })
        .from(auditScans)
        .where(eq(auditScans.id, scan.id));
      expect(row?.report).toMatchObject({
        totals: {
          sessions: expected.totals.sessions,
          distinctRows: expected.totals.distinctRows,
          dateRange: expected.totals.dateRange,
        },
        fetch: { siteHosts: [new URL(PROFILES[profileKey].defaultUri).hostname], daysFetched: 90 },
      });
      expect(JSON.stringify(row?.report)).not.toContain('"examples"');

      const property = await dataSourceRow(dataSource.id);
      expect(property.chunkSizeDays).toBe(2);
      expect(property.lastSyncedAt).not.toBeNull();
      expect(property.isActive).toBe(true);
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "fails a scan of a property that removed the app's access, and marks it for reconnecting",
    async () => {
      const { owner, dataSource } = await connect("revoked-client", "priya@brightside-agency.com");
      const scan = await auditToEnd(owner.cookie, dataSource.id);
      expect(scan).toMatchObject({
        status: "failed",
        errorCode: "GOOGLE_AUTH_EXPIRED",
        errorMessage: AUTH_EXPIRED_MESSAGE,
        healthScore: null,
      });
      // The spec's Authentication Expired alert reacts to these words (spec §4, Scan).
      expect(scan.errorMessage).toMatch(/expired/);
      expect(scan.errorMessage).toMatch(/Reconnect/);
      expect(scan.errorMessage).toMatch(/UNAUTHENTICATED/);
      expect((await dataSourceRow(dataSource.id)).isActive).toBe(false);
      expect(await storedIssues(dataSource.id)).toEqual([]);
      expect(scan.checks).toEqual([]);
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "fails at once, without retrying, when the user revoked the grant",
    async () => {
      const { owner, dataSource } = await connect("agency-client", "priya@brightside-agency.com");
      emulator.faults.revokeGrants({ email: "priya@brightside-agency.com" });
      const scan = await auditToEnd(owner.cookie, dataSource.id);
      expect(scan).toMatchObject({ status: "failed", errorCode: "GOOGLE_AUTH_EXPIRED" });
      expect(scan.errorMessage).toBe(AUTH_EXPIRED_MESSAGE);
      expect((await dataSourceRow(dataSource.id)).isActive).toBe(false);
      await expectScanJob(scan.id, { state: "completed", retryCount: 0 });
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "keeps what it read when the quota runs out mid-scan, and scores it as a partial scan",
    async () => {
      const { owner, dataSource } = await connect("well-run-store");
      // The sessions total and five chunks (three reports each) get through; the sixth chunk is
      // refused.
      emulator.faults.exhaustQuotaAfter(1 + 5 * 3);
      const scan = await auditToEnd(owner.cookie, dataSource.id);
      expect(scan).toMatchObject({
        status: "completed",
        isComplete: false,
        quotaLimitHit: true,
        isChunkedScan: true,
        chunkSizeDays: 2,
      });
      expect(scan.healthScore).toEqual(expect.any(Number));
      expect(scan.healthGrade).not.toBeNull();
      expect(scan.rowsFetched).toBeGreaterThan(0);
      const [row] = await app.database.db
        .select({ report: auditScans.report })
        .from(auditScans)
        .where(eq(auditScans.id, scan.id));
      expect(row?.report).toMatchObject({ fetch: { daysFetched: 10 } });
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "fails with a quota message when no data could be read at all",
    async () => {
      const { owner, dataSource } = await connect("well-run-store");
      emulator.faults.exhaustQuotaAfter(0);
      const scan = await auditToEnd(owner.cookie, dataSource.id);
      expect(scan).toMatchObject({ status: "failed", errorCode: "GOOGLE_QUOTA_EXHAUSTED" });
      expect(scan.errorMessage).toMatch(/quota/);
      expect((await dataSourceRow(dataSource.id)).isActive).toBe(true);
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "fails a scan whose report Google refuses, with Google's reason, and fetches nothing more",
    async () => {
      const { owner, dataSource } = await connect("well-run-store");
      // A property scanned before in chunks skips the sessions total, so the first report is
      // the first chunk's, and Google answers it 400 INVALID_ARGUMENT.
      await app.database.db
        .update(dataSources)
        .set({ chunkSizeDays: 2 })
        .where(eq(dataSources.id, dataSource.id));
      emulator.faults.failNext(1, 400, { path: ":runReport" });
      const scan = await auditToEnd(owner.cookie, dataSource.id);
      expect(scan).toMatchObject({
        status: "failed",
        errorCode: "GOOGLE_INVALID_REQUEST",
        healthScore: null,
      });
      expect(scan.errorMessage).toMatch(/^Google Analytics refused the scan's report request/);
      expect(await storedIssues(dataSource.id)).toEqual([]);
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "re-runs without duplicating issues: muted stays muted, resolved comes back active",
    async () => {
      const { owner, dataSource } = await connect("agency-client");
      const first = await auditToEnd(owner.cookie, dataSource.id);
      expect(first.status).toBe("completed");
      const before = await storedIssues(dataSource.id);
      expect(before.length).toBeGreaterThan(2);
      const [muted, resolved] = before;
      if (!muted || !resolved) throw new Error("expected issues to act on");
      await app.database.db
        .update(utmIssues)
        .set({
          status: "muted",
          mutedAt: sql`now()`,
          mutedByUserId: owner.userId,
          muteReason: "Seasonal campaign",
        })
        .where(eq(utmIssues.id, muted.id));
      await app.database.db
        .update(utmIssues)
        .set({ status: "resolved", resolvedAt: sql`now()`, resolvedByUserId: owner.userId })
        .where(eq(utmIssues.id, resolved.id));

      const second = await auditToEnd(owner.cookie, dataSource.id);
      expect(second).toMatchObject({ status: "completed", healthScore: first.healthScore });
      const after = await storedIssues(dataSource.id);
      expect(after.map((issue) => issue.id)).toEqual(before.map((issue) => issue.id));
      for (const issue of after) {
        const earlier = before.find((candidate) => candidate.id === issue.id);
        expect(issue.firstDetectedAt).toEqual(earlier?.firstDetectedAt);
        expect(issue.lastScanId).toBe(second.id);
      }
      expect(after.find((issue) => issue.id === muted.id)).toMatchObject({
        status: "muted",
        muteReason: "Seasonal campaign",
        mutedByUserId: owner.userId,
      });
      expect(after.find((issue) => issue.id === resolved.id)).toMatchObject({
        status: "active",
        resolvedAt: null,
        resolvedByUserId: null,
      });
      const occurrences = await occurrencesOf(dataSource.id);
      expect(occurrences).toHaveLength(before.length * 2);
      expect(new Set(occurrences.map((o) => o.scanId))).toEqual(new Set([first.id, second.id]));

      const list = await app.server.inject({
        method: "GET",
        url: `/api/data-sources/${dataSource.id}/scans`,
        headers: { cookie: owner.cookie },
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().scans.map((scan: Scan) => scan.id)).toEqual([second.id, first.id]);
      const newest = await app.server.inject({
        method: "GET",
        url: `/api/data-sources/${dataSource.id}/scans?limit=1`,
        headers: { cookie: owner.cookie },
      });
      expect(newest.json().scans.map((scan: Scan) => scan.id)).toEqual([second.id]);
      const tooMany = await app.server.inject({
        method: "GET",
        url: `/api/data-sources/${dataSource.id}/scans?limit=101`,
        headers: { cookie: owner.cookie },
      });
      expect(tooMany.statusCode).toBe(400);
    },
    SCAN_TIMEOUT_MS * 2,
  );

  it(
    "runs one scan per property: two starts at once get the same scan",
    async () => {
      const { owner, dataSource } = await connect("well-run-store");
      const [a, b] = await Promise.all([
        startAudit(owner.cookie, dataSource.id),
        startAudit(owner.cookie, dataSource.id, { scanType: "onboarding" }),
      ]);
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 202]);
      const scanId = a?.json().scan.id;
      expect(b?.json().scan.id).toBe(scanId);
      const scan = await waitForScan(owner.cookie, scanId);
      expect(scan.status).toBe("completed");
      const rows = await app.database.db
        .select({ id: auditScans.id })
        .from(auditScans)
        .where(eq(auditScans.dataSourceId, dataSource.id));
      expect(rows).toHaveLength(1);
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "finishes a scan whose worker died mid-scan, with no duplicated issues",
    async () => {
      const { owner, dataSource } = await connect("well-run-store");
      emulator.faults.setLatency(100);
      const started = await startAudit(owner.cookie, dataSource.id);
      expect(started.statusCode).toBe(202);
      const scanId: string = started.json().scan.id;
      await waitForScan(owner.cookie, scanId, (scan) => scan.progress >= 20);

      await app.replaceJobQueue();
      emulator.faults.setLatency(0);
      const scan = await waitForScan(owner.cookie, scanId);

      const expected = expectedAudit("well-run-store");
      expect(scan).toMatchObject({
        status: "completed",
        healthScore: expected.healthScore,
        isComplete: true,
        // Counted again from zero by the attempt that finished, which knew the chunk size
        // the first attempt settled on and so skipped the sessions total.
        apiCallsMade: CHUNKED_API_CALLS - 1,
      });
      expect(await issueSummary(dataSource.id)).toEqual(expectedIssues(expected));
      const occurrences = await occurrencesOf(dataSource.id);
      expect(occurrences).toHaveLength((await storedIssues(dataSource.id)).length);
      await expectScanJob(scanId, { state: "completed", retryCount: 1 });
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "retries a scan when Google is briefly unavailable",
    async () => {
      const { owner, dataSource } = await connect("well-run-store");
      // Five failures use up the client's own retries for one request, failing the first
      // attempt; the queue's retry then meets one more and gets through.
      emulator.faults.failNext(6, 503, { path: ":runReport" });
      const scan = await auditToEnd(owner.cookie, dataSource.id);
      expect(scan.status).toBe("completed");
      await expectScanJob(scan.id, { state: "completed", retryCount: 1 });
    },
    SCAN_TIMEOUT_MS,
  );

  it(
    "fails a scan once Google stays unavailable through the last attempt",
    async () => {
      const { owner, dataSource } = await connect("well-run-store");
      emulator.faults.failNext(10_000, 503, { path: ":runReport" });
      const scan = await auditToEnd(owner.cookie, dataSource.id);
      expect(scan).toMatchObject({ status: "failed", errorCode: "GOOGLE_UNAVAILABLE" });
      expect(scan.errorMessage).toMatch(/Run the audit again later/);
      expect((await dataSourceRow(dataSource.id)).isActive).toBe(true);
    },
    SCAN_TIMEOUT_MS,
  );

  it("fails a running scan whose job is gone, so no scan stays running forever", async () => {
    const { owner, dataSource } = await connect("well-run-store");
    const [stuck] = await app.database.db
      .insert(auditScans)
      .values({ dataSourceId: dataSource.id, createdAt: new Date(Date.now() - 60 * 60_000) })
      .returning();
    if (!stuck) throw new Error("scan insert returned no row");
    // The sweep queue holds one job at a time; a scheduled one may be on its way.
    await expect
      .poll(() => app.jobs.boss.send(SCAN_SWEEP_QUEUE, null), { timeout: 10_000 })
      .not.toBeNull();
    const scan = await waitForScan(owner.cookie, stuck.id);
    expect(scan).toMatchObject({ status: "failed", errorCode: "SCAN_INTERRUPTED" });
  });

  it("fails a running scan whose job ran out of attempts (dead letter)", async () => {
    const { owner, dataSource } = await connect("well-run-store");
    const [stuck] = await app.database.db
      .insert(auditScans)
      .values({ dataSourceId: dataSource.id })
      .returning();
    if (!stuck) throw new Error("scan insert returned no row");
    await app.jobs.boss.send(SCAN_DEAD_LETTER_QUEUE, { scanId: stuck.id });
    const scan = await waitForScan(owner.cookie, stuck.id);
    expect(scan).toMatchObject({ status: "failed", errorCode: "SCAN_INTERRUPTED" });
    expect(scan.errorMessage).toMatch(/Run the audit again/);
  });

  it("stores a sampled, thresholded scan as such and shows it, never as exact", async () => {
    const { owner, dataSource } = await connect("well-run-store");
    const [running] = await app.database.db
      .insert(auditScans)
      .values({ dataSourceId: dataSource.id })
      .returning();
    if (!running) throw new Error("scan insert returned no row");
    const stored = await completeScan(app.database.db, {
      scanId: running.id,
      dataSourceId: dataSource.id,
      scan: {
        healthScore: 90,
        healthGrade: "A",
        isComplete: true,
        isSampled: true,
        samplesReadCount: 1_200_000,
        samplingSpaceSize: 4_800_000,
        isThresholded: true,
      },
      issues: [],
    });
    expect(stored).toBe(true);

    const sampled = { isComplete: true, isSampled: true, samplingRate: 0.25, isThresholded: true };
    expect(await readScan(owner.cookie, running.id)).toMatchObject(sampled);
    const list = await app.server.inject({
      method: "GET",
      url: `/api/data-sources/${dataSource.id}/scans`,
      headers: { cookie: owner.cookie },
    });
    expect(list.json().scans).toMatchObject([sampled]);
    const property = await app.server.inject({
      method: "GET",
      url: `/api/data-sources/${dataSource.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(property.json().dataSource.latestScan).toMatchObject(sampled);
  });

  it("reads each check's outcome from the stored report, and none from a report it cannot read", async () => {
    const { owner, dataSource } = await connect("well-run-store");
    const stored = {
      healthScore: 90,
      checks: [
        {
          id: "case-inconsistency",
          title: "Case inconsistency",
          severity: "critical",
          status: "failed",
          affectedSessions: 12.4,
          affectedShare: 0.1,
          findings: [{ key: "source:google", title: "x", values: [], affectedSessions: 12.4 }],
        },
        {
          id: "missing-utm-term",
          title: "Missing utm_term",
          severity: "info",
          status: "skipped",
          skippedReason: "needs sessionManualTerm",
          affectedSessions: 0,
          affectedShare: 0,
          findings: [],
        },
        {
          id: "placeholder-value",
          title: "Placeholder value",
          severity: "warning",
          status: "passed",
          affectedSessions: 0,
          affectedShare: 0,
          findings: [],
        },
      ],
    };
    const seeded = await app.database.db
      .insert(auditScans)
      .values([
        { dataSourceId: dataSource.id, status: "completed", report: stored },
        { dataSourceId: dataSource.id, status: "completed", report: { healthScore: 70 } },
        {
          dataSourceId: dataSource.id,
          status: "completed",
          report: { checks: [{ id: "case-inconsistency", status: "maybe" }] },
        },
        { dataSourceId: dataSource.id, status: "completed", report: sql`'"checks"'::jsonb` },
        { dataSourceId: dataSource.id, status: "completed", report: null },
        { dataSourceId: dataSource.id, status: "failed", report: stored },
      ])
      .returning({ id: auditScans.id });
    const [withChecks, ...withoutChecks] = seeded.map(({ id }) => id);
    if (!withChecks) throw new Error("scan insert returned no row");

    expect((await readScan(owner.cookie, withChecks)).checks).toEqual([
      {
        id: "case-inconsistency",
        title: "Case inconsistency",
        severity: "critical",
        status: "failed",
        skippedReason: null,
        affectedSessions: 12,
      },
      {
        id: "missing-utm-term",
        title: "Missing utm_term",
        severity: "info",
        status: "skipped",
        skippedReason: "needs sessionManualTerm",
        affectedSessions: 0,
      },
      {
        id: "placeholder-value",
        title: "Placeholder value",
        severity: "warning",
        status: "passed",
        skippedReason: null,
        affectedSessions: 0,
      },
    ]);
    for (const scanId of withoutChecks) {
      expect((await readScan(owner.cookie, scanId)).checks).toEqual([]);
    }
    // Lists stay lean: a scan's checks are read one scan at a time.
    const list = await app.server.inject({
      method: "GET",
      url: `/api/data-sources/${dataSource.id}/scans`,
      headers: { cookie: owner.cookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().scans[0]).not.toHaveProperty("checks");
  });

  it("answers 404 for another workspace's property and scans", async () => {
    const { owner, dataSource } = await connect("well-run-store");
    const [scan] = await app.database.db
      .insert(auditScans)
      .values({ dataSourceId: dataSource.id, status: "completed" })
      .returning();
    if (!scan) throw new Error("scan insert returned no row");
    const stranger = await newOwner();

    const start = await startAudit(stranger.cookie, dataSource.id);
    expect(start.statusCode).toBe(404);
    expect(start.json().error.code).toBe("NOT_FOUND");
    const read = await app.server.inject({
      method: "GET",
      url: `/api/scans/${scan.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(read.statusCode).toBe(404);
    const list = await app.server.inject({
      method: "GET",
      url: `/api/data-sources/${dataSource.id}/scans`,
      headers: { cookie: stranger.cookie },
    });
    expect(list.statusCode).toBe(404);

    const own = await readScan(owner.cookie, scan.id);
    expect(own.id).toBe(scan.id);
    const running = await app.database.db
      .select()
      .from(auditScans)
      .where(eq(auditScans.dataSourceId, dataSource.id));
    expect(running).toHaveLength(1);
  });

  it(
    "holds the property's values to its workspace's naming conventions",
    async () => {
      const { owner, dataSource } = await connect("well-run-store");
      const saved = await app.server.inject({
        method: "PUT",
        url: `/api/workspaces/${owner.workspaceId}/conventions`,
        headers: { cookie: owner.cookie },
        payload: { medium: { allowed: ["email"] } },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const scan = await auditToEnd(owner.cookie, dataSource.id);
      expect(scan.status).toBe("completed");
      const broken = (await storedIssues(dataSource.id)).filter(
        (issue) => issue.issueType === "naming-convention",
      );
      expect(broken.map((issue) => issue.findingKey)).toContain("medium:cpc");
      expect(broken.every((issue) => issue.findingKey.startsWith("medium:"))).toBe(true);
      expect(broken.find((issue) => issue.findingKey === "medium:cpc")?.title).toBe(
        "utm_medium 'cpc' is not one of 'email'",
      );
    },
    SCAN_TIMEOUT_MS,
  );
});
