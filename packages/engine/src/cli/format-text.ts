import type { AuditReport, CheckResult, View } from "../core/types.ts";

const FINDINGS_SHOWN = 5;

/**
 * A report a person reads in a terminal: the score, then one line per check, then findings.
 * `views`, the views read and how many files gave each, are named when there are several.
 */
export function formatText(
  report: AuditReport,
  views: readonly { view: View; files: number }[] = [],
): string {
  const { totals } = report;
  const lines: string[] = [];
  lines.push(`Health score ${report.healthScore}/100, grade ${report.healthGrade}`);
  lines.push(
    `${report.criticalIssuesCount} critical, ${report.warningIssuesCount} warnings, ` +
      `${report.passedChecksCount} passed, ${report.skippedChecksCount} skipped`,
  );
  const range = totals.dateRange ? `, ${totals.dateRange.start} to ${totals.dateRange.end}` : "";
  lines.push(
    `${formatNumber(totals.sessions)} sessions in ${formatNumber(totals.rows)} rows ` +
      `(${formatNumber(totals.distinctRows)} distinct)${range}`,
  );
  if (views.length > 1) {
    const named = views.map(({ view, files }) => (files > 1 ? `${view} (${files} files)` : view));
    lines.push(`Views: ${named.join(", ")}`);
  }
  lines.push("");

  const ordered = [...report.checks].sort(byStatusThenImpact);
  const idWidth = Math.max(5, ...ordered.map((c) => c.id.length));
  lines.push(
    `${pad("STATUS", 8)}${pad("SEVERITY", 10)}${pad("CHECK", idWidth + 2)}${padStart("SESSIONS", 10)}${padStart("SHARE", 8)}`,
  );
  for (const check of ordered) {
    const sessions = check.status === "failed" ? formatNumber(check.affectedSessions) : "";
    const share = check.status === "failed" ? `${(check.affectedShare * 100).toFixed(1)}%` : "";
    const status =
      check.status === "skipped" ? `skipped (${check.skippedReason ?? ""})` : check.status;
    lines.push(
      `${pad(check.status, 8)}${pad(check.severity, 10)}${pad(check.id, idWidth + 2)}${padStart(sessions, 10)}${padStart(share, 8)}` +
        (check.status === "skipped" ? `  ${status.slice("skipped ".length)}` : ""),
    );
  }

  for (const check of ordered.filter((c) => c.status === "failed")) {
    lines.push("", `${check.id}: ${check.title}`);
    for (const finding of check.findings.slice(0, FINDINGS_SHOWN)) {
      lines.push(`  - ${finding.title} (${formatNumber(finding.affectedSessions)} sessions)`);
    }
    const more = check.findings.length - FINDINGS_SHOWN;
    if (more > 0) lines.push(`  … and ${more} more`);
  }
  return `${lines.join("\n")}\n`;
}

const STATUS_ORDER = { failed: 0, passed: 1, skipped: 2 } as const;
const SEVERITY_ORDER = { critical: 0, warning: 1, info: 2 } as const;

function byStatusThenImpact(a: CheckResult, b: CheckResult): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
    b.affectedSessions - a.affectedSessions ||
    (a.id < b.id ? -1 : 1)
  );
}

function formatNumber(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

function pad(value: string, width: number): string {
  return value.length >= width ? `${value} ` : value.padEnd(width);
}

function padStart(value: string, width: number): string {
  return value.padStart(width);
}
