import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { HistoryWindow, Scan, ScanDetail, ScanType } from "@utmost/contracts";
import { createAuditor, VIEW_DIMENSIONS } from "@utmost/engine";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import {
  createGoogleAdminClient,
  createGoogleDataClient,
  createGoogleOAuthClient,
  createGoogleSession,
  type GoogleTokens,
  type RetryOptions,
  type StoredGoogleTokens,
} from "../../integrations/google/index.ts";
import { AppError } from "../../lib/errors.ts";
import type { TokenCipher } from "../../lib/token-cipher.ts";
import {
  historyOf,
  historyWindowOf,
  requireWithinHistory,
  sinceParam,
} from "../billing/history-window.ts";
import { conventionsForScan } from "../conventions/conventions.service.ts";
import { type DataSourceRow, requireDataSource } from "../data-sources/data-sources.access.ts";
import type { GoogleSetup } from "../google/google-setup.ts";
import { checkpointTotals, createCheckpointStore } from "./scan-checkpoints.repository.ts";
import {
  authExpiredFailure,
  describeScanError,
  INTERRUPTED_FAILURE,
  quotaFailure,
  ScanFailure,
  type ScanFailureInfo,
} from "./scan-failure.ts";
import { fetchScanRows } from "./scan-fetch.ts";
import { issueRecords, storedReport } from "./scan-issues.ts";
import { dayNumber, isoDate, scanDateRange, windowDays } from "./scan-plan.ts";
import type { ScanStarter } from "./scan-starter.ts";
import { type ScanRow, toScan, toScanDetail } from "./scans.mapper.ts";
import * as repo from "./scans.repository.ts";

// ---- Starting and reading scans (the API side) ----

/** Puts a scan's job on the queue inside the transaction that created the scan. */
export type EnqueueScan = (tx: Db, job: { scanId: string }) => Promise<void>;

/**
 * The real ScanStarter: the running row and its job are written in one transaction, so neither
 * exists without the other. The partial unique index allows one running scan per property; a
 * start that meets one returns it instead.
 */
export function createScanStarter({ db, enqueue }: { db: Db; enqueue: EnqueueScan }): ScanStarter {
  return {
    async start({ dataSourceId, scanType, requestedByUserId }) {
      // The running scan found may finish between the insert and the read; then try again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const result = await db.transaction(async (tx) => {
          const id = randomUUID();
          const inserted = await repo.insertRunningScan(tx, {
            id,
            dataSourceId,
            scanType,
            requestedByUserId,
          });
          if (inserted) {
            await enqueue(tx, { scanId: id });
            return { row: inserted, created: true };
          }
          const running = await repo.findRunningScan(tx, dataSourceId);
          return running ? { row: running, created: false } : undefined;
        });
        if (result) return { scan: toScan(result.row), created: result.created };
      }
      throw new AppError("CONFLICT", "The audit could not be started. Please try again.");
    },
  };
}

export async function startAudit(
  db: Db,
  starter: ScanStarter,
  input: { dataSourceId: string; userId: string; scanType: ScanType },
): Promise<{ scan: Scan; created: boolean }> {
  const dataSource = await requireDataSource(db, input.dataSourceId, input.userId);
  if (dataSource.suspendedByPlanAt !== null) {
    throw new AppError(
      "PLAN_LIMIT_REACHED",
      "This analytics property is paused: the workspace owner's plan covers fewer properties. Upgrade the plan to audit it again.",
    );
  }
  return starter.start({
    dataSourceId: input.dataSourceId,
    scanType: input.scanType,
    requestedByUserId: input.userId,
  });
}

export async function getScan(db: Db, scanId: string, userId: string): Promise<ScanDetail> {
  const row = await repo.findScanForMember(db, scanId, userId);
  if (!row) throw new AppError("NOT_FOUND", "Scan not found");
  requireWithinHistory(await historyOf(db, row.dataSourceId), row.createdAt, "scan");
  return toScanDetail(row);
}

export async function listScans(
  db: Db,
  input: { dataSourceId: string; userId: string; limit: number },
): Promise<Scan[]> {
  const history = await historyOf(db, input.dataSourceId);
  const rows = await repo.listScans(
    db,
    input.dataSourceId,
    input.limit,
    sinceParam(history),
    input.userId,
  );
  // No scans yet, or not the caller's property (404): only then is it worth asking which.
  if (rows.length === 0) await requireDataSource(db, input.dataSourceId, input.userId);
  return rows.map(toScan);
}

/**
 * How far back the property's history reaches on its owner's plan, and whether older scans are
 * hidden: what the health report says under its date range and its trend (ADR 023).
 */
export async function historyWindow(
  db: Db,
  dataSourceId: string,
  userId: string,
): Promise<HistoryWindow> {
  await requireDataSource(db, dataSourceId, userId);
  return historyWindowOf(db, dataSourceId);
}

// ---- Running a scan (the worker side) ----

export interface ScanWorkerDeps {
  db: Db;
  /** Null when this deployment has no Google: every scan then fails with a clear message. */
  google: GoogleSetup | null;
  cipher: TokenCipher;
  /**
   * The audit's clock: the date range, the engine's `now` and token expiry. Stored timestamps
   * come from the database.
   */
  now: () => Date;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Retries of Google calls within one attempt; tests shorten the waits. */
  googleRetry?: RetryOptions;
  /** At most one progress write per this many milliseconds. */
  progressIntervalMs?: number;
  /** Told of each completed scan (its alerts, issue 7); it never throws, so it cannot fail one. */
  onScanCompleted?: (scanId: string) => Promise<void>;
}

export interface ScanAttempt {
  /** Aborted when pg-boss gives the job up (stopped, expired, heartbeat lost). */
  signal: AbortSignal;
  /** No retry follows this attempt. */
  finalAttempt: boolean;
  /**
   * How long a transient failure waits before it is handed back to the queue, which runs the
   * next attempt at once (run-scan.job.ts); 0 when not given.
   */
  retryWaitMs?: number;
}

/**
 * Runs one attempt of a scan. A permanent failure (a revoked grant, no access) is recorded at
 * once and the job ends; a transient one (Google unavailable, the database) throws, so the queue
 * retries it, and is recorded when no attempt is left.
 */
export async function runScan(
  deps: ScanWorkerDeps,
  scanId: string,
  attempt: ScanAttempt,
): Promise<void> {
  const target = await repo.findScanTarget(deps.db, scanId);
  // Finished, failed or deleted meanwhile (a retry of a job whose scan already completed).
  if (target?.scan.status !== "running") return;
  try {
    await performScan(deps, target.scan, target.dataSource, attempt.signal);
  } catch (error) {
    // The queue already gave this attempt up; whoever runs the next one finishes the scan.
    if (attempt.signal.aborted) throw error;
    const failure = describeScanError(error);
    if (failure.permanent || attempt.finalAttempt) {
      await recordFailure(deps, target.scan, failure, error);
      if (failure.permanent) return;
    } else {
      deps.logger.warn({ scanId, code: failure.code, err: error }, "scan attempt failed; retrying");
      // The backoff between attempts, with the job still claimed: pg-boss's stop ends it early.
      await sleep(attempt.retryWaitMs ?? 0, undefined, { signal: attempt.signal }).catch(() => {});
    }
    throw error;
  }
}

/** Dead-letter handler: the job ran out of attempts without the scan recording why. */
export async function failInterruptedScan(
  deps: Pick<ScanWorkerDeps, "db" | "logger">,
  scanId: string,
) {
  const target = await repo.findScanTarget(deps.db, scanId);
  if (target) await recordFailure(deps, target.scan, INTERRUPTED_FAILURE, undefined);
}

/**
 * Fails running scans older than `olderThan` whose job no longer exists or has ended: the last
 * guard that no scan row stays `running` forever (a job deleted by retention, a crash between
 * writes). `jobIsPending` answers whether the scan's job may still run.
 */
export async function sweepStuckScans(
  deps: Pick<ScanWorkerDeps, "db" | "logger">,
  input: { olderThan: Date; jobIsPending: (scanId: string) => Promise<boolean> },
): Promise<number> {
  let failed = 0;
  for (const scan of await repo.findRunningScansCreatedBefore(deps.db, input.olderThan)) {
    if (await input.jobIsPending(scan.id)) continue;
    if (await recordFailure(deps, scan, INTERRUPTED_FAILURE, undefined)) failed++;
  }
  return failed;
}

/** Fails the scan if it is still running; false when it was not. */
async function recordFailure(
  deps: Pick<ScanWorkerDeps, "db" | "logger">,
  scan: Pick<ScanRow, "id" | "dataSourceId">,
  failure: ScanFailureInfo,
  error: unknown,
): Promise<boolean> {
  const recorded = await repo.failScan(deps.db, {
    scanId: scan.id,
    dataSourceId: scan.dataSourceId,
    errorCode: failure.code,
    errorMessage: failure.message,
    deactivate: failure.deactivate,
  });
  if (!recorded) return false;
  const log = { scanId: scan.id, dataSourceId: scan.dataSourceId, code: failure.code };
  if (failure.permanent && failure.code !== INTERRUPTED_FAILURE.code) {
    deps.logger.info(log, `scan failed: ${failure.message}`);
  } else {
    deps.logger.error({ ...log, err: error }, `scan failed: ${failure.message}`);
  }
  return true;
}

const PROGRESS_STARTED = 2;
const PROGRESS_HOSTS_READ = 5;
const PROGRESS_FETCHED = 95;

/** The scan's progress once `fraction` of its range is read. */
function fetchProgress(fraction: number): number {
  return Math.floor(PROGRESS_HOSTS_READ + fraction * (PROGRESS_FETCHED - PROGRESS_HOSTS_READ));
}

async function performScan(
  deps: ScanWorkerDeps,
  scan: ScanRow,
  dataSource: DataSourceRow,
  signal: AbortSignal,
): Promise<void> {
  const { db, cipher } = deps;
  const google = deps.google;
  if (!google) {
    throw new ScanFailure({
      code: "GOOGLE_NOT_CONFIGURED",
      message: "Google Analytics is not configured on this server, so no property can be scanned.",
      permanent: true,
      deactivate: false,
    });
  }
  // A later attempt reads the range the first one chose, which its checkpoints cover, even
  // when it runs on another day.
  const range =
    scan.dateRangeStart && scan.dateRangeEnd
      ? { startDay: dayNumber(scan.dateRangeStart), endDay: dayNumber(scan.dateRangeEnd) }
      : scanDateRange(deps.now());
  // The scan's counters start from the windows earlier attempts finished, not from zero.
  const resumed = await checkpointTotals(db, scan.id);
  const startProgress =
    resumed.days > 0 ? fetchProgress(resumed.days / windowDays(range)) : PROGRESS_STARTED;
  const started = await repo.markScanStarted(db, scan.id, {
    dateRangeStart: isoDate(range.startDay),
    dateRangeEnd: isoDate(range.endDay),
    progress: startProgress,
    rowsFetched: resumed.rowsFetched,
    apiCallsMade: resumed.apiCalls,
  });
  if (!started) return;
  const checkpoints = createCheckpointStore(db, scan.id, {
    onDropped: (window, error) =>
      deps.logger.warn(
        { scanId: scan.id, window, err: error },
        "scan checkpoint unreadable; its window is fetched again",
      ),
  });

  const tokens = await openTokens(db, cipher, dataSource);
  const retry = deps.googleRetry;
  const oauth = createGoogleOAuthClient({
    endpoints: google.endpoints,
    clientId: google.client.clientId,
    clientSecret: google.client.clientSecret,
    now: deps.now,
    retry,
  });
  const session = createGoogleSession({
    oauth,
    tokens,
    now: deps.now,
    // Google may rotate the refresh token; the stored one must always be the latest.
    onTokensRefreshed: (fresh) => repo.saveDataSourceTokens(db, dataSource.id, seal(cipher, fresh)),
  });
  const clientOptions = { session, now: deps.now, retry };
  const admin = createGoogleAdminClient({
    ...clientOptions,
    baseUrl: google.endpoints.adminApiBaseUrl,
  });
  const data = createGoogleDataClient({
    ...clientOptions,
    baseUrl: google.endpoints.dataApiBaseUrl,
  });
  /** Requests this attempt made; those of the windows it resumed are counted apart. */
  const apiCalls = () => admin.apiCalls + data.apiCalls;

  const progress = createProgressWriter<Omit<repo.ScanProgress, "apiCallsMade">>(
    (value) =>
      repo.updateScanProgress(db, scan.id, {
        ...value,
        apiCallsMade: resumed.apiCalls + apiCalls(),
      }),
    deps.progressIntervalMs ?? 500,
    (error) => deps.logger.warn({ scanId: scan.id, err: error }, "scan progress not saved"),
  );
  let last = {
    progress: startProgress,
    rowsFetched: resumed.rowsFetched,
    isChunkedScan: false,
    chunkSizeDays: null as number | null,
  };
  const report = (changes: Partial<typeof last>) => {
    last = { ...last, ...changes };
    if (!signal.aborted) progress.report(last);
  };

  try {
    signal.throwIfAborted();
    const siteHosts = await admin.listWebStreamHosts(dataSource.ga4PropertyId);
    report({ progress: Math.max(last.progress, PROGRESS_HOSTS_READ) });

    const conventions = await conventionsForScan(db, dataSource.workspaceId);
    // Every view a scan reads (scan-plan.ts), with the dimensions its report asks for.
    const auditor = createAuditor({ siteHosts, now: deps.now(), conventions }, undefined, {
      views: VIEW_DIMENSIONS,
    });
    const fetched = await fetchScanRows({
      data,
      propertyId: dataSource.ga4PropertyId,
      range,
      rememberedChunkSizeDays: dataSource.chunkSizeDays,
      signal,
      sink: auditor,
      checkpoints,
      onProgress: (step) =>
        report({
          progress: fetchProgress(step.fraction),
          rowsFetched: step.rowsFetched,
          isChunkedScan: step.isChunkedScan,
          chunkSizeDays: step.chunkSizeDays,
        }),
      onChunkSize: (days) => repo.rememberChunkSize(db, dataSource.id, days),
    });
    await progress.flush();
    // Nothing to score: a score of 100 for no data would mislead.
    if (fetched.rowsFetched === 0 && fetched.quotaLimitHit) {
      throw quotaFailure(fetched.quotaWindow);
    }
    signal.throwIfAborted();

    const audit = auditor.finish();
    const completed = await repo.completeScan(db, {
      scanId: scan.id,
      dataSourceId: dataSource.id,
      scan: {
        healthScore: audit.healthScore,
        healthGrade: audit.healthGrade,
        criticalIssuesCount: audit.criticalIssuesCount,
        warningIssuesCount: audit.warningIssuesCount,
        passedChecksCount: audit.passedChecksCount,
        report: storedReport(audit, {
          siteHosts,
          daysFetched: fetched.daysFetched,
          daysWithOtherRow: fetched.daysWithOtherRow,
          resumedDays: fetched.resumedDays,
          sampling: fetched.sampling,
          thresholded: fetched.thresholded,
        }),
        rowsFetched: fetched.rowsFetched,
        apiCallsMade: fetched.resumedApiCalls + apiCalls(),
        isChunkedScan: fetched.isChunkedScan,
        chunkSizeDays: fetched.chunkSizeDays,
        isComplete: fetched.isComplete,
        quotaLimitHit: fetched.quotaLimitHit,
        // Alongside isComplete (every day read): whether what was read is exact.
        isSampled: fetched.sampling !== null,
        samplesReadCount: fetched.sampling?.samplesReadCount ?? null,
        samplingSpaceSize: fetched.sampling?.samplingSpaceSize ?? null,
        isThresholded: fetched.thresholded,
      },
      issues: issueRecords(audit),
    });
    if (completed) {
      deps.logger.info(
        {
          scanId: scan.id,
          rowsFetched: fetched.rowsFetched,
          apiCalls: fetched.resumedApiCalls + apiCalls(),
          healthScore: audit.healthScore,
          complete: fetched.isComplete,
        },
        "scan completed",
      );
      await deps.onScanCompleted?.(scan.id);
    }
  } finally {
    await progress.flush();
  }
}

/** The property's stored grant, opened; a grant that cannot be used needs a reconnect. */
async function openTokens(
  db: Db,
  cipher: TokenCipher,
  dataSource: DataSourceRow,
): Promise<StoredGoogleTokens> {
  const sealedAccess = dataSource.accessTokenEncrypted;
  const sealedRefresh = dataSource.refreshTokenEncrypted;
  if (!sealedAccess) throw authExpiredFailure();
  const tokens: StoredGoogleTokens = {
    accessToken: cipher.decrypt(sealedAccess),
    refreshToken: sealedRefresh ? cipher.decrypt(sealedRefresh) : undefined,
    // Unknown expiry: refresh before the first call rather than meet a 401.
    expiresAt: dataSource.tokenExpiresAt ?? new Date(0),
    scopes: new Set(dataSource.tokenScopes?.split(" ").filter(Boolean) ?? []),
  };
  // After an APP_SECRET rotation, values sealed with the previous key are sealed again.
  if (cipher.needsReseal(sealedAccess) || (sealedRefresh && cipher.needsReseal(sealedRefresh))) {
    await repo.saveDataSourceTokens(
      db,
      dataSource.id,
      seal(cipher, { ...tokens, scopes: tokens.scopes ?? new Set() }),
    );
  }
  return tokens;
}

function seal(cipher: TokenCipher, tokens: GoogleTokens) {
  return {
    accessTokenEncrypted: cipher.encrypt(tokens.accessToken),
    refreshTokenEncrypted: tokens.refreshToken ? cipher.encrypt(tokens.refreshToken) : null,
    tokenExpiresAt: tokens.expiresAt,
    tokenScopes: tokens.scopes.size > 0 ? [...tokens.scopes].sort().join(" ") : null,
  };
}

interface ProgressWriter<T> {
  /** Saves `value` unless a save ran in the last interval or is still running. */
  report(value: T): void;
  /** Waits for a save in flight. */
  flush(): Promise<void>;
}

function createProgressWriter<T>(
  write: (value: T) => Promise<void>,
  intervalMs: number,
  onError: (error: unknown) => void,
): ProgressWriter<T> {
  let lastWrite = 0;
  let inFlight: Promise<void> | undefined;
  return {
    report(value) {
      const now = Date.now();
      if (inFlight || now - lastWrite < intervalMs) return;
      lastWrite = now;
      inFlight = write(value)
        .catch(onError)
        .finally(() => {
          inFlight = undefined;
        });
    },
    async flush() {
      await inFlight;
    },
  };
}
