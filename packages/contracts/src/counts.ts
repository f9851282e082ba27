import { z } from "zod";
import type { IssueSeverity, IssueStatus } from "./issues.ts";
import type { CheckStatus } from "./scan-checks.ts";

/**
 * The one model of a property's counts (issue 22). Every screen, file and message that quotes
 * "critical issues", "warnings" or "passed checks" means exactly this, and the words below say
 * it to the user; change both together.
 *
 * - Critical, warning and info: the issues the audit found (its detections), by severity, that
 *   are active now. Muted and resolved issues are not counted; a resolved issue the audit found
 *   again is active again, so it counts, flagged as re-opened.
 * - Passed checks: the checks that ran on the property's data and found nothing, out of the
 *   checks that ran; a check the data could not feed is skipped and counts neither way.
 */
export const IssueCountsSchema = z.object({
  critical: z.number().int().nonnegative(),
  warning: z.number().int().nonnegative(),
  info: z.number().int().nonnegative(),
  /** critical + warning + info. */
  active: z.number().int().nonnegative(),
  /** Of the active ones, those resolved before and found again. */
  reopened: z.number().int().nonnegative(),
  /** Found by the audit but muted: not counted above. */
  muted: z.number().int().nonnegative(),
  /** Found by the audit but resolved since: not counted above. */
  resolved: z.number().int().nonnegative(),
  passedChecks: z.number().int().nonnegative(),
  /** Checks that ran: passed plus failed. */
  checksRun: z.number().int().nonnegative(),
  /** Checks the data could not feed. */
  checksSkipped: z.number().int().nonnegative(),
  /** Every check of the audit: run plus skipped. */
  checksTotal: z.number().int().nonnegative(),
});
export type IssueCounts = z.infer<typeof IssueCountsSchema>;

/** One issue the audit found, as far as counting goes. */
export interface CountedIssue {
  severity: IssueSeverity;
  status: IssueStatus;
  /** Resolved once, then found again. */
  reopened: boolean;
}

/** Counts an audit's detections and check outcomes (the definition above). */
export function countIssues(input: {
  issues: readonly CountedIssue[];
  checks: readonly { status: CheckStatus }[];
}): IssueCounts {
  const counts: IssueCounts = {
    critical: 0,
    warning: 0,
    info: 0,
    active: 0,
    reopened: 0,
    muted: 0,
    resolved: 0,
    passedChecks: 0,
    checksRun: 0,
    checksSkipped: 0,
    checksTotal: input.checks.length,
  };
  for (const issue of input.issues) {
    if (issue.status === "muted") counts.muted += 1;
    else if (issue.status === "resolved") counts.resolved += 1;
    else {
      counts[issue.severity] += 1;
      counts.active += 1;
      if (issue.reopened) counts.reopened += 1;
    }
  }
  for (const check of input.checks) {
    if (check.status === "skipped") counts.checksSkipped += 1;
    else {
      counts.checksRun += 1;
      if (check.status === "passed") counts.passedChecks += 1;
    }
  }
  return counts;
}

/** The definition as the user reads it, one click from every count (written once, here). */
export const COUNTS_DEFINITION = {
  title: "How these numbers are counted",
  items: [
    "Critical, Warnings and Info are the issues the latest completed audit found, by severity, that are still active.",
    "A resolved issue that the next audit finds again is active again: it is counted and marked Re-opened.",
    "Muted and resolved issues are not counted. The issue list's Status filter shows them, and they can be restored.",
    "Passed checks are the checks that ran on this property's data and found nothing, out of the checks that ran. A check the data could not feed (for example, no Google Ads data) is skipped and counts neither way.",
  ],
} as const;

/** `GET /api/data-sources/:dataSourceId/issue-counts`: null before the first completed audit. */
export const IssueCountsResponseSchema = z.object({
  scanId: z.uuid().nullable(),
  counts: IssueCountsSchema.nullable(),
});
export type IssueCountsResponse = z.infer<typeof IssueCountsResponseSchema>;
