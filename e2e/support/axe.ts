import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ImpactValue, Result } from "axe-core";
import type { Page } from "playwright-core";

/** axe-core's browser build, read once; evaluated in the page (CDP is not held by its CSP). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

type AxeRun = (context: Document, options: { resultTypes: string[] }) => Promise<AxeResults>;

/** What the issue holds the product to (issue 22): no serious or critical violation. */
const BLOCKING: ReadonlySet<ImpactValue> = new Set(["serious", "critical"]);

function describeViolation(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.replaceAll("\n", " ")}`);
  return [`${violation.id} (${violation.impact}): ${violation.help}`, ...nodes].join("\n");
}

/**
 * Runs axe-core on the page as it is now, every rule axe runs by default (WCAG 2.x A and AA and
 * best practices), and returns the serious and critical violations, one readable string each.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() => {
    const { axe } = window as unknown as { axe: { run: AxeRun } };
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return results.violations
    .filter((violation) => violation.impact && BLOCKING.has(violation.impact))
    .map(describeViolation);
}
