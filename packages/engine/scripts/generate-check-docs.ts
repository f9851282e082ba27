/** Writes docs/checks/ from the checks' metadata: `npm run generate:docs -w packages/engine`. */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checks } from "../src/checks/index.ts";
import { renderCheckDocs, withReadmeChecks } from "../src/docs/check-docs.ts";

const dir = path.resolve(import.meta.dirname, "../../../docs/checks");
mkdirSync(dir, { recursive: true });
const files = renderCheckDocs(checks);
for (const name of readdirSync(dir)) {
  if (!files.has(name)) rmSync(path.join(dir, name));
}
for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
console.log(`wrote ${files.size} files to ${dir}`);
const readme = path.resolve(import.meta.dirname, "../README.md");
writeFileSync(readme, withReadmeChecks(readFileSync(readme, "utf8"), checks));
console.log(`updated the list of checks in ${readme}`);
