import type { Grade, Severity } from "../core/types.ts";

/**
 * The health score (README "Score and grade"): 100 minus a penalty per failed check. A check's
 * penalty grows with its severity and with the square root of the share of sessions it touches,
 * so the first few percent of broken traffic cost the most. Info findings together cost at most
 * 5 points, so a property without warnings or critical issues keeps an A+.
 */

export interface ScoredCheck {
  id: string;
  severity: Severity;
  /** Share of sessions affected, 0-1. */
  affectedShare: number;
}

const PENALTY: Record<Severity, { base: number; span: number }> = {
  critical: { base: 6, span: 24 },
  warning: { base: 2, span: 10 },
  info: { base: 0.5, span: 2 },
};
const INFO_PENALTY_CAP = 5;

/** A critical problem on this share of sessions or more caps the grade at B. */
export const CRITICAL_CAP_SHARE = 0.1;
export const CRITICAL_CAP_SCORE = 84;
/** Unassigned traffic at this share or more caps the grade at C. */
export const UNASSIGNED_CAP_SHARE = 0.2;
export const UNASSIGNED_CAP_SCORE = 79;
export const UNASSIGNED_CHECK_ID = "unassigned-traffic";

export function checkPenalty(check: ScoredCheck): number {
  const share = Math.min(1, Math.max(0, check.affectedShare));
  const { base, span } = PENALTY[check.severity];
  return base + span * Math.sqrt(share);
}

export function healthScore(failed: readonly ScoredCheck[]): number {
  let penalty = 0;
  let infoPenalty = 0;
  let cap = 100;
  for (const check of failed) {
    if (check.severity === "info") infoPenalty += checkPenalty(check);
    else penalty += checkPenalty(check);
    if (check.severity === "critical" && check.affectedShare >= CRITICAL_CAP_SHARE) {
      cap = Math.min(cap, CRITICAL_CAP_SCORE);
    }
    if (check.id === UNASSIGNED_CHECK_ID && check.affectedShare >= UNASSIGNED_CAP_SHARE) {
      cap = Math.min(cap, UNASSIGNED_CAP_SCORE);
    }
  }
  penalty += Math.min(infoPenalty, INFO_PENALTY_CAP);
  const score = Math.max(0, Math.min(cap, 100 - penalty));
  return Math.floor(score);
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
