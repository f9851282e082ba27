import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Severity } from "../core/types.ts";
import { healthGrade, healthScore, type ScoredCheck } from "./score.ts";

const severity = fc.constantFrom<Severity>("critical", "warning", "info");
const check = fc.record({
  id: fc.constantFrom("unassigned-traffic", "missing-utm-source", "case-inconsistency", "other"),
  severity,
  affectedShare: fc.double({ min: 0, max: 1, noNaN: true }),
});
const checks = fc.array(check, { maxLength: 40 });

describe("healthScore", () => {
  it("is 100 with nothing failed", () => {
    expect(healthScore([])).toBe(100);
  });

  it("keeps a clean property (info findings only, Unassigned under 20%) at 95 or more", () => {
    const infoOnly = check
      .filter((c) => c.id !== "unassigned-traffic")
      .map((c) => ({ ...c, severity: "info" as const }));
    fc.assert(
      fc.property(fc.array(infoOnly), (failed) => {
        expect(healthScore(failed)).toBeGreaterThanOrEqual(95);
      }),
    );
  });

  it("never rises when a failed check is added", () => {
    fc.assert(
      fc.property(checks, check, (failed, extra) => {
        expect(healthScore([...failed, extra])).toBeLessThanOrEqual(healthScore(failed));
      }),
    );
  });

  it("never rises when a failed check touches more sessions", () => {
    fc.assert(
      fc.property(checks, check, fc.double({ min: 0, max: 1, noNaN: true }), (failed, c, more) => {
        const worse = { ...c, affectedShare: Math.min(1, c.affectedShare + more) };
        expect(healthScore([...failed, worse])).toBeLessThanOrEqual(healthScore([...failed, c]));
      }),
    );
  });

  it("caps the grade at B when a critical finding touches 10% or more of sessions", () => {
    fc.assert(
      fc.property(checks, fc.double({ min: 0.1, max: 1, noNaN: true }), (failed, share) => {
        const score = healthScore([
          ...failed,
          { id: "x", severity: "critical", affectedShare: share },
        ]);
        expect(["B", "C", "D", "F"]).toContain(healthGrade(score));
      }),
    );
  });

  it("caps the grade at C when Unassigned holds 20% or more of sessions", () => {
    fc.assert(
      fc.property(
        checks,
        fc.double({ min: 0.2, max: 1, noNaN: true }),
        fc.constantFrom<Severity>("warning", "info", "critical"),
        (failed, share, sev) => {
          const score = healthScore([
            ...failed,
            { id: "unassigned-traffic", severity: sev, affectedShare: share },
          ]);
          expect(["C", "D", "F"]).toContain(healthGrade(score));
        },
      ),
    );
  });

  it("stays within 0-100", () => {
    fc.assert(
      fc.property(checks, (failed) => {
        const score = healthScore(failed);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(Number.isInteger(score)).toBe(true);
      }),
    );
  });

  it("scores the README's worked examples", () => {
    const worked: [ScoredCheck[], number][] = [
      [[{ id: "case-inconsistency", severity: "warning", affectedShare: 0.04 }], 96],
      [[{ id: "missing-utm-source", severity: "critical", affectedShare: 0.01 }], 91],
      [[{ id: "internal-utm-link", severity: "critical", affectedShare: 0.25 }], 82],
      [[{ id: "unassigned-traffic", severity: "warning", affectedShare: 0.3 }], 79],
    ];
    for (const [failed, score] of worked) expect(healthScore(failed)).toBe(score);
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
