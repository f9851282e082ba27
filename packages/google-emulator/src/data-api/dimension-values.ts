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
 * The event-scoped fields of the event being counted, when a report splits fact rows into
 * events (event-scope.ts): the caller sets them before reading the row.
 */
export interface EventFields {
  eventName: string;
  pageReferrer: string;
}

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

function fieldExtractor(field: string, event: EventFields | undefined): Extractor {
  if (event !== undefined) {
    if (field === "eventName") return () => event.eventName;
    if (field === "pageReferrer") return () => event.pageReferrer;
  }
  if (isDerivedDimension(field)) {
    const [first, second] = DERIVED_DIMENSIONS[field].parts.map((part) => FIELD_READERS[part]);
    return (row) => `${first?.(row)} / ${second?.(row)}`;
  }
  // Validation let only schema names through, and every other schema name is a fact field
  // (eventName is only read with `event`, which a report using it always passes).
  return FIELD_READERS[field as FactDimension];
}

/** Without `event`, event-scoped fields read the fact row (pageReferrer: the landing's). */
export function extractor(
  source: DimensionSource,
  rangeNames: readonly string[],
  event?: EventFields,
): Extractor {
  switch (source.kind) {
    case "field":
      return fieldExtractor(source.field, event);
    case "dateRange":
      return (_, range) => rangeNames[range] ?? "";
    case "lowerCase": {
      const inner = fieldExtractor(source.field, event);
      return (row, range) => inner(row, range).toLowerCase();
    }
    case "upperCase": {
      const inner = fieldExtractor(source.field, event);
      return (row, range) => inner(row, range).toUpperCase();
    }
    case "concatenate": {
      const parts = source.fields.map((field) => fieldExtractor(field, event));
      const { delimiter } = source;
      return (row, range) => parts.map((part) => part(row, range)).join(delimiter);
    }
  }
}
