/** Calling runReport in tests and reading its JSON back as tables. */
import type { GoogleApiError } from "../../google-error.ts";
import type { SyntheticProperty } from "../../synthetic/types.ts";
import { runReport } from "../run-report.ts";
import { dailyTrafficProperty, TODAY } from "./fake-property.ts";

interface ValueJson {
  value: string;
}

export interface RowJson {
  dimensionValues?: ValueJson[];
  metricValues?: ValueJson[];
}

/** The parts of a RunReportResponse the tests read. */
export interface ReportJson {
  dimensionHeaders?: { name: string }[];
  metricHeaders?: { name: string; type: string }[];
  rows?: RowJson[];
  totals?: RowJson[];
  maximums?: RowJson[];
  minimums?: RowJson[];
  rowCount?: number;
  metadata: { currencyCode: string; timeZone: string; dataLossFromOtherRow?: boolean };
  kind: string;
}

export const YESTERDAY = [{ startDate: "yesterday", endDate: "yesterday" }];

export function report(
  body: Record<string, unknown>,
  property: SyntheticProperty = dailyTrafficProperty(),
  today = TODAY,
): ReportJson & { tokenCost: number } {
  const result = runReport(body, { property, today });
  if (!result.ok) throw new Error(`expected a report, got: ${result.error.message}`);
  return { ...(result.response as unknown as ReportJson), tokenCost: result.tokenCost };
}

export function rejection(
  body: unknown,
  property: SyntheticProperty = dailyTrafficProperty(),
): GoogleApiError {
  const result = runReport(body, { property, today: TODAY });
  if (result.ok) throw new Error("expected the request to be rejected");
  return result.error;
}

/** Each row as its dimension values followed by its metric values. */
export function table(rows: readonly RowJson[] | undefined): string[][] {
  return (rows ?? []).map((row) => [
    ...(row.dimensionValues ?? []).map((v) => v.value),
    ...(row.metricValues ?? []).map((v) => v.value),
  ]);
}

/** The first column of every row. */
export function firstColumn(response: ReportJson): string[] {
  return table(response.rows).map((row) => row[0] ?? "");
}
