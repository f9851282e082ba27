#!/usr/bin/env -S node --max-semi-space-size=16
// The `utmost-audit` command. Runs on the Node 24 the project pins (`npm exec -- utmost-audit`),
// which loads the TypeScript sources directly. A 16 MB young generation: reading a large file
// makes short-lived objects fast, and fewer scavenges beat a smaller heap; since rows are no
// longer objects (ADR 032) 16 MB is as fast as 32 and holds 30-40 MB less (docs/performance.md);
// `npm run bench:cli` runs the CLI with the flags of this line.
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
