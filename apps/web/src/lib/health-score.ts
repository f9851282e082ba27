import type { Scan } from "@utmost/contracts";

/** The theme colours a score or grade is shown in (spec §9 "Thresholds and display"). */
export type HealthTone = "success" | "accent" | "warning" | "destructive";

/** Spec §9: score >= 80 success, >= 60 accent, >= 40 warning, else destructive. */
export function scoreTone(score: number): HealthTone {
  if (score >= 80) return "success";
  if (score >= 60) return "accent";
  if (score >= 40) return "warning";
  return "destructive";
}

/** Spec §9: A/A+ success, B/B+ accent, C warning, others destructive. */
export function gradeTone(grade: string): HealthTone {
  switch (grade) {
    case "A+":
    case "A":
      return "success";
    case "B+":
    case "B":
      return "accent";
    case "C":
      return "warning";
    default:
      return "destructive";
  }
}

export const HEALTH_TONE_TEXT: Record<HealthTone, string> = {
  success: "text-success",
  accent: "text-accent",
  warning: "text-warning",
  destructive: "text-destructive",
};

/** Spec §3: a scan without a score counts as 0, without a grade as F. */
export function scanHealth(scan: Pick<Scan, "healthScore" | "healthGrade">): {
  score: number;
  grade: string;
} {
  return { score: scan.healthScore ?? 0, grade: scan.healthGrade ?? "F" };
}
