import { parseArgs } from "node:util";
import { createAuditor } from "../core/auditor.ts";
import { type AuditReport, VIEW_DIMENSIONS, VIEWS, type View } from "../core/types.ts";
import { ColumnDictionaries, type EncodedSink } from "./column-dictionaries.ts";
import { formatText } from "./format-text.ts";
import { InputError } from "./input-error.ts";
import { type InputFile, type InputPlan, planInputs } from "./input-views.ts";
import { readCsv } from "./read-csv.ts";
import { readReportJson } from "./read-report-json.ts";

export const USAGE = `Usage: utmost-audit FILE... [--details FILE]... [--referrers FILE]...
                    [--site HOST]... [--format json|text] [--fail-under SCORE]

Audits GA4 session data for UTM-tagging errors and prints a health score, a grade and findings.

FILE           a CSV whose header names GA4 API fields (sessionSource, sessionMedium,
               sessionCampaignName, sessionManualSource, ..., landingPagePlusQueryString,
               pageReferrer, date) plus "sessions" (and optionally "keyEvents"),
               or a GA4 Data API runReport or batchRunReports response saved as .json
--details FILE, --referrers FILE
               a file of the details or referrers view (repeatable)
--site HOST    the site's own host (repeatable), e.g. --site www.example.com
--format       json or text (default text)
--fail-under   exit with 1 when the score is below SCORE (0-100)

Views: a GA4 report takes at most 9 dimensions and the engine reads 13, so the data can come as
three reports, each a view of the same sessions, with these dimensions (plus sessions):
${VIEWS.map((view) => listed(view, VIEW_DIMENSIONS[view])).join("\n")}
A FILE with exactly the details or referrers dimensions is that view; any other FILE is the
ledger (sessions), and several ledger files are parts of one (e.g. one per month). Each report
of a batchRunReports response goes to the view its dimensions match. The ledger is required:
totals, shares and the score come from it. One CSV of all columns is the ledger alone.

Exit codes: 0 done, 1 score under --fail-under, 2 bad input or usage.
`;

/** `names` after a label, wrapped to the width of the help text. */
function listed(label: string, names: readonly string[]): string {
  const lines: string[] = [];
  let line = `  ${label.padEnd(13)}${names[0] ?? ""}`;
  for (const name of names.slice(1)) {
    if (line.length + name.length + 2 > 96) {
      lines.push(`${line},`);
      line = `${" ".repeat(15)}${name}`;
    } else line += `, ${name}`;
  }
  return [...lines, line].join("\n");
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  now: () => Date;
}

/** Runs the CLI; resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let options: {
    details?: string[];
    referrers?: string[];
    site?: string[];
    format?: string;
    "fail-under"?: string;
    help?: boolean;
  };
  let files: string[];
  try {
    const parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        details: { type: "string", multiple: true },
        referrers: { type: "string", multiple: true },
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
  const inputs: InputFile[] = [
    ...files.map((file) => ({ file })),
    ...(options.details ?? []).map((file) => ({ file, view: "details" as const })),
    ...(options.referrers ?? []).map((file) => ({ file, view: "referrers" as const })),
  ];
  if (inputs.length === 0) {
    io.stderr(`utmost-audit: no input file\n\n${USAGE}`);
    return 2;
  }

  let plan: InputPlan;
  let report: AuditReport;
  try {
    plan = await planInputs(inputs);
    const context = { siteHosts: options.site ?? [], now: io.now() };
    // The ledger alone is the old single-view audit, its dimensions found from its rows.
    const auditor =
      plan.read.length > 1
        ? createAuditor(context, undefined, { views: plan.views })
        : createAuditor(context);
    // Each view's values numbered once for all its files (the auditor then hashes no string).
    const sinks = new Map<View, EncodedSink>();
    const sinkOf = (view: View = "sessions") => {
      let sink = sinks.get(view);
      if (!sink) {
        const dictionaries = new ColumnDictionaries();
        sink = {
          dictionaries,
          rows: auditor.encoded(dictionaries.values, view, (d) => dictionaries.shapes(d)),
        };
        sinks.set(view, sink);
      }
      return sink;
    };
    for (const { file, json, views } of plan.files) {
      // The readers check every row, so the auditor never meets a bad one.
      if (json) {
        await readReportJson(file, (row, index) => {
          const sink = sinkOf(views[index]);
          sink.rows.add(sink.dictionaries.idsOf(row), row.sessions, row.keyEvents, row.date);
        });
      } else await readCsv(file, sinkOf(views[0]));
    }
    // The dictionaries' lookup tables go before the checks run; their values stay with the audit.
    for (const sink of sinks.values()) sink.dictionaries.release();
    sinks.clear();
    report = auditor.finish();
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`utmost-audit: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

  io.stdout(
    format === "json" ? `${JSON.stringify(report, null, 2)}\n` : formatText(report, plan.read),
  );
  return failUnder !== undefined && report.healthScore < failUnder ? 1 : 0;
}
