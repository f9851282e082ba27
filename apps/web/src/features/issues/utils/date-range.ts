/** Spec §9: issue lists and exports cover 7, 30 or 90 days, or all time; 7 by default. */
export const DATE_RANGES = [
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "all", label: "All time" },
] as const;

export type DateRange = (typeof DATE_RANGES)[number]["value"];

export const DEFAULT_DATE_RANGE: DateRange = "7";

export function isDateRange(value: string): value is DateRange {
  return DATE_RANGES.some((range) => range.value === value);
}

/** The `?days=` query of a range; all time sends none. */
export function dateRangeQuery(range: DateRange): string {
  return range === "all" ? "" : `?days=${range}`;
}
