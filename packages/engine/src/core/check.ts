import type { AuditData } from "./audit-data.ts";
import type { FindingCollector } from "./findings.ts";
import type { Dimension, ResolutionGuide, Severity, View } from "./types.ts";

/**
 * What a check needs from the data: each entry is satisfied when at least one of its
 * dimensions is present. A check whose needs are not met is skipped, never guessed.
 */
export type Requirement = Dimension | readonly Dimension[];

export interface CheckDefinition {
  /** Stable kebab-case id: a key in the database, the API and exports. */
  id: string;
  title: string;
  /** The default severity: a finding has it unless one of `severityWhen` applies. */
  severity: Severity;
  /**
   * The other severities a finding may take, and when (raised to critical on paid traffic,
   * lowered to info where harmless): what the docs say beside the default, so the docs and the
   * reports agree.
   */
  severityWhen?: readonly { severity: Severity; when: string }[];
  /** One or two sentences on what the check detects. */
  description: string;
  guide: ResolutionGuide;
  requires: readonly Requirement[];
  /**
   * The view whose rows the check reads and whose sessions it counts (ADR 013); the ledger,
   * `sessions`, unless said. A source without the view gives the check the ledger.
   */
  view?: View;
  /**
   * Checks whose findings this check's findings explain when both fall on the same rows (a
   * misspelled utm_soruce is why the source is missing): among findings of one severity, this
   * check's come first, so the symptom folds into the cause (`overlaps.ts`).
   */
  explains?: readonly string[];
  /** A reason to skip that is not about dimensions (no previous scan, no conventions). */
  skipUnless?: (data: AuditData) => string | undefined;
  /** Rewrites every value shown in example rows, for checks that find personal data. */
  redact?: (value: string) => string;
  run(data: AuditData, findings: FindingCollector): void;
}

export function defineCheck(check: CheckDefinition): CheckDefinition {
  return check;
}
