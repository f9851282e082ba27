import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The web app runs the engine in the browser (link builder, naming conventions; ADR 012): what
 * the package's entry point reaches must import no Node module and no package but re2js.
 */
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm;

function reachable(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? "";
      if (specifier.startsWith(".")) queue.push(path.resolve(path.dirname(file), specifier));
      else external.add(specifier);
    }
  }
  return { files, external };
}

describe("the engine's entry point", () => {
  it("reaches no Node module, only re2js", () => {
    const { files, external } = reachable(path.join(import.meta.dirname, "index.ts"));
    expect(files.size).toBeGreaterThan(50);
    expect([...external].sort()).toEqual(["re2js"]);
  });
});
