import { type Issue, type IssueExample, IssueExampleSchema } from "@utmost/contracts";
import type { ListedIssueRow } from "./issues.repository.ts";

/** An issue row as the API shows it (IssueSchema): the guide's snake_case keys become camelCase. */
export function toIssue(row: ListedIssueRow): Issue {
  const guide = row.resolutionGuide;
  return {
    id: row.id,
    dataSourceId: row.dataSourceId,
    issueType: row.issueType,
    title: row.title,
    description: row.description,
    severity: row.severity,
    status: row.status,
    affectedSessionsCount: row.affectedSessionsCount,
    values: row.values,
    examples: examplesOf(row.examples),
    alsoFound: row.alsoFound,
    firstDetectedAt: row.firstDetectedAt.toISOString(),
    lastDetectedAt: row.lastDetectedAt.toISOString(),
    mutedAt: row.mutedAt?.toISOString() ?? null,
    mutedByUserId: row.mutedByUserId,
    muteReason: row.muteReason,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    reopened: row.status === "active" && row.reopenedAt !== null,
    foundByLatestAudit: row.foundByLatestAudit,
    resolutionGuide: {
      whyItMatters: guide.why_it_matters,
      howToFix: guide.how_to_fix,
      exampleWrong: guide.example_wrong,
      exampleCorrect: guide.example_correct,
      ga4DocumentationUrl: guide.ga4_documentation_url,
    },
  };
}

/**
 * The column holds whatever the engine reported; an example of another shape (an older engine)
 * is left out rather than failing the whole list.
 */
function examplesOf(stored: readonly unknown[]): IssueExample[] {
  return stored.flatMap((example) => {
    const parsed = IssueExampleSchema.safeParse(example);
    return parsed.success ? [parsed.data] : [];
  });
}
