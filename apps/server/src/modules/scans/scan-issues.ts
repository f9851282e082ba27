import type { IssueExample, IssueReason } from "@utmost/contracts";
import { type AuditReport, type CheckDefinition, checks, type Severity } from "@utmost/engine";
import type { utmIssues } from "../../db/schema.ts";

/**
 * What a scan's report says about the property's issues (spec §3 utm_issues, §4): one record per
 * finding of a failed check, keyed by the check id and the finding's stable key.
 */

export interface IssueRecord {
  issueType: string;
  findingKey: string;
  title: string;
  description: string;
  severity: Severity;
  affectedSessionsCount: number;
  values: string[];
  examples: IssueExample[];
  alsoFound: IssueReason[];
  resolutionGuide: (typeof utmIssues.$inferInsert)["resolutionGuide"];
}

const CHECKS_BY_ID = new Map<string, CheckDefinition>(checks.map((check) => [check.id, check]));

export function issueRecords(report: AuditReport): IssueRecord[] {
  const records: IssueRecord[] = [];
  for (const result of report.checks) {
    if (result.status !== "failed") continue;
    const check = CHECKS_BY_ID.get(result.id);
    if (!check) throw new Error(`The report names an unknown check: ${result.id}`);
    for (const finding of result.findings) {
      // The same problem as another finding: that issue shows it as another reason.
      if (finding.foldedInto) continue;
      records.push({
        issueType: check.id,
        findingKey: finding.key,
        title: finding.title,
        description: check.description,
        // A finding may be raised (paid traffic) or lowered from its check's default severity.
        severity: finding.severity ?? check.severity,
        affectedSessionsCount: Math.round(finding.affectedSessions),
        values: finding.values,
        alsoFound: (finding.alsoFound ?? []).map((reason) => ({
          issueType: reason.checkId,
          title: reason.title,
        })),
        examples: finding.examples.map((example) => ({
          values: Object.fromEntries(
            Object.entries(example.values).filter(
              (entry): entry is [string, string] => entry[1] !== undefined,
            ),
          ),
          sessions: example.sessions,
        })),
        resolutionGuide: {
          why_it_matters: check.guide.whyItMatters,
          how_to_fix: check.guide.howToFix,
          example_wrong: check.guide.exampleWrong,
          example_correct: check.guide.exampleCorrect,
          ga4_documentation_url: check.guide.ga4DocumentationUrl,
        },
      });
    }
  }
  return records;
}

/**
 * The report kept on the scan (`audit_scans.report`): the engine's per-check results and totals,
 * without the example rows, which the issues hold.
 */
export function storedReport(report: AuditReport, fetch: Record<string, unknown>) {
  return {
    healthScore: report.healthScore,
    healthGrade: report.healthGrade,
    criticalIssuesCount: report.criticalIssuesCount,
    warningIssuesCount: report.warningIssuesCount,
    passedChecksCount: report.passedChecksCount,
    skippedChecksCount: report.skippedChecksCount,
    totals: report.totals,
    checks: report.checks.map((result) => ({
      ...result,
      findings: result.findings.map(({ examples: _examples, ...finding }) => finding),
    })),
    fetch,
  };
}
