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

/**
 * Reads a GA4 Data API `runReport` response (ga4-protocol.md §3.3). Dimensions the engine does
 * not know are ignored; `sessions` is required among the metrics.
 */
export async function readReportJson(file: string, onRow: (row: AuditRow) => void): Promise<void> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "unknown";
    throw new InputError(file, 1, 1, `cannot read the file (${code})`);
  }
  let json: RunReportResponse;
  try {
    json = JSON.parse(text) as RunReportResponse;
  } catch (error) {
    const { line, column } = locate(text);
    throw new InputError(file, line, column, `not valid JSON: ${(error as Error).message}`);
  }
  if (typeof json !== "object" || json === null || !Array.isArray(json.dimensionHeaders ?? [])) {
    throw new InputError(file, 1, 1, "not a GA4 runReport response (no dimensionHeaders)");
  }
  const dimensions = (json.dimensionHeaders ?? []).map((h) =>
    typeof h.name === "string" && KNOWN_DIMENSIONS.has(h.name) ? (h.name as Dimension) : null,
  );
  const metrics = (json.metricHeaders ?? []).map((h) => h.name);
  const sessionsAt = metrics.indexOf("sessions");
  const keyEventsAt = metrics.indexOf("keyEvents");
  if (sessionsAt < 0) throw new InputError(file, 1, 1, 'the report has no "sessions" metric');
  for (const [index, reportRow] of (json.rows ?? []).entries()) {
    const row: { -readonly [K in keyof AuditRow]: AuditRow[K] } = { sessions: 0 };
    const dimensionValues = reportRow.dimensionValues ?? [];
    for (const [at, dimension] of dimensions.entries()) {
      const value = dimensionValues[at]?.value;
      if (dimension && typeof value === "string") row[dimension] = value;
    }
    const metricValues = reportRow.metricValues ?? [];
    row.sessions = metricNumber(file, text, index, metricValues[sessionsAt]?.value, "sessions");
    if (keyEventsAt >= 0) {
      row.keyEvents = metricNumber(
        file,
        text,
        index,
        metricValues[keyEventsAt]?.value,
        "keyEvents",
      );
    }
    onRow(row);
  }
}

function metricNumber(file: string, text: string, index: number, value: unknown, name: string) {
  const number =
    typeof value === "string" || typeof value === "number" ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || number < 0) {
    const { line, column } = rowPosition(text, index);
    throw new InputError(
      file,
      line,
      column,
      `rows[${index}]: ${name} must be a number of 0 or more`,
    );
  }
  return number;
}

function locate(text: string): { line: number; column: number } {
  return lineColumn(text, jsonErrorOffset(text));
}

/** Where the index-th element of the top-level "rows" array starts, to point an error at it. */
function rowPosition(text: string, index: number): { line: number; column: number } {
  const rowsAt = text.indexOf('"rows"');
  const open = rowsAt < 0 ? -1 : text.indexOf("[", rowsAt);
  if (open < 0) return { line: 1, column: 1 };
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
      if (depth === 0 && ++element === index) return lineColumn(text, i);
      depth++;
    } else if (char === "}" || char === "]") {
      if (depth === 0) break;
      depth--;
    }
  }
  return lineColumn(text, open);
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
