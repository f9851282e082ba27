import { parseArgs } from "node:util";
import { createAuditor } from "../core/auditor.ts";
import type { AuditReport } from "../core/types.ts";
import { formatText } from "./format-text.ts";
import { InputError } from "./input-error.ts";
import { readCsv } from "./read-csv.ts";
import { readReportJson } from "./read-report-json.ts";

export const USAGE = `Usage: utmost-audit FILE... [--site HOST]... [--format json|text] [--fail-under SCORE]

Audits GA4 session data for UTM-tagging errors and prints a health score, a grade and findings.

FILE           a CSV whose header names GA4 API fields (sessionSource, sessionMedium,
               sessionCampaignName, sessionManualSource, ..., landingPagePlusQueryString,
               pageReferrer, date) plus "sessions" (and optionally "keyEvents"),
               or a GA4 Data API runReport response saved as .json
--site HOST    the site's own host (repeatable), e.g. --site www.example.com
--format       json or text (default text)
--fail-under   exit with 1 when the score is below SCORE (0-100)

Exit codes: 0 done, 1 score under --fail-under, 2 bad input or usage.
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  now: () => Date;
}

/** Runs the CLI; resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let options: { site?: string[]; format?: string; "fail-under"?: string; help?: boolean };
  let files: string[];
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        site: { type: "string", multiple: true },
        format: { type: "string" },
        "fail-under": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    options = parsed.values;
    files = parsed.positionals;
  } catch (error) {
    io.stderr(`utmost-audit: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    io.stdout(USAGE);
    return 0;
  }
  const format = options.format ?? "text";
  if (format !== "json" && format !== "text") {
    io.stderr(`utmost-audit: --format must be json or text, got "${format}"\n`);
    return 2;
  }
  let failUnder: number | undefined;
  if (options["fail-under"] !== undefined) {
    failUnder = Number(options["fail-under"]);
    if (!Number.isFinite(failUnder) || failUnder < 0 || failUnder > 100) {
      io.stderr(
        `utmost-audit: --fail-under must be a number from 0 to 100, got "${options["fail-under"]}"\n`,
      );
      return 2;
    }
  }
  if (files.length === 0) {
    io.stderr(`utmost-audit: no input file\n\n${USAGE}`);
    return 2;
  }

  let report: AuditReport;
  try {
    const auditor = createAuditor({ siteHosts: options.site ?? [], now: io.now() });
    for (const file of files) {
      const read = /\.json$/i.test(file) ? readReportJson : readCsv;
      // The readers check every row, so the auditor never meets a bad one.
      await read(file, (row) => auditor.add(row));
    }
    report = auditor.finish();
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`utmost-audit: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

  io.stdout(format === "json" ? `${JSON.stringify(report, null, 2)}\n` : formatText(report));
  return failUnder !== undefined && report.healthScore < failUnder ? 1 : 0;
}
