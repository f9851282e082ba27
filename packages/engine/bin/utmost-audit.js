#!/usr/bin/env -S node --max-semi-space-size=8
// The `utmost-audit` command. Runs on the Node 24 the project pins (`npm exec -- utmost-audit`),
// which loads the TypeScript sources directly. An 8 MB young generation, as the scan's: since
// rows are no longer objects (ADR 032) and the landing pages' facts are found once a shape
// (ADR 033), what a large file allocates is mostly kept, and copying less of it out of a
// smaller young generation is as fast or faster than 16 or 32 MB, with 15-40 MB less peak
// (docs/performance.md); `npm run bench:cli` runs the CLI with the flags of this line.
import module from "node:module";

// Node keeps the modules it compiled (types stripped, V8 code cache) on disk, in
// NODE_COMPILE_CACHE or the system's temporary directory: a later run starts in about a third of
// the time. A cache that cannot be written changes nothing but the speed (Node never throws here).
module.enableCompileCache?.();
// Imported only now, so that the modules it loads are compiled with the cache on.
const { runCli } = await import("../src/cli/main.ts");

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  now: () => new Date(),
});
process.exitCode = code;
