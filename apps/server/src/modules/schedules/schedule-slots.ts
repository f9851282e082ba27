import { createHash } from "node:crypto";
import {
  PLAN_SCAN_FREQUENCIES,
  type ScanFrequency,
  type SubscriptionTier,
} from "@utmost/contracts";
import { effectiveTier, type PlanStanding } from "../billing/plan-standing.ts";

/**
 * When a property's automated scans are due (spec §9; ADR 009). Every property has one slot per
 * period at an offset taken from a hash of its id, so properties spread over the day, week or
 * month and each keeps its slot across restarts and workers. All times are UTC.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WEEK_MS = 7 * DAY_MS;
/** Monthly slots fall in the first 28 days, so every month has one. */
const MONTH_SPREAD_MS = 28 * DAY_MS;
/** Slots are whole minutes: finer spread buys nothing against a 15-minute tick. */
const SLOT_STEP_MS = MINUTE_MS;

/**
 * The tier whose cadences apply at `now`, and those cadences, the default first. A paid plan
 * whose payment failed keeps its cadence through the 7 days' grace (`effectiveTier`).
 */
export function offeredFrequencies(
  plan: PlanStanding | null,
  now: Date,
): { tier: SubscriptionTier; offered: readonly ScanFrequency[] } {
  const tier = effectiveTier(plan, now);
  return { tier, offered: PLAN_SCAN_FREQUENCIES[tier] };
}

/** The plan's cadence: the stored choice when the plan offers it, else the plan's default. */
export function effectiveFrequency(
  plan: PlanStanding | null,
  chosen: ScanFrequency | null,
  now: Date,
): ScanFrequency {
  const { tier, offered } = offeredFrequencies(plan, now);
  if (chosen && offered.includes(chosen)) return chosen;
  const [planDefault] = offered;
  if (!planDefault) throw new Error(`The ${tier} plan offers no scan frequency`);
  return planDefault;
}

/** The property's offset into each period, from a stable hash of its id. */
export function slotOffsetMs(dataSourceId: string, frequency: ScanFrequency): number {
  const hash = createHash("sha256").update(dataSourceId).digest().readUInt32BE(0);
  const span = frequency === "daily" ? DAY_MS : frequency === "weekly" ? WEEK_MS : MONTH_SPREAD_MS;
  return (hash % (span / SLOT_STEP_MS)) * SLOT_STEP_MS;
}

/** The latest slot of the property at or before `now`. */
export function latestSlot(dataSourceId: string, frequency: ScanFrequency, now: Date): Date {
  const offset = slotOffsetMs(dataSourceId, frequency);
  const start = periodStart(frequency, now.getTime());
  const slot = start + offset;
  if (slot <= now.getTime()) return new Date(slot);
  return new Date(periodStart(frequency, start - 1) + offset);
}

/** The property's first slot after `now`. */
export function nextSlot(dataSourceId: string, frequency: ScanFrequency, now: Date): Date {
  // Slots are at least a day apart, so stepping a day at a time meets the next one first.
  for (let day = 1; day <= 32; day++) {
    const slot = latestSlot(dataSourceId, frequency, new Date(now.getTime() + day * DAY_MS));
    if (slot.getTime() > now.getTime()) return slot;
  }
  throw new Error(`no ${frequency} slot within 32 days`);
}

/** The start of the period holding `time`: midnight, Monday midnight, or the 1st at midnight. */
function periodStart(frequency: ScanFrequency, time: number): number {
  const dayStart = Math.floor(time / DAY_MS) * DAY_MS;
  if (frequency === "daily") return dayStart;
  if (frequency === "weekly") {
    // Day 0 of the epoch was a Thursday, 3 days after a Monday.
    const sinceMonday = (Math.floor(time / DAY_MS) + 3) % 7;
    return dayStart - sinceMonday * DAY_MS;
  }
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export interface ScheduleCandidate {
  dataSourceId: string;
  /** When the property was connected: no slot before it is owed. */
  createdAt: Date;
  frequency: ScanFrequency;
  /** The slot the last automated scan served. */
  lastScheduledScanAt: Date | null;
  /** The newest scan of the property of any kind (Run Audit, connect, scheduled). */
  lastScanAt: Date | null;
}

/**
 * The slot the property is owed at `now`, or null: its latest slot, unless that slot came before
 * the property was connected, was already served, or a scan of any kind started since.
 */
export function dueSlot(candidate: ScheduleCandidate, now: Date): Date | null {
  const slot = latestSlot(candidate.dataSourceId, candidate.frequency, now);
  const covered = [candidate.lastScheduledScanAt, candidate.lastScanAt];
  if (slot < candidate.createdAt) return null;
  if (covered.some((time) => time !== null && time >= slot)) return null;
  return slot;
}
