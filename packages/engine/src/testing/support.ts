import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { vi } from "vitest";
import { AuditData } from "../core/audit-data.ts";
import { createAuditor, InvalidRowError, runCheck } from "../core/auditor.ts";
import type { CheckDefinition } from "../core/check.ts";
import {
  type AggregatedRow,
  type AuditContext,
  type AuditRow,
  type CheckResult,
  DIMENSIONS,
  type Dimension,
  type Finding,
} from "../core/types.ts";

export const NOW = new Date("2026-11-20T12:00:00Z");

/** A context with the site's host www.example.com unless told otherwise. */
export function context(overrides: Partial<AuditContext> = {}): AuditContext {
  return { siteHosts: ["www.example.com"], now: NOW, ...overrides };
}

/**
 * Aggregates rows the way the auditor does (without dates) and runs one check on them, as rows
 * given as objects; and runs it through the auditor too, on the same rows kept as columns (the
 * way every audit runs, ADR 032), failing when the two differ in anything but what resolving
 * overlaps adds: every check test is then a test of both readings.
 */
export function runOn(
  check: CheckDefinition,
  rows: readonly AuditRow[],
  overrides: Partial<AuditContext> = {},
): CheckResult {
  const groups = new Map<string, AggregatedRow>();
  const present = new Set<Dimension>();
  for (const row of rows) {
    const values: { [D in Dimension]?: string } = {};
    for (const dimension of DIMENSIONS) {
      const value = row[dimension];
      if (value !== undefined && dimension !== "date") values[dimension] = value;
      if (value !== undefined) present.add(dimension);
    }
    const key = JSON.stringify(values);
    const group = groups.get(key);
    if (group) {
      group.sessions += row.sessions;
      group.keyEvents += row.keyEvents ?? 0;
      group.rows += 1;
    } else {
      groups.set(key, { values, sessions: row.sessions, keyEvents: row.keyEvents ?? 0, rows: 1 });
    }
  }
  const result = runCheck(check, new AuditData([...groups.values()], present, context(overrides)));
  const stored = storedResult(check, rows, overrides);
  if (stored && !isDeepStrictEqual(withoutOverlaps(stored), withoutOverlaps(result))) {
    throw new Error(
      `${check.id} finds otherwise in rows kept as columns: ${JSON.stringify(withoutOverlaps(stored))} against ${JSON.stringify(withoutOverlaps(result))}`,
    );
  }
  return result;
}

/** `check` run by the auditor on `rows`; undefined when the auditor refuses a row. */
function storedResult(
  check: CheckDefinition,
  rows: readonly AuditRow[],
  overrides: Partial<AuditContext>,
): CheckResult | undefined {
  try {
    return audited(check, rows, overrides);
  } catch (error) {
    if (error instanceof InvalidRowError) return undefined;
    throw error;
  }
}

/** `check`'s result when the auditor runs it on `rows`, kept as columns (ADR 032). */
export function audited(
  check: CheckDefinition,
  rows: readonly AuditRow[],
  overrides: Partial<AuditContext> = {},
): CheckResult {
  const auditor = createAuditor(context(overrides), [check]);
  for (const row of rows) auditor.add(row);
  return auditor.finish().checks[0] as CheckResult;
}

/**
 * What `read` gives, failing when it reads any view's `rows` (every row made an object): for a
 * check that must read rows by value id.
 */
export function withoutRowObjects<T>(read: () => T): T {
  const rowsRead = vi.spyOn(AuditData.prototype, "rows", "get");
  try {
    const result = read();
    if (rowsRead.mock.calls.length > 0) throw new Error("every row was made an object");
    return result;
  } finally {
    rowsRead.mockRestore();
  }
}

/** A finding without what folding it with other findings of the audit added. */
export function unfolded({ foldedInto: _into, alsoFound: _also, ...finding }: Finding): Finding {
  return finding;
}

/** A result without what resolving overlaps between findings sets. */
function withoutOverlaps(result: CheckResult): unknown {
  const { costedShare: _costed, findings, ...rest } = result;
  return { ...rest, findings: findings.map(unfolded) };
}

/** A row of manual UTM traffic: source / medium / campaign plus anything else. */
export function utmRow(
  source: string,
  medium: string,
  campaign: string,
  sessions = 100,
  extra: Partial<Record<Dimension, string>> = {},
): AuditRow {
  return {
    sessionSource: source,
    sessionMedium: medium,
    sessionCampaignName: campaign,
    sessionManualSource: source,
    sessionManualMedium: medium,
    sessionManualCampaignName: campaign,
    sessions,
    ...extra,
  };
}

/** The keys of a result's findings, for compact assertions. */
export function findingKeys(result: CheckResult): string[] {
  return result.findings.map((finding) => finding.key).sort();
}

/**
 * Each finding's key, title, values and sessions, by key: what a check found, compared with what
 * a plain reading of its rule finds in a property test.
 */
export function findingSummaries(
  result: CheckResult,
): { key: string; title: string; values: string[]; sessions: number }[] {
  return result.findings
    .map(({ key, title, values, affectedSessions }) => ({
      key,
      title,
      values,
      sessions: affectedSessions,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** A generated row without its undefined values, as an export without the column has none. */
export function withoutUndefined(row: object): AuditRow {
  return Object.fromEntries(
    Object.entries(row).filter(([, value]) => value !== undefined),
  ) as AuditRow;
}

/** An aggregated row of one source, for tests of what reads rows by id. */
export function sourceRow(source: string, sessions: number): AggregatedRow {
  return { values: { sessionSource: source }, sessions, keyEvents: 0, rows: 1 };
}

/** The ledger of `rows` (sessionSource only), its rows numbered from `firstId`. */
export function sourceData(rows: AggregatedRow[], firstId = 0): AuditData {
  return new AuditData(rows, new Set<Dimension>(["sessionSource"]), context(), {
    view: "sessions",
    totalSessions: 0,
    others: [],
    firstId,
  });
}

/** Strings made of up to `maxLength` of `pieces`, one after another: URLs and texts to fuzz. */
export function joinedPieces(pieces: readonly string[], maxLength: number): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(""));
}
