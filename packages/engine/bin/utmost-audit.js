#!/usr/bin/env node
// The `utmost-audit` command. Runs on the Node 24 the project pins (`npm exec -- utmost-audit`),
// which loads the TypeScript sources directly.
import { runCli } from "../src/cli/main.ts";

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  now: () => new Date(),
});
process.exitCode = code;
