import { readFile } from "node:fs/promises";
import { type AuditRow, DIMENSIONS, type Dimension } from "../core/types.ts";
import { InputError } from "./input-error.ts";
import { jsonErrorOffset } from "./json-error-position.ts";

const KNOWN_DIMENSIONS: ReadonlySet<string> = new Set(DIMENSIONS);

interface RunReportResponse {
  dimensionHeaders?: { name?: unknown }[];
  metricHeaders?: { name?: unknown }[];
  rows?: { dimensionValues?: { value?: unknown }[]; metricValues?: { value?: unknown }[] }[];
}

const BATCH_KIND = "analyticsData#batchRunReports";

/** One report of a saved response, as its header says. */
export interface SavedReport {
  /** Its dimensionHeaders' names, the ones the engine does not read included. */
  dimensions: string[];
  /** Where it starts, to point an error at it. */
  line: number;
  column: number;
}

/** A saved response, read in full. */
interface Saved {
  text: string;
  /** A batchRunReports response (whose reports are `reports[i]`), else one runReport. */
  batch: boolean;
  reports: { report: RunReportResponse; offset: number }[];
}

/**
 * The reports of a saved GA4 Data API `runReport` response (one) or `batchRunReports` response
 * (each of its `reports`), by their headers; the shape of each is checked.
 */
export async function readReportHeaders(
  file: string,
): Promise<{ batch: boolean; reports: SavedReport[] }> {
  const saved = await readSaved(file);
  return {
    batch: saved.batch,
    reports: saved.reports.map(({ report, offset }) => ({
      dimensions: (report.dimensionHeaders ?? []).map((h) => String(h.name)),
      ...lineColumn(saved.text, offset),
    })),
  };
}

/**
 * Reads a saved GA4 Data API `runReport` or `batchRunReports` response (ga4-protocol.md §3.3),
 * giving each row with the index of its report (0 for a runReport). Dimensions the engine does
 * not know are ignored; `sessions` is required among each report's metrics.
 */
export async function readReportJson(
  file: string,
  onRow: (row: AuditRow, report: number) => void,
): Promise<void> {
  const { text, batch, reports } = await readSaved(file);
  for (const [reportIndex, { report, offset }] of reports.entries()) {
    const prefix = batch ? `reports[${reportIndex}].` : "";
    const dimensions = (report.dimensionHeaders ?? []).map((h) =>
      typeof h.name === "string" && KNOWN_DIMENSIONS.has(h.name) ? (h.name as Dimension) : null,
    );
    const metrics = (report.metricHeaders ?? []).map((h) => h.name);
    const sessionsAt = metrics.indexOf("sessions");
    const keyEventsAt = metrics.indexOf("keyEvents");
    const metric = (values: { value?: unknown }[], at: number, index: number, name: string) => {
      const value = values[at]?.value;
      const number =
        typeof value === "string" || typeof value === "number" ? Number(value) : Number.NaN;
      if (Number.isFinite(number) && number >= 0) return number;
      const { line, column } = lineColumn(text, elementOffset(text, "rows", index, offset));
      throw new InputError(
        file,
        line,
        column,
        `${prefix}rows[${index}]: ${name} must be a number of 0 or more`,
      );
    };
    for (const [index, reportRow] of (report.rows ?? []).entries()) {
      const row: { -readonly [K in keyof AuditRow]: AuditRow[K] } = { sessions: 0 };
      const dimensionValues = reportRow.dimensionValues ?? [];
      for (const [at, dimension] of dimensions.entries()) {
        const value = dimensionValues[at]?.value;
        if (dimension && typeof value === "string") row[dimension] = value;
      }
      const metricValues = reportRow.metricValues ?? [];
      row.sessions = metric(metricValues, sessionsAt, index, "sessions");
      if (keyEventsAt >= 0) row.keyEvents = metric(metricValues, keyEventsAt, index, "keyEvents");
      onRow(row, reportIndex);
    }
  }
}

async function readSaved(file: string): Promise<Saved> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "unknown";
    throw new InputError(file, 1, 1, `cannot read the file (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const { line, column } = lineColumn(text, jsonErrorOffset(text));
    throw new InputError(file, line, column, `not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(json)) {
    throw new InputError(file, 1, 1, "not a GA4 runReport or batchRunReports response");
  }
  if (!("reports" in json) && json.kind !== BATCH_KIND) {
    checkReport(file, text, json, 0, "");
    return { text, batch: false, reports: [{ report: json as RunReportResponse, offset: 0 }] };
  }
  const list = json.reports;
  if (!Array.isArray(list) || list.length === 0) {
    throw new InputError(
      file,
      1,
      1,
      "a batchRunReports response with no reports: expected a list of runReport responses",
    );
  }
  const reports = list.map((report: unknown, index) => {
    const offset = elementOffset(text, "reports", index, 0);
    checkReport(file, text, report, offset, `reports[${index}]: `);
    return { report: report as RunReportResponse, offset };
  });
  return { text, batch: true, reports };
}

/** Checks the shape of one runReport response starting at `offset` of the text. */
function checkReport(file: string, text: string, report: unknown, offset: number, prefix: string) {
  const fail = (message: string): never => {
    const { line, column } = lineColumn(text, offset);
    throw new InputError(file, line, column, `${prefix}${message}`);
  };
  if (!isObject(report) || !Array.isArray(report.dimensionHeaders ?? [])) {
    fail("not a GA4 runReport response (no dimensionHeaders)");
  }
  const metrics = ((report as RunReportResponse).metricHeaders ?? []).map((h) => h?.name);
  if (!metrics.includes("sessions")) fail('the report has no "sessions" metric');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Where the index-th element of the array under `"key"` (the first after `from`) starts, to point
 * an error at it; the array's start when it has no such element, `from` when there is no array.
 */
function elementOffset(text: string, key: string, index: number, from: number): number {
  const keyAt = text.indexOf(`"${key}"`, from);
  const open = keyAt < 0 ? -1 : text.indexOf("[", keyAt);
  if (open < 0) return from;
  let depth = 0;
  let element = -1;
  let inString = false;
  for (let i = open + 1; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "{" || char === "[") {
      if (depth === 0 && ++element === index) return i;
      depth++;
    } else if (char === "}" || char === "]") {
      if (depth === 0) break;
      depth--;
    }
  }
  return open;
}

function lineColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}
