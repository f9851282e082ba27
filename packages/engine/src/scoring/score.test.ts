import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checks as registered } from "../checks/index.ts";
import type { Severity } from "../core/types.ts";
import { healthGrade, healthScore, MAX_CHECKS, type ScoredCheck } from "./score.ts";

const SEVERITIES: readonly Severity[] = ["info", "warning", "critical"];
const severity = fc.constantFrom(...SEVERITIES);
const share = fc.double({ min: 0, max: 1, noNaN: true });
const check = fc.record({
  id: fc.constantFrom("unassigned-traffic", "missing-utm-source", "case-inconsistency", "other"),
  severity,
  affectedShare: share,
});
/** As many failed checks as the score is built for (at least every registered check). */
const failedChecks = fc.array(check, { maxLength: MAX_CHECKS });
const nonEmpty = fc.array(check, { minLength: 1, maxLength: MAX_CHECKS });

/** Two severities, the first no higher than the second. */
const orderedSeverities = fc
  .tuple(severity, severity)
  .map(([a, b]) =>
    SEVERITIES.indexOf(a) <= SEVERITIES.indexOf(b) ? ([a, b] as const) : ([b, a] as const),
  );

const failed = (id: string, level: Severity, affected: number): ScoredCheck => ({
  id,
  severity: level,
  affectedShare: affected,
});

describe("healthScore", () => {
  it("is 100 with nothing failed", () => {
    expect(healthScore([])).toBe(100);
  });

  it("is built for every registered check failing at once", () => {
    expect(registered.length).toBeLessThanOrEqual(MAX_CHECKS);
  });

  it("is an integer from 1 to 99 while any check fails", () => {
    fc.assert(
      fc.property(nonEmpty, (list) => {
        const score = healthScore(list);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(1);
        expect(score).toBeLessThanOrEqual(99);
      }),
    );
  });

  it("is never 0 while problems remain, even with every check critical on every session", () => {
    const worst = Array.from({ length: MAX_CHECKS }, (_, i) =>
      failed(i === 0 ? "unassigned-traffic" : `check-${i}`, "critical", 1),
    );
    expect(healthScore(worst)).toBe(1);
  });

  it("rises by at least 1 when any one failed check is fixed", () => {
    fc.assert(
      fc.property(nonEmpty, fc.nat(), (list, pick) => {
        const index = pick % list.length;
        const fixed = list.filter((_, i) => i !== index);
        expect(healthScore(fixed)).toBeGreaterThanOrEqual(healthScore(list) + 1);
      }),
      { numRuns: 500 },
    );
  });

  it("never rises when a failed check is added", () => {
    fc.assert(
      fc.property(failedChecks, check, fc.nat(), (list, extra, at) => {
        const index = at % (list.length + 1);
        const more = [...list.slice(0, index), extra, ...list.slice(index)];
        expect(healthScore(more)).toBeLessThanOrEqual(healthScore(list));
      }),
    );
  });

  it("never rises when a failed check touches more sessions", () => {
    fc.assert(
      fc.property(failedChecks, check, share, (list, c, more) => {
        const worse = { ...c, affectedShare: Math.min(1, c.affectedShare + more) };
        expect(healthScore([...list, worse])).toBeLessThanOrEqual(healthScore([...list, c]));
      }),
    );
  });

  it("never rises when a failed check is more severe", () => {
    fc.assert(
      fc.property(failedChecks, check, orderedSeverities, (list, c, [lower, higher]) => {
        expect(healthScore([...list, { ...c, severity: higher }])).toBeLessThanOrEqual(
          healthScore([...list, { ...c, severity: lower }]),
        );
      }),
    );
  });

  it("holds the grade at B or below when a critical finding touches 10% or more of sessions", () => {
    fc.assert(
      fc.property(failedChecks, fc.double({ min: 0.1, max: 1, noNaN: true }), (list, wide) => {
        expect(healthScore([...list, failed("x", "critical", wide)])).toBeLessThanOrEqual(84);
      }),
    );
  });

  it("holds the grade at C or below when Unassigned holds 20% or more of sessions", () => {
    fc.assert(
      fc.property(
        failedChecks,
        fc.double({ min: 0.2, max: 1, noNaN: true }),
        severity,
        (list, wide, level) => {
          const score = healthScore([...list, failed("unassigned-traffic", level, wide)]);
          expect(score).toBeLessThanOrEqual(79);
        },
      ),
    );
  });

  it("keeps an A or better with info findings only (up to 10 checks)", () => {
    // Unassigned traffic costs by its share whatever its severity: it is never only a hint.
    const info = check
      .filter((c) => c.id !== "unassigned-traffic")
      .map((c) => ({ ...c, severity: "info" as const }));
    fc.assert(
      fc.property(fc.array(info, { maxLength: 10 }), (list) => {
        expect(healthScore(list)).toBeGreaterThanOrEqual(90);
      }),
    );
  });

  it("keeps an A or better with one warning on 4% of sessions or less", () => {
    fc.assert(
      fc.property(check, fc.double({ min: 0, max: 0.04, noNaN: true }), (c, small) => {
        expect(healthScore([{ ...c, severity: "warning", affectedShare: small }])).toBeGreaterThan(
          89,
        );
      }),
    );
  });

  it("reads a missing or out-of-range share as 0 or 1", () => {
    expect(healthScore([failed("x", "warning", Number.NaN)])).toBe(
      healthScore([failed("x", "warning", 0)]),
    );
    expect(healthScore([failed("x", "critical", 3)])).toBe(
      healthScore([failed("x", "critical", 1)]),
    );
  });
});

/** The README's messy property ("Score and grade"): fifteen failed checks, most of them wide. */
const MESSY: readonly ScoredCheck[] = [
  failed("missing-utm-medium", "critical", 0.12),
  failed("missing-utm-source", "critical", 0.06),
  failed("internal-utm-link", "critical", 0.09),
  failed("paid-medium-not-recognized", "critical", 0.05),
  failed("unassigned-traffic", "warning", 0.22),
  failed("non-standard-medium", "warning", 0.14),
  failed("case-inconsistency", "warning", 0.25),
  failed("medium-synonyms", "warning", 0.11),
  failed("platform-as-medium", "warning", 0.08),
  failed("self-referral", "warning", 0.07),
  failed("untagged-email-traffic", "warning", 0.1),
  failed("missing-utm-campaign", "warning", 0.18),
  failed("whitespace-in-value", "warning", 0.03),
  failed("payment-gateway-referral", "warning", 0.04),
  failed("mixed-separators", "info", 0.2),
];
const MESSY_AFTER_FIXES = MESSY.filter(
  (c) => c.severity !== "critical" && c.id !== "unassigned-traffic",
);

describe("the README's worked examples", () => {
  it.each<[string, readonly ScoredCheck[], number, string]>([
    ["nothing failed", [], 100, "A+"],
    ["a warning on 4%", [failed("case-inconsistency", "warning", 0.04)], 96, "A+"],
    ["a critical issue on 1%", [failed("missing-utm-source", "critical", 0.01)], 90, "A"],
    ["a critical issue on 10%", [failed("missing-utm-medium", "critical", 0.1)], 84, "B"],
    ["a critical issue on 25%", [failed("internal-utm-link", "critical", 0.25)], 79, "C"],
    ["Unassigned traffic on 30%", [failed("unassigned-traffic", "warning", 0.3)], 69, "D"],
    [
      "three info findings",
      [
        failed("mixed-separators", "info", 0.2),
        failed("term-on-non-search", "info", 0.01),
        failed("excessive-length", "info", 0.6),
      ],
      97,
      "A+",
    ],
    ["a messy property", MESSY, 39, "F"],
    ["the messy property, critical issues and Unassigned fixed", MESSY_AFTER_FIXES, 63, "D"],
    [
      "every check critical on every session",
      Array.from({ length: MAX_CHECKS }, (_, i) => failed(`check-${i}`, "critical", 1)),
      1,
      "F",
    ],
  ])("%s: %i, %s", (_name, list, score, grade) => {
    expect(healthScore(list)).toBe(score);
    expect(healthGrade(score)).toBe(grade);
  });

  it("raises the messy property's score whichever of its checks is fixed", () => {
    const before = healthScore(MESSY);
    const after = MESSY.map((_, i) => healthScore(MESSY.filter((_c, j) => j !== i)));
    expect(Math.min(...after)).toBe(before + 1);
    // The widest problem, Unassigned traffic on 22%, is worth the most.
    expect(Math.max(...after)).toBe(43);
  });
});

describe("healthGrade", () => {
  it.each([
    [100, "A+"],
    [95, "A+"],
    [94, "A"],
    [90, "A"],
    [89, "B+"],
    [85, "B+"],
    [84, "B"],
    [80, "B"],
    [79, "C"],
    [70, "C"],
    [69, "D"],
    [60, "D"],
    [59, "F"],
    [0, "F"],
  ])("gives %i a %s", (score, grade) => {
    expect(healthGrade(score)).toBe(grade);
  });
});
