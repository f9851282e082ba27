import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checks } from "../checks/index.ts";
import { audit } from "../core/auditor.ts";
import { CLEAN_ROWS, GOLDEN_CONTEXT, INJECTIONS } from "../golden/golden-property.ts";
import { renderCheckDocs, withReadmeChecks } from "./check-docs.ts";

const docsDir = path.resolve(import.meta.dirname, "../../../../docs/checks");

describe("docs/checks", () => {
  it("matches the checks' metadata (run `npm run generate:docs -w packages/engine`)", () => {
    const expected = renderCheckDocs(checks);
    expect(readdirSync(docsDir).sort()).toEqual([...expected.keys()].sort());
    for (const [name, content] of expected) {
      expect(readFileSync(path.join(docsDir, name), "utf8"), name).toBe(content);
    }
  });
});

describe("the engine README's list of checks", () => {
  it("is the checks' metadata (run `npm run generate:docs -w packages/engine`)", () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
    expect(withReadmeChecks(readme, checks)).toBe(readme);
    for (const check of checks) expect(readme).toContain(`| \`${check.id}\` |`);
  });
});

describe("severity", () => {
  it("of every finding is one the docs name for its check", () => {
    // Every check's injected cases at once, under their own contexts.
    for (const injection of INJECTIONS) {
      const report = audit([...CLEAN_ROWS, ...injection.rows], {
        ...GOLDEN_CONTEXT,
        ...injection.context,
      });
      for (const result of report.checks) {
        const check = checks.find((candidate) => candidate.id === result.id);
        const named = new Set([
          check?.severity,
          ...(check?.severityWhen ?? []).map((rule) => rule.severity),
        ]);
        for (const finding of result.findings) {
          const severity = finding.severity ?? check?.severity;
          expect(named.has(severity), `${result.id} ${finding.key}: ${severity}`).toBe(true);
        }
        // The check reports at its most severe finding's level, which the docs name too.
        expect(named.has(result.severity), result.id).toBe(true);
      }
    }
  });

  it("rules are stated in a clause each, with no default repeated", () => {
    for (const check of checks) {
      const others = (check.severityWhen ?? []).map((rule) => rule.severity);
      expect(others, check.id).not.toContain(check.severity);
      expect(new Set(others).size, check.id).toBe(others.length);
    }
  });
});
