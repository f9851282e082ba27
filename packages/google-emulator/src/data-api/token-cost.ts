/**
 * Quota tokens a runReport charges. Google publishes no formula, only that "most requests
 * consume fewer than 10 tokens" and that cost grows with rows, columns, filter complexity and
 * date range length (ga4-protocol.md §3.8). The stand-in's model is deterministic so tests and
 * quota scenarios can count on it:
 *
 *   tokens = 1
 *          + ceil(factRowsScanned / 100,000)   the data read
 *          + ceil(daysScanned / 30)            the date range length, in days that have data
 *          + 2 per regular-expression filter   the costliest filters
 *
 * Days are counted once even when date ranges overlap, and only up to yesterday (no data after).
 * A page served from the report cache costs what the first page did: Google charges each
 * request, however it computes it.
 */
export interface ReportWork {
  factRowsScanned: number;
  daysScanned: number;
  regexFilters: number;
}

export const ROWS_PER_TOKEN = 100_000;
export const DAYS_PER_TOKEN = 30;
export const TOKENS_PER_REGEX_FILTER = 2;

export function reportTokenCost(work: ReportWork): number {
  return (
    1 +
    Math.ceil(work.factRowsScanned / ROWS_PER_TOKEN) +
    Math.ceil(work.daysScanned / DAYS_PER_TOKEN) +
    TOKENS_PER_REGEX_FILTER * work.regexFilters
  );
}
