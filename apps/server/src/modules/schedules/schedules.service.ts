import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { ScanStarter } from "../scans/scan-starter.ts";
import { dueSlot, effectiveFrequency, type ScheduleCandidate } from "./schedule-slots.ts";
import * as repo from "./schedules.repository.ts";

/**
 * Automated scans (spec §9; ADR 009): each tick starts a scan for every property whose slot has
 * come since its last scan. The tick is a function of the database and `now`, so tests drive it
 * with a fake clock instead of waiting for cron.
 */

/** Starts at most this many scans a tick; the rest are still due at the next one. */
export const MAX_SCANS_PER_TICK = 500;

export interface ScheduleDeps {
  db: Db;
  starter: ScanStarter;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

export interface TickResult {
  /** Properties whose scheduled scan this tick created. */
  started: string[];
  /** Properties whose slot a scan already running served (never two at once). */
  alreadyRunning: string[];
  /** Properties still due because the cap was reached or their scan could not be started. */
  deferred: string[];
}

export async function runScheduledScans(
  deps: ScheduleDeps,
  now: Date,
  options: { limit?: number } = {},
): Promise<TickResult> {
  const limit = options.limit ?? MAX_SCANS_PER_TICK;
  const due: { candidate: ScheduleCandidate; slot: Date }[] = [];
  for (const row of await repo.findScheduleCandidates(deps.db)) {
    const candidate: ScheduleCandidate = {
      dataSourceId: row.dataSourceId,
      createdAt: row.createdAt,
      frequency: effectiveFrequency(row.ownerPlan, row.scanFrequency, now),
      lastScheduledScanAt: row.lastScheduledScanAt,
      lastScanAt: row.lastScanAt,
    };
    const slot = dueSlot(candidate, now);
    if (slot) due.push({ candidate, slot });
  }
  // The longest waiting first, so a capped tick is fair.
  due.sort((a, b) => a.slot.getTime() - b.slot.getTime());

  const result: TickResult = { started: [], alreadyRunning: [], deferred: [] };
  for (const [index, { candidate, slot }] of due.entries()) {
    const id = candidate.dataSourceId;
    if (index >= limit) {
      result.deferred.push(id);
      continue;
    }
    if (!(await repo.claimSlot(deps.db, id, slot))) continue;
    try {
      const { created } = await deps.starter.start({
        dataSourceId: id,
        scanType: "scheduled",
        requestedByUserId: null,
      });
      (created ? result.started : result.alreadyRunning).push(id);
    } catch (error) {
      await repo.releaseSlot(deps.db, id, slot, candidate.lastScheduledScanAt);
      deps.logger.error({ dataSourceId: id, err: error }, "scheduled scan not started");
      result.deferred.push(id);
    }
  }
  if (due.length > 0) {
    deps.logger.info(
      {
        started: result.started.length,
        alreadyRunning: result.alreadyRunning.length,
        deferred: result.deferred.length,
      },
      "scheduled scans",
    );
  }
  return result;
}
