/** GA4 Data API dimension names the engine reads (ga4-protocol.md §4). */
export const DIMENSIONS = [
  "sessionSource",
  "sessionMedium",
  "sessionCampaignName",
  "sessionDefaultChannelGroup",
  "sessionManualSource",
  "sessionManualMedium",
  "sessionManualCampaignName",
  "sessionManualCampaignId",
  "sessionManualTerm",
  "sessionManualAdContent",
  "landingPagePlusQueryString",
  "pageReferrer",
  "date",
] as const;

export type Dimension = (typeof DIMENSIONS)[number];

/**
 * The views of a property's sessions an audit reads, each from its own report: a report takes
 * at most 9 dimensions, and the engine reads 13 (ADR 013).
 * - `sessions`, the ledger: every session once, by its session dimensions. Totals, shares and
 *   the score come from it alone.
 * - `details`: the sessions that carry a utm_term, utm_content or utm_id, or a utm_source without
 *   a utm_campaign, by their manual dimensions and landing page.
 * - `referrers`: the sessions with a manual source or UTMs on the landing page, each once, under
 *   the page_referrer of its session_start event.
 * A source with the ledger only (a CSV of every column) gives every row to `sessions`, and every
 * check reads that.
 */
export const VIEWS = ["sessions", "details", "referrers"] as const;
export type View = (typeof VIEWS)[number];

/** The dimensions each view's report asks for (9 at most, Google's limit). */
export const VIEW_DIMENSIONS: Readonly<Record<View, readonly Dimension[]>> = {
  sessions: [
    "date",
    "sessionSource",
    "sessionMedium",
    "sessionCampaignName",
    "sessionDefaultChannelGroup",
    "sessionManualSource",
    "sessionManualMedium",
    "sessionManualCampaignName",
    "landingPagePlusQueryString",
  ],
  details: [
    "sessionSource",
    "sessionMedium",
    "sessionManualSource",
    "sessionManualMedium",
    "sessionManualCampaignName",
    "sessionManualCampaignId",
    "sessionManualTerm",
    "sessionManualAdContent",
    "landingPagePlusQueryString",
  ],
  referrers: [
    "pageReferrer",
    "landingPagePlusQueryString",
    "sessionSource",
    "sessionMedium",
    "sessionManualSource",
    "sessionManualMedium",
    "sessionManualCampaignName",
  ],
};

export const METRICS = ["sessions", "keyEvents"] as const;
export type Metric = (typeof METRICS)[number];

/** One row of a GA4 report: any subset of the dimensions, and its sessions. */
export type AuditRow = { readonly [D in Dimension]?: string } & {
  readonly sessions: number;
  readonly keyEvents?: number;
};

export type Severity = "critical" | "warning" | "info";
export const SEVERITIES: readonly Severity[] = ["critical", "warning", "info"];

export interface ResolutionGuide {
  whyItMatters: string;
  howToFix: string;
  exampleWrong: string;
  exampleCorrect: string;
  ga4DocumentationUrl: string;
}

/** The UTM parameters a marketer sets, and the GA4 dimensions that carry them. */
export type UtmParam = "source" | "medium" | "campaign" | "term" | "content" | "id";

/** Allowed values or a pattern for one parameter, defined by a workspace. */
export interface ParamConvention {
  allowed?: readonly string[];
  pattern?: string;
}
export type NamingConventions = Partial<Record<UtmParam, ParamConvention>>;

/** Distinct values seen per parameter by an earlier scan, for drift. */
export type PreviousValueSets = Partial<Record<UtmParam, readonly string[]>>;

export interface AuditContext {
  /** The site's own hosts, from the GA4 web data streams (e.g. "www.example.com"). */
  siteHosts: readonly string[];
  /** When the audit runs; the engine has no clock of its own. */
  now: Date;
  previousValues?: PreviousValueSets;
  conventions?: NamingConventions;
}

/** One distinct combination of dimension values, with the metrics of all rows that had it. */
export interface AggregatedRow {
  readonly values: { readonly [D in Dimension]?: string };
  sessions: number;
  keyEvents: number;
  /** Input rows folded into this one. */
  rows: number;
  /**
   * The row's number in its audit, set by `AuditData` (every view's rows numbered in one
   * sequence): findings keep these numbers rather than the rows.
   */
  id?: number;
}

/** A few rows that show a finding, as the person would see them in GA4. */
export interface ExampleRow {
  values: { [D in Dimension]?: string };
  sessions: number;
}

export interface Finding {
  /** Stable within the check: the same problem found again has the same key. */
  key: string;
  title: string;
  /** The offending values, as they appear in the data (redacted where they hold personal data). */
  values: string[];
  affectedSessions: number;
  examples: ExampleRow[];
  /** Overrides the check's default severity for this finding (e.g. critical on paid traffic). */
  severity?: Severity;
  /** The dimension the offending values were read from (utm_medium, or the session medium). */
  field?: Dimension;
  /**
   * Other findings that are the same problem on the same rows (another check's reason, or another
   * reason of this check), folded into this one: shown here, not on their own, and costed once.
   */
  alsoFound?: FoldedFinding[];
  /** Set when this finding is the same problem as another one and shown there instead. */
  foldedInto?: FindingRef;
}

/** A finding, named by its check and key. */
export interface FindingRef {
  checkId: string;
  key: string;
}

/** A finding folded into another, with its reason. */
export interface FoldedFinding extends FindingRef {
  title: string;
}

export type CheckStatus = "passed" | "failed" | "skipped";

export interface CheckResult {
  id: string;
  title: string;
  severity: Severity;
  status: CheckStatus;
  /** Why it was skipped: the inputs it needs that the data lacks. */
  skippedReason?: string;
  affectedSessions: number;
  /** affectedSessions / total sessions, 0-1. */
  affectedShare: number;
  /**
   * The share the score costs this check: its sessions less those already costed to a more
   * severe (or earlier) check's finding on the same field (`overlaps.ts`); 0 when every finding
   * is folded into another.
   */
  costedShare: number;
  findings: Finding[];
}

export interface AuditTotals {
  rows: number;
  distinctRows: number;
  sessions: number;
  keyEvents: number;
  dimensions: Dimension[];
  dateRange: { start: string; end: string } | null;
  /**
   * Sessions whose attribution GA4 hides: deleted by a data-deletion request (`(data deleted)`)
   * or folded into a row-limit `(other)` row. Context for the report, not a tagging finding.
   */
  hidden: { dataDeleted: number; rowLimit: number };
}

export interface AuditReport {
  healthScore: number;
  healthGrade: Grade;
  criticalIssuesCount: number;
  warningIssuesCount: number;
  passedChecksCount: number;
  skippedChecksCount: number;
  totals: AuditTotals;
  checks: CheckResult[];
}

export type Grade = "A+" | "A" | "B+" | "B" | "C" | "D" | "F";
