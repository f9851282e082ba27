/** bench-cli.ts's child: the CLI on FILE as `utmost-audit FILE --format json` runs it. */
import module from "node:module";

// As bin/utmost-audit.js does: the compile cache on before the CLI's modules load.
module.enableCompileCache?.();
const { runCli } = await import("../src/cli/main.ts");

const file = process.argv[2] ?? "";
let output = "";
const code = await runCli([file, "--site", "www.example.com", "--format", "json"], {
  stdout: (text) => {
    output += text;
  },
  stderr: (text) => process.stderr.write(text),
  now: () => new Date("2026-11-01T00:00:00Z"),
});
if (code !== 0) process.exit(code);
const report = JSON.parse(output) as { totals: { distinctRows: number } };
console.log(
  JSON.stringify({
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    groups: report.totals.distinctRows,
  }),
);
