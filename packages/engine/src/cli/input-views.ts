import { DIMENSIONS, type Dimension, VIEW_DIMENSIONS, VIEWS, type View } from "../core/types.ts";
import { InputError } from "./input-error.ts";
import { readCsvDimensions } from "./read-csv.ts";
import { readReportHeaders } from "./read-report-json.ts";

/** A file named on the command line, and the view an option gave it. */
export interface InputFile {
  file: string;
  view?: View;
}

/** A file as the audit reads it. */
export interface PlannedFile {
  file: string;
  json: boolean;
  /** The view each report feeds, by its index (one for a CSV or a runReport). */
  views: View[];
}

export interface InputPlan {
  files: PlannedFile[];
  /** Every view read, with the dimensions its files have (the auditor's `views`). */
  views: Partial<Record<View, Dimension[]>>;
  /** The views read, in the engine's order, and how many files gave each. */
  read: { view: View; files: number }[];
}

/**
 * Which view each file (or report of a batch) feeds, from its header alone, before any row is
 * read. An option names the view; otherwise a header of exactly the details or referrers
 * report's dimensions (VIEW_DIMENSIONS) makes it that view, and anything else is the ledger.
 */
export async function planInputs(inputs: readonly InputFile[]): Promise<InputPlan> {
  const files: PlannedFile[] = [];
  const dimensions = new Map<View, Set<string>>();
  const fileCounts = new Map<View, number>();
  let firstExtra: (Part & { file: string }) | undefined;
  for (const input of inputs) {
    const json = /\.json$/i.test(input.file);
    const parts = json ? await reportParts(input) : await csvParts(input);
    files.push({ file: input.file, json, views: parts.map((part) => part.view) });
    for (const view of new Set(parts.map((part) => part.view))) {
      fileCounts.set(view, (fileCounts.get(view) ?? 0) + 1);
    }
    for (const part of parts) {
      let names = dimensions.get(part.view);
      if (!names) {
        names = new Set();
        dimensions.set(part.view, names);
      }
      for (const name of part.dimensions) names.add(name);
      if (part.view !== "sessions" && !firstExtra) firstExtra = { file: input.file, ...part };
    }
  }
  if (firstExtra && !dimensions.has("sessions")) {
    const because = firstExtra.byOption
      ? `--${firstExtra.view}`
      : "its dimensions are exactly that report's";
    throw new InputError(
      firstExtra.file,
      firstExtra.line,
      firstExtra.column,
      `a ledger is needed: this file is the ${firstExtra.view} view (${because}), ` +
        `which only adds to the sessions view, every session once, where totals and the score ` +
        `come from; give that report too as FILE (${VIEW_DIMENSIONS.sessions.join(", ")}, ` +
        `sessions), or one CSV of all the columns`,
    );
  }
  const read = VIEWS.filter((view) => dimensions.has(view));
  return {
    files,
    views: Object.fromEntries(
      read.map((view) => [view, DIMENSIONS.filter((d) => dimensions.get(view)?.has(d))]),
    ),
    read: read.map((view) => ({ view, files: fileCounts.get(view) ?? 0 })),
  };
}

/** A file, or a report of a batch, and the view it feeds. */
interface Part {
  view: View;
  /** Whether an option gave the view (else its dimensions did). */
  byOption: boolean;
  dimensions: readonly string[];
  line: number;
  column: number;
}

async function csvParts(input: InputFile): Promise<Part[]> {
  const dimensions = await readCsvDimensions(input.file);
  const position = { dimensions, line: 1, column: 1 };
  if (input.view) return [{ ...position, view: input.view, byOption: true }];
  return [{ ...position, view: positionalView(dimensions), byOption: false }];
}

/** The reports of a saved response, each with its view. */
async function reportParts(input: InputFile): Promise<Part[]> {
  const { batch, reports } = await readReportHeaders(input.file);
  return reports.map((report, index) => {
    if (input.view) return { ...report, view: input.view, byOption: true };
    const view = batch
      ? (matchingView(report.dimensions, VIEWS) ?? (reports.length === 1 ? "sessions" : undefined))
      : positionalView(report.dimensions);
    if (view) return { ...report, view, byOption: false };
    throw new InputError(
      input.file,
      report.line,
      report.column,
      `reports[${index}] matches no view: its dimensions (${report.dimensions.join(", ")}) ` +
        `are not exactly one view's; ask for exactly one view's in each report of a batch ` +
        `(${VIEWS.map((v) => `${v}: ${VIEW_DIMENSIONS[v].join(", ")}`).join("; ")}), or save ` +
        `this report as its own runReport file, which is then read as a ledger`,
    );
  });
}

/** The view of a file named without an option: details or referrers by its header, else the ledger. */
function positionalView(dimensions: readonly string[]): View {
  return matchingView(dimensions, ["details", "referrers"]) ?? "sessions";
}

/** The view among `views` whose report has exactly these dimensions, in any order. */
function matchingView(dimensions: readonly string[], views: readonly View[]): View | undefined {
  const names = new Set(dimensions);
  return views.find(
    (view) =>
      VIEW_DIMENSIONS[view].length === names.size &&
      VIEW_DIMENSIONS[view].every((dimension) => names.has(dimension)),
  );
}
