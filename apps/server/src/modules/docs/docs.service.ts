import type { DocsCheck } from "@utmost/contracts";
import { type CheckDefinition, checks } from "@utmost/engine";
import { AppError } from "../../lib/errors.ts";

/**
 * The public docs read the engine's own check metadata, so a check page and the guide on an
 * issue found by that check never disagree (issue 9; the web app may not import the engine).
 */
function toDocsCheck(check: CheckDefinition): DocsCheck {
  return {
    id: check.id,
    title: check.title,
    severity: check.severity,
    severityWhen: (check.severityWhen ?? []).map((rule) => ({ ...rule })),
    description: check.description,
    guide: { ...check.guide },
  };
}

export function listDocsChecks(): DocsCheck[] {
  return checks.map(toDocsCheck);
}

export function getDocsCheck(checkId: string): DocsCheck {
  const check = checks.find((candidate) => candidate.id === checkId);
  if (!check) throw new AppError("NOT_FOUND", "No check has this id");
  return toDocsCheck(check);
}
