import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checks } from "../checks/index.ts";
import { context } from "../testing/support.ts";
import { createAuditor } from "./auditor.ts";
import { type CheckDefinition, defineCheck } from "./check.ts";
import { type CheckOutcome, resolveOverlaps } from "./overlaps.ts";
import type { AuditReport, AuditRow, Finding } from "./types.ts";

const GUIDE = {
  whyItMatters: "-",
  howToFix: "-",
  exampleWrong: "-",
  exampleCorrect: "-",
  ga4DocumentationUrl: "https://support.google.com/analytics/answer/10917952",
};

/** A check that flags every row whose manual medium is `value`, on the medium field. */
function mediumCheck(id: string, value: string, severity: "critical" | "warning" | "info") {
  return defineCheck({
    id,
    title: id,
    severity,
    description: id,
    guide: GUIDE,
    requires: ["sessionManualMedium"],
    run(data, findings) {
      const stats = data.values("sessionManualMedium").get(value);
      if (stats) {
        findings.add(`medium:${value}`, `${id}: ${value}`, stats.rows, {
          values: [value],
          field: "sessionManualMedium",
        });
      }
    },
  });
}

function run(rows: readonly AuditRow[], list: readonly CheckDefinition[]): AuditReport {
  const auditor = createAuditor(context(), list);
  for (const row of rows) auditor.add(row);
  return auditor.finish();
}

function finding(report: AuditReport, checkId: string): Finding | undefined {
  return report.checks.find((check) => check.id === checkId)?.findings[0];
}

const ROWS: AuditRow[] = [
  { sessionManualSource: "google", sessionManualMedium: "Google Ads", sessions: 40 },
  { sessionManualSource: "newsletter", sessionManualMedium: "email", sessions: 60 },
];

describe("overlapping findings", () => {
  it("fold into the most severe one, which lists every reason", () => {
    const report = run(ROWS, [
      mediumCheck("platform-named", "Google Ads", "warning"),
      mediumCheck("paid-unrecognised", "Google Ads", "critical"),
      mediumCheck("space-inside", "Google Ads", "warning"),
    ]);
    const primary = finding(report, "paid-unrecognised");
    expect(primary?.foldedInto).toBeUndefined();
    expect(primary?.alsoFound?.map((reason) => reason.checkId)).toEqual([
      "platform-named",
      "space-inside",
    ]);
    expect(finding(report, "platform-named")?.foldedInto).toEqual({
      checkId: "paid-unrecognised",
      key: "medium:Google Ads",
    });
    // Each check still says what it found; only the first costs the sessions.
    expect(report.checks.map((check) => [check.id, check.status, check.costedShare])).toEqual([
      ["platform-named", "failed", 0],
      ["paid-unrecognised", "failed", 0.4],
      ["space-inside", "failed", 0],
    ]);
  });

  it("are ranked by report order within one severity, a cause before what it explains", () => {
    const symptom = mediumCheck("symptom", "Google Ads", "critical");
    const cause = { ...mediumCheck("cause", "Google Ads", "critical"), explains: ["symptom"] };
    const report = run(ROWS, [symptom, cause]);
    expect(finding(report, "symptom")?.foldedInto?.checkId).toBe("cause");
    expect(finding(report, "cause")?.alsoFound?.map((reason) => reason.checkId)).toEqual([
      "symptom",
    ]);
  });

  it("cost only the rows no earlier finding claimed when they overlap in part", () => {
    const wide = defineCheck({
      ...mediumCheck("wide", "", "critical"),
      run(data, findings) {
        findings.add("all", "every row", data.rows, { field: "sessionMedium" });
      },
    });
    const report = run(ROWS, [wide, mediumCheck("narrow", "email", "warning")]);
    expect(report.checks.map((check) => check.costedShare)).toEqual([1, 0]);
    expect(finding(report, "narrow")?.foldedInto?.checkId).toBe("wide");
  });

  it("on different fields of the same rows are different problems", () => {
    const onSource = defineCheck({
      ...mediumCheck("source-check", "", "warning"),
      run(data, findings) {
        findings.add("all", "every row", data.rows, { field: "sessionManualSource" });
      },
    });
    const report = run(ROWS, [onSource, mediumCheck("medium-check", "email", "warning")]);
    expect(report.checks.map((check) => check.costedShare)).toEqual([1, 0.6]);
    expect(report.checks.flatMap((check) => check.findings.map((f) => f.foldedInto))).toEqual([
      undefined,
      undefined,
    ]);
  });
});

const MEDIUMS = [
  "email",
  "Email",
  "e-mail",
  " email",
  "Google Ads",
  "google_ads",
  "facebook",
  "Facebook Ads",
  "cpc",
  "CPC ",
  "paid social",
  "organic",
  "(not set)",
  "gdn",
];
const SOURCES = ["google", "Google", "facebook", "facebok", "newsletter", "cpc", "www.example.com"];
const row = fc.record({
  sessionManualSource: fc.constantFrom(...SOURCES),
  sessionManualMedium: fc.constantFrom(...MEDIUMS),
  sessionSource: fc.constantFrom(...SOURCES),
  sessionMedium: fc.constantFrom(...MEDIUMS),
  sessionManualCampaignName: fc.constantFrom(
    "spring_sale",
    "Spring Sale",
    "spring-sale",
    "(not set)",
  ),
  sessions: fc.integer({ min: 1, max: 500 }),
});

describe("one root cause costs once", () => {
  it("the score with a check found twice equals the score with it once", () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 25 }),
        fc.constantFrom(...checks),
        (rows, check) => {
          const once = run(rows, checks);
          const twin = { ...check, id: `${check.id}-again` };
          const twice = run(rows, [...checks, twin]);
          expect(twice.healthScore).toBe(once.healthScore);
          expect(twice.checks.at(-1)?.costedShare).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("costs no row of a field twice, and no check more than it touches", () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 25 }), (rows) => {
        const report = run(rows, checks);
        for (const check of report.checks) {
          expect(check.costedShare).toBeLessThanOrEqual(check.affectedShare);
          if (check.status !== "failed") expect(check.costedShare).toBe(0);
          // A check costs nothing exactly when every finding of its is folded into another.
          const own = check.findings.filter((f) => !f.foldedInto);
          if (check.status === "failed" && own.length === 0) expect(check.costedShare).toBe(0);
        }
        // Every folded finding points at a shown finding that lists it.
        for (const check of report.checks) {
          for (const folded of check.findings.filter((f) => f.foldedInto)) {
            const into = report.checks
              .find((c) => c.id === folded.foldedInto?.checkId)
              ?.findings.find((f) => f.key === folded.foldedInto?.key);
            expect(into?.foldedInto).toBeUndefined();
            expect(into?.alsoFound).toContainEqual({
              checkId: check.id,
              key: folded.key,
              title: folded.title,
            });
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("resolveOverlaps", () => {
  /** A failed check of one finding on the medium naming `rows` (ids) of `sessions` in all. */
  function outcome(
    id: string,
    rows: number[],
    sessions: number,
    field: Finding["field"] = "sessionManualMedium",
  ): CheckOutcome {
    const finding: Finding = {
      key: `k-${id}`,
      title: id,
      values: [],
      affectedSessions: sessions,
      examples: [],
      field,
    };
    return {
      result: {
        id,
        title: id,
        severity: "warning",
        status: "failed",
        affectedSessions: sessions,
        affectedShare: sessions / 100,
        costedShare: 0,
        findings: [finding],
      },
      rowsByKey: new Map([[finding.key, Int32Array.from(rows)]]),
    };
  }

  it("folds a finding every row of which is claimed into the one covering most, the first met of equals", () => {
    // Rows 0 and 1 of 5 sessions, row 2 of none; a and b claim, c and d claim nothing.
    const sessionsById = Float64Array.from([5, 5, 0, 7]);
    const a = outcome("a", [0, 2], 5);
    const b = outcome("b", [1], 5);
    // Ties: c meets b's row first, d meets a's session-less row first.
    const c = outcome("c", [1, 0], 10);
    const d = outcome("d", [2, 1, 0], 10);
    // Findings on the source, ranked among them: their rows are claimed apart from the medium's.
    const e = outcome("e", [0, 3], 12, "sessionSource");
    const f = outcome("f", [3], 7, "sessionManualSource");
    resolveOverlaps([a, e, b, c, f, d], (sessions) => sessions / 100, sessionsById);
    expect(c.result.findings[0]?.foldedInto).toEqual({ checkId: "b", key: "k-b" });
    expect(d.result.findings[0]?.foldedInto).toEqual({ checkId: "a", key: "k-a" });
    expect(f.result.findings[0]?.foldedInto).toEqual({ checkId: "e", key: "k-e" });
    expect(b.result.findings[0]?.alsoFound).toEqual([{ checkId: "c", key: "k-c", title: "c" }]);
    expect([a, e, b, c, f, d].map((o) => o.result.costedShare)).toEqual([
      0.05, 0.12, 0.05, 0, 0, 0,
    ]);
  });
});
