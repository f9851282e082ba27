import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checks } from "../checks/index.ts";
import { renderCheckDocs } from "./check-docs.ts";

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
