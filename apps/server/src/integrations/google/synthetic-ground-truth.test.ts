/**
 * The emulator's synthetic properties against the audit engine: each profile lists the tagging
 * errors put into it (`injectedErrors`), and an audit of its data must fail exactly those checks,
 * naming the offending values. The hand-set default channel groups are also an independent
 * oracle for the engine's own channel grouping.
 */
import {
  type AuditReport,
  checks,
  createAuditor,
  predictChannel,
  VIEW_DIMENSIONS,
} from "@utmost/engine";
import {
  createSyntheticProperty,
  PROFILE_KEYS,
  PROFILES,
  type ProfileKey,
} from "@utmost/google-emulator/synthetic";
import { describe, expect, it } from "vitest";
import { addToViews, toAuditRow } from "./testing.ts";

/** The scan's last day and clock: fixed, so the data audited never changes. */
const LAST_DAY = Date.UTC(2026, 10, 15);
const NOW = new Date("2026-11-16T06:00:00Z");
const MS_PER_DAY = 86_400_000;

/** 90 days as a scan reads them; the publisher's few days already hold some 100,000 rows. */
const DAYS: Readonly<Record<ProfileKey, number>> = {
  "well-run-store": 90,
  "agency-client": 90,
  "large-store": 90,
  "huge-publisher": 3,
  "revoked-client": 90,
};

interface Audited {
  /** The audit of every dimension in one row, as a CSV with all of them gives it. */
  report: AuditReport;
  /** The audit of the three reports a scan reads (scan-plan.ts), each its own view. */
  viewsReport: AuditReport;
  /** Sessions of the fact rows: the property's true total. */
  trueSessions: number;
  /** "source / medium / campaign: set X, engine Y" for rows whose channels disagree. */
  channelDisagreements: Set<string>;
}

function yyyymmdd(time: number): string {
  return new Date(time).toISOString().slice(0, 10).replaceAll("-", "");
}

const audits = new Map<ProfileKey, Audited>();

/** Each profile is generated and audited once, for all the tests that read it. */
function audited(key: ProfileKey): Audited {
  const done = audits.get(key);
  if (done) return done;
  const profile = PROFILES[key];
  const property = createSyntheticProperty(profile);
  const context = { siteHosts: [new URL(profile.defaultUri).host], now: NOW };
  const auditor = createAuditor(context);
  const viewsAuditor = createAuditor(context, undefined, { views: VIEW_DIMENSIONS });
  const channelDisagreements = new Set<string>();
  let trueSessions = 0;
  for (let i = DAYS[key] - 1; i >= 0; i--) {
    for (const row of property.rowsForDay(yyyymmdd(LAST_DAY - i * MS_PER_DAY))) {
      auditor.add(toAuditRow(row));
      addToViews(viewsAuditor, row);
      trueSessions += row.sessions;
      // Auto-tagged clicks are grouped by Google Ads' network type, not by source and medium.
      if (row.landingPagePlusQueryString.includes("gclid=")) continue;
      const predicted = predictChannel({
        source: row.sessionSource,
        medium: row.sessionMedium,
        campaign: row.sessionCampaignName,
      });
      if (predicted !== row.sessionDefaultChannelGroup) {
        channelDisagreements.add(
          `${row.sessionSource} / ${row.sessionMedium} / ${row.sessionCampaignName}: set ${row.sessionDefaultChannelGroup}, engine ${predicted}`,
        );
      }
    }
  }
  const result = {
    report: auditor.finish(),
    viewsReport: viewsAuditor.finish(),
    trueSessions,
    channelDisagreements,
  };
  audits.set(key, result);
  return result;
}

describe.each(PROFILE_KEYS.map((key) => [key]))("the synthetic property %s", (key) => {
  const profile = PROFILES[key];

  describe.each([
    ["one row of every dimension", (a: Audited) => a.report],
    ["the scan's three views", (a: Audited) => a.viewsReport],
  ] as const)("audited as %s", (_mode, reportOf) => {
    it("fails exactly the checks of its injected errors", () => {
      const report = reportOf(audited(key));
      const failed = report.checks.filter((check) => check.status === "failed").map((c) => c.id);
      const injected = profile.injectedErrors.map((error) => error.checkId);
      expect(new Set(failed)).toEqual(new Set(injected));
    });

    it("names the offending values of every injected error", () => {
      const report = reportOf(audited(key));
      const missing = profile.injectedErrors.flatMap((error) => {
        const check = report.checks.find((candidate) => candidate.id === error.checkId);
        const named = new Set(check?.findings.flatMap((finding) => finding.values));
        return error.values
          .filter((value) => !named.has(value))
          .map((value) => `${error.checkId}: ${value}`);
      });
      expect(missing).toEqual([]);
    });

    it("feeds every check, and counts every session once", () => {
      const { trueSessions } = audited(key);
      const report = reportOf(audited(key));
      expect(report.totals.sessions).toBe(trueSessions);
      // Only the checks that need an earlier scan or the workspace's conventions may skip.
      const starved = report.checks
        .filter((check) => check.status === "skipped")
        .filter(
          (check) => check.id !== "new-values-since-last-scan" && check.id !== "naming-convention",
        )
        .map((check) => `${check.id}: ${check.skippedReason}`);
      expect(starved).toEqual([]);
      expect(report.checks).toHaveLength(checks.length);
    });
  });

  it("finds the same issues, with the same sessions, in the three views as in one row", () => {
    const { report, viewsReport } = audited(key);
    const summary = (audit: AuditReport) =>
      audit.checks.map((check) => ({
        id: check.id,
        status: check.status,
        findings: check.findings.map((f) => [f.key, f.affectedSessions, f.severity]),
      }));
    expect(summary(viewsReport)).toEqual(summary(report));
    expect(viewsReport.healthScore).toBe(report.healthScore);
  });

  it("sets the default channel group the engine predicts for manual traffic", () => {
    expect([...audited(key).channelDisagreements]).toEqual([]);
  });
});
