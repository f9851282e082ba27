import { checks as registeredChecks } from "../checks/index.ts";
import { healthGrade, healthScore } from "../scoring/score.ts";
import { AuditData } from "./audit-data.ts";
import type { CheckDefinition, Requirement } from "./check.ts";
import { FindingCollector } from "./findings.ts";
import { GroupTable } from "./group-table.ts";
import {
  type AggregatedRow,
  type AuditContext,
  type AuditReport,
  type AuditRow,
  type CheckResult,
  DIMENSIONS,
  type Dimension,
  SEVERITIES,
} from "./types.ts";

/**
 * Every dimension but `date` keys the aggregation; dates only give the range. The order is the
 * order of the `table.set` calls in `add`.
 */
export const KEY_DIMENSIONS = [
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
] as const satisfies readonly Exclude<Dimension, "date">[];

export class InvalidRowError extends Error {}

export interface Auditor {
  add(row: AuditRow): void;
  finish(): AuditReport;
}

/**
 * A streaming audit: rows are folded into distinct combinations as they arrive, so memory grows
 * with distinct values, not rows; `finish` runs every check over the combinations.
 */
export function createAuditor(
  context: AuditContext,
  checks: readonly CheckDefinition[] = registeredChecks,
): Auditor {
  const table = new GroupTable(KEY_DIMENSIONS.length);
  const groups: AggregatedRow[] = [];
  const present = new Set<Dimension>();
  let rowCount = 0;
  let keyEvents = 0;
  let minDate: string | null = null;
  let maxDate: string | null = null;
  let finished = false;

  return {
    add(row) {
      if (finished) throw new Error("the audit has finished");
      const sessions = row.sessions;
      if (typeof sessions !== "number" || !Number.isFinite(sessions) || sessions < 0) {
        throw new InvalidRowError(
          `sessions must be a number of 0 or more, got ${String(sessions)}`,
        );
      }
      const events = row.keyEvents ?? 0;
      if (typeof events !== "number" || !Number.isFinite(events) || events < 0) {
        throw new InvalidRowError(`keyEvents must be a number of 0 or more, got ${String(events)}`);
      }
      rowCount += 1;
      keyEvents += events;

      const date = row.date;
      if (date !== undefined) {
        present.add("date");
        if (minDate === null || date < minDate) minDate = date;
        if (maxDate === null || date > maxDate) maxDate = date;
      }

      // Explicit property reads: rows of one source share a shape, so each read stays monomorphic.
      table.set(0, row.sessionSource);
      table.set(1, row.sessionMedium);
      table.set(2, row.sessionCampaignName);
      table.set(3, row.sessionDefaultChannelGroup);
      table.set(4, row.sessionManualSource);
      table.set(5, row.sessionManualMedium);
      table.set(6, row.sessionManualCampaignName);
      table.set(7, row.sessionManualCampaignId);
      table.set(8, row.sessionManualTerm);
      table.set(9, row.sessionManualAdContent);
      table.set(10, row.landingPagePlusQueryString);
      table.set(11, row.pageReferrer);
      const known = groups.length;
      const index = table.find();
      if (index < known) {
        const group = groups[index] as AggregatedRow;
        group.sessions += sessions;
        group.keyEvents += events;
        group.rows += 1;
        return;
      }
      const values: { [D in Dimension]?: string } = {};
      for (const dimension of KEY_DIMENSIONS) {
        const value = row[dimension];
        if (value !== undefined) {
          values[dimension] = value;
          present.add(dimension);
        }
      }
      groups.push({ values, sessions, keyEvents: events, rows: 1 });
    },

    finish() {
      finished = true;
      const rows = groups;
      const data = new AuditData(rows, present, context);
      const results = checks.map((check) => runCheck(check, data));
      const failed = results.filter((result) => result.status === "failed");
      const score = healthScore(
        failed.map((r) => ({ id: r.id, severity: r.severity, affectedShare: r.affectedShare })),
      );
      return {
        healthScore: score,
        healthGrade: healthGrade(score),
        criticalIssuesCount: failed.filter((r) => r.severity === "critical").length,
        warningIssuesCount: failed.filter((r) => r.severity === "warning").length,
        passedChecksCount: results.filter((r) => r.status === "passed").length,
        skippedChecksCount: results.filter((r) => r.status === "skipped").length,
        totals: {
          rows: rowCount,
          distinctRows: rows.length,
          sessions: data.totalSessions,
          keyEvents,
          dimensions: DIMENSIONS.filter((dimension) => present.has(dimension)),
          dateRange: minDate !== null && maxDate !== null ? { start: minDate, end: maxDate } : null,
        },
        checks: results,
      };
    },
  };
}

/** Audits a whole array of rows at once. */
export function audit(rows: Iterable<AuditRow>, context: AuditContext): AuditReport {
  const auditor = createAuditor(context);
  for (const row of rows) auditor.add(row);
  return auditor.finish();
}

function missingRequirement(requirement: Requirement, data: AuditData): string | undefined {
  const options = typeof requirement === "string" ? [requirement] : requirement;
  return options.some((dimension) => data.has(dimension)) ? undefined : options.join(" or ");
}

export function runCheck(check: CheckDefinition, data: AuditData): CheckResult {
  const base = { id: check.id, title: check.title, severity: check.severity };
  const missing = check.requires
    .map((requirement) => missingRequirement(requirement, data))
    .filter((reason): reason is string => reason !== undefined);
  const skip =
    data.totalSessions === 0
      ? "no sessions to audit"
      : missing.length > 0
        ? `needs ${missing.join(", ")}`
        : check.skipUnless?.(data);
  if (skip) {
    return {
      ...base,
      status: "skipped",
      skippedReason: skip,
      affectedSessions: 0,
      affectedShare: 0,
      findings: [],
    };
  }
  const collector = new FindingCollector(check.redact);
  check.run(data, collector);
  const findings = collector.findings();
  const affectedSessions = collector.affectedSessions();
  // The check reports at the highest severity among its findings, each finding at its own
  // (raised to critical on paid traffic, lowered to info where harmless) or the default.
  const severity =
    findings.length === 0
      ? check.severity
      : (SEVERITIES.find((level) =>
          findings.some((f) => (f.severity ?? check.severity) === level),
        ) ?? check.severity);
  return {
    ...base,
    severity,
    status: findings.length > 0 ? "failed" : "passed",
    affectedSessions,
    affectedShare: data.share(affectedSessions),
    findings,
  };
}
