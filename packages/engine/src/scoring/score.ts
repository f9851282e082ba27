import type { Grade, Severity } from "../core/types.ts";

/**
 * The health score (README "Score and grade", issue 20). Every failed check costs a whole point,
 * so fixing any one problem raises the score; on top of that, each failed check adds an excess
 * that grows with its severity and the share of sessions it touches, and the summed excess is
 * compressed by a curve that never reaches EXCESS_CEILING, so the score never falls to 0 while a
 * fix can still raise it. The caps of the grade (a wide critical issue is a B at best, wide
 * Unassigned traffic a C at best) follow from the excess, not from a min() that would flatten
 * every score below it.
 */

export interface ScoredCheck {
  id: string;
  severity: Severity;
  /** Share of sessions affected, 0-1. */
  affectedShare: number;
}

/**
 * At least the number of registered checks (score.test.ts pins it), with room for a few more: the
 * score is 1 or more however many of them fail. Raising it shrinks EXCESS_CEILING, which moves
 * every score with a large excess.
 */
export const MAX_CHECKS = 50;
/** What the summed excess can cost at most: 99 − MAX_CHECKS, so 100 − every check − it ≥ 1. */
export const EXCESS_CEILING = 99 - MAX_CHECKS;

/** Excess per failed check: base + span × √share. The first percent of traffic costs the most. */
const EXCESS: Record<Severity, { base: number; span: number }> = {
  critical: { base: 5, span: 40 },
  warning: { base: 1, span: 10 },
  // Info findings are hints: each costs its whole point and nothing more.
  info: { base: 0, span: 0 },
};

/**
 * Traffic in the Unassigned channel is missing from every channel report, so it costs more per
 * session: 125 × share on top of its severity's excess. At 20% of sessions that alone holds the
 * score at 79 or less (grade C at best), whatever the check's severity.
 */
export const UNASSIGNED_CHECK_ID = "unassigned-traffic";
const UNASSIGNED_SPAN = 125;

/** The share of sessions a failed check touches, read as 0-1 (a missing share costs nothing). */
function shareOf(check: ScoredCheck): number {
  // Stryker disable next-line EqualityOperator: a share of 0 costs 0 either way
  return check.affectedShare > 0 ? Math.min(1, check.affectedShare) : 0;
}

/** One failed check's excess, before compression: 0 or more. */
export function checkExcess(check: ScoredCheck): number {
  const share = shareOf(check);
  const { base, span } = EXCESS[check.severity];
  const unassigned = check.id === UNASSIGNED_CHECK_ID ? UNASSIGNED_SPAN * share : 0;
  return base + span * Math.sqrt(share) + unassigned;
}

/**
 * The points a summed excess costs: R × (1 − e^(−E / R)) with R = EXCESS_CEILING. Close to E
 * while E is small (one problem costs what its formula says), then flattening, always below R.
 */
export function compressedExcess(excess: number): number {
  return EXCESS_CEILING * -Math.expm1(-excess / EXCESS_CEILING);
}

/** 100 − one point per failed check − ⌈compressed summed excess⌉, from 1 to 100. */
export function healthScore(failed: readonly ScoredCheck[]): number {
  // Stryker disable next-line ConditionalExpression: a shortcut: no check, no excess
  if (failed.length === 0) return 100;
  let excess = 0;
  for (const check of failed) excess += checkExcess(check);
  const score = 100 - failed.length - Math.ceil(compressedExcess(excess));
  // Only reached with more failed checks than MAX_CHECKS, which the registry cannot produce.
  return Math.max(1, score);
}

/** Grade bands: A+ 95-100, A 90-94, B+ 85-89, B 80-84, C 70-79, D 60-69, F below 60. */
export function healthGrade(score: number): Grade {
  if (score >= 95) return "A+";
  if (score >= 90) return "A";
  if (score >= 85) return "B+";
  if (score >= 80) return "B";
  if (score >= 70) return "C";
  if (score >= 60) return "D";
  return "F";
}
