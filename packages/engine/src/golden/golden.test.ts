import { describe, expect, it } from "vitest";
import { audit } from "../core/auditor.ts";
import type { AuditReport } from "../core/types.ts";
import { CLEAN_ROWS, GOLDEN_CONTEXT, INJECTIONS } from "./golden-property.ts";

/** Every finding of a report, as "check-id key". */
function flagged(report: AuditReport): string[] {
  return report.checks
    .filter((check) => check.status === "failed")
    .flatMap((check) => check.findings.map((finding) => `${check.id} ${finding.key}`))
    .sort();
}

describe("the golden property", () => {
  it("flags nothing in the clean baseline, and skips only what needs context", () => {
    const report = audit(CLEAN_ROWS, GOLDEN_CONTEXT);
    expect(flagged(report)).toEqual([]);
    expect(report.checks.filter((c) => c.status === "skipped").map((c) => c.id)).toEqual([
      "new-values-since-last-scan",
      "naming-convention",
    ]);
    expect(report).toMatchObject({ healthScore: 100, healthGrade: "A+" });
  });

  it("covers every check with an injected error", () => {
    const covered = new Set(INJECTIONS.flatMap((i) => i.expected.map((e) => e.split(" ")[0])));
    const ids = audit(CLEAN_ROWS, GOLDEN_CONTEXT).checks.map((c) => c.id);
    expect(ids.filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(INJECTIONS.map((injection) => [injection.name, injection]))(
    "finds %s, and nothing else",
    (_name, injection) => {
      const report = audit([...CLEAN_ROWS, ...injection.rows], {
        ...GOLDEN_CONTEXT,
        ...injection.context,
      });
      expect(flagged(report)).toEqual([...injection.expected].sort());
      expect(report.healthScore).toBeLessThan(100);
    },
  );

  it("finds all injected errors at once, and nothing else", () => {
    const together = INJECTIONS.filter((injection) => !injection.context);
    const report = audit([...CLEAN_ROWS, ...together.flatMap((i) => i.rows)], GOLDEN_CONTEXT);
    const expected = new Set(together.flatMap((i) => i.expected));
    expect(flagged(report)).toEqual([...expected].sort());
  });
});
