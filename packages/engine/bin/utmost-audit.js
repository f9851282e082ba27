#!/usr/bin/env -S node --max-semi-space-size=32
// The `utmost-audit` command. Runs on the Node 24 the project pins (`npm exec -- utmost-audit`),
// which loads the TypeScript sources directly. A 32 MB young generation: reading a large file
// makes short-lived objects fast, and fewer scavenges beat a smaller heap (docs/performance.md);
// `npm run bench:cli` runs the CLI with the flags of this line.
import { runCli } from "../src/cli/main.ts";

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  now: () => new Date(),
});
process.exitCode = code;
