import type { CheckDefinition, Requirement } from "../core/check.ts";

/**
 * The pages of docs/checks/, rendered from the checks' own metadata so the docs, the web app's
 * guides and the engine never disagree. Regenerate with `npm run generate:docs -w packages/engine`.
 */

const SEVERITY_LABEL = { critical: "Critical", warning: "Warning", info: "Info" } as const;

function requirementText(requirement: Requirement): string {
  return typeof requirement === "string"
    ? `\`${requirement}\``
    : requirement.map((d) => `\`${d}\``).join(" or ");
}

/** "Warning, or Critical": the default and every other severity a finding may take. */
export function severitySummary(check: CheckDefinition): string {
  const others = (check.severityWhen ?? []).map((rule) => SEVERITY_LABEL[rule.severity]);
  return [SEVERITY_LABEL[check.severity], ...others].join(", or ");
}

/** The severity a report gives the check's findings: "warning; critical when …". */
export function severityText(check: CheckDefinition): string {
  const rules = (check.severityWhen ?? []).map((rule) => `${rule.severity} when ${rule.when}`);
  return rules.length === 0
    ? `${check.severity}, for every finding.`
    : `${[check.severity, ...rules].join("; ")}.`;
}

/** The dimensions a check needs, in words. */
export function needsText(check: CheckDefinition): string {
  return check.requires.length > 0
    ? check.requires.map(requirementText).join("; ")
    : "nothing beyond `sessions`";
}

export function renderCheckPage(check: CheckDefinition): string {
  const needs = needsText(check);
  return `# ${check.title}

\`${check.id}\` · ${severitySummary(check)}

${check.description}

Severity: ${severityText(check)}

## Why it matters

${check.guide.whyItMatters}

## How to fix it

${check.guide.howToFix}

## Example

Wrong:

\`\`\`
${check.guide.exampleWrong}
\`\`\`

Correct:

\`\`\`
${check.guide.exampleCorrect}
\`\`\`

## Data it reads

GA4 dimensions: ${needs}. Without them the check is reported as skipped.

Google's documentation: ${check.guide.ga4DocumentationUrl}
`;
}

export function renderIndex(checks: readonly CheckDefinition[]): string {
  const rows = checks
    .map(
      (check) =>
        `| [\`${check.id}\`](${check.id}.md) | ${check.title} | ${severitySummary(check)} |`,
    )
    .join("\n");
  return `# Checks

Every check the audit runs, in report order. Each page says what the check detects, why it
matters and how to fix it. These pages are generated from the engine
(\`npm run generate:docs -w packages/engine\`); edit the check, not the page.

| check | title | severity |
| --- | --- | --- |
${rows}
`;
}

export const README_START = "<!-- checks:start -->";
export const README_END = "<!-- checks:end -->";

/**
 * The engine README's list of checks, between its markers: each check with its severities, the
 * view it reads (ADR 013) and the dimensions it needs.
 */
export function renderReadmeChecks(checks: readonly CheckDefinition[]): string {
  const rows = checks
    .map(
      (check) =>
        `| \`${check.id}\` | ${severitySummary(check)} | ${check.view ?? "sessions"} | ${needsText(check)} |`,
    )
    .join("\n");
  return `${README_START}
| check | severity | view | reads |
| --- | --- | --- | --- |
${rows}
${README_END}`;
}

/** `readme` with its list of checks replaced by the current one. */
export function withReadmeChecks(readme: string, checks: readonly CheckDefinition[]): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`the README has no ${README_START} section`);
  return (
    readme.slice(0, start) + renderReadmeChecks(checks) + readme.slice(end + README_END.length)
  );
}

/** Every file of docs/checks/, by file name. */
export function renderCheckDocs(checks: readonly CheckDefinition[]): Map<string, string> {
  const files = new Map<string, string>([["README.md", renderIndex(checks)]]);
  for (const check of checks) files.set(`${check.id}.md`, renderCheckPage(check));
  return files;
}
