/**
 * A report column's value for one fact row, as a function built once per request: the aggregation
 * loop calls these millions of times, so each is a direct field read or a short closure.
 */
import type { FactDimension, FactRow } from "../synthetic/types.ts";
import type { DimensionSource } from "./report-query.ts";
import { DERIVED_DIMENSIONS, isDerivedDimension } from "./schema.ts";

/** `range` is the index of the date range the row is counted in. */
export type Extractor = (row: FactRow, range: number) => string;

/**
 * One reader per fact field, each with its property name written out: a single `row[name]`
 * closure shared by every column would make that property access megamorphic in the hot loop.
 */
const FIELD_READERS: Readonly<Record<FactDimension, (row: FactRow) => string>> = {
  date: (row) => row.date,
  sessionSource: (row) => row.sessionSource,
  sessionMedium: (row) => row.sessionMedium,
  sessionCampaignName: (row) => row.sessionCampaignName,
  sessionCampaignId: (row) => row.sessionCampaignId,
  sessionDefaultChannelGroup: (row) => row.sessionDefaultChannelGroup,
  sessionManualSource: (row) => row.sessionManualSource,
  sessionManualMedium: (row) => row.sessionManualMedium,
  sessionManualCampaignName: (row) => row.sessionManualCampaignName,
  sessionManualCampaignId: (row) => row.sessionManualCampaignId,
  sessionManualTerm: (row) => row.sessionManualTerm,
  sessionManualAdContent: (row) => row.sessionManualAdContent,
  landingPage: (row) => row.landingPage,
  landingPagePlusQueryString: (row) => row.landingPagePlusQueryString,
  pageReferrer: (row) => row.pageReferrer,
  hostName: (row) => row.hostName,
  deviceCategory: (row) => row.deviceCategory,
};

function fieldExtractor(field: string): Extractor {
  if (isDerivedDimension(field)) {
    const [first, second] = DERIVED_DIMENSIONS[field].parts.map((part) => FIELD_READERS[part]);
    return (row) => `${first?.(row)} / ${second?.(row)}`;
  }
  // Validation let only schema names through, and every other schema name is a fact field.
  return FIELD_READERS[field as FactDimension];
}

export function extractor(source: DimensionSource, rangeNames: readonly string[]): Extractor {
  switch (source.kind) {
    case "field":
      return fieldExtractor(source.field);
    case "dateRange":
      return (_, range) => rangeNames[range] ?? "";
    case "lowerCase": {
      const inner = fieldExtractor(source.field);
      return (row, range) => inner(row, range).toLowerCase();
    }
    case "upperCase": {
      const inner = fieldExtractor(source.field);
      return (row, range) => inner(row, range).toUpperCase();
    }
    case "concatenate": {
      const parts = source.fields.map(fieldExtractor);
      const { delimiter } = source;
      return (row, range) => parts.map((part) => part(row, range)).join(delimiter);
    }
  }
}
