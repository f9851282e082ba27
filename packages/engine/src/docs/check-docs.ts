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

export function renderCheckPage(check: CheckDefinition): string {
  const needs =
    check.requires.length > 0
      ? check.requires.map(requirementText).join("; ")
      : "nothing beyond `sessions`";
  return `# ${check.title}

\`${check.id}\` · ${SEVERITY_LABEL[check.severity]}

${check.description}

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
        `| [\`${check.id}\`](${check.id}.md) | ${check.title} | ${SEVERITY_LABEL[check.severity]} |`,
    )
    .join("\n");
  return `# Checks

Every check the audit runs, in report order. Each page says what the check detects, why it
matters and how to fix it. These pages are generated from the engine
(\`npm run generate:docs -w packages/engine\`); edit the check, not the page.

| check | title | default severity |
| --- | --- | --- |
${rows}
`;
}

/** Every file of docs/checks/, by file name. */
export function renderCheckDocs(checks: readonly CheckDefinition[]): Map<string, string> {
  const files = new Map<string, string>([["README.md", renderIndex(checks)]]);
  for (const check of checks) files.set(`${check.id}.md`, renderCheckPage(check));
  return files;
}
