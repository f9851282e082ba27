/**
 * A runReport request after validation: names resolved, dates absolute, defaults applied. It is
 * plain data (no functions, no RegExp), so its JSON is the cache key of the report it asks for.
 */
import type { FactMetric } from "../synthetic/types.ts";

/** Where a report column's value comes from. */
export type DimensionSource =
  /** A schema dimension: a fact field or a derived `source / medium`. */
  | { kind: "field"; field: string }
  /** The name of the date range the row belongs to. */
  | { kind: "dateRange" }
  | { kind: "lowerCase" | "upperCase"; field: string }
  | { kind: "concatenate"; fields: readonly string[]; delimiter: string };

export interface ReportDimension {
  /** The column header: the schema name, or the name chosen for a dimensionExpression. */
  name: string;
  source: DimensionSource;
}

export interface ReportMetric {
  name: FactMetric;
  /** Usable in metricFilter and orderBys but not a column of the response. */
  invisible: boolean;
}

export interface ReportDateRange {
  /** The given name, or `date_range_N` by position. */
  name: string;
  startDay: number;
  endDay: number;
}

export type FilterNode<Leaf> =
  | { kind: "and" | "or"; expressions: readonly FilterNode<Leaf>[] }
  | { kind: "not"; expression: FilterNode<Leaf> }
  | { kind: "leaf"; leaf: Leaf };

export const MATCH_TYPES = [
  "EXACT",
  "BEGINS_WITH",
  "ENDS_WITH",
  "CONTAINS",
  "FULL_REGEXP",
  "PARTIAL_REGEXP",
] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export type DimensionTest =
  | { kind: "string"; matchType: MatchType; value: string; caseSensitive: boolean }
  | { kind: "inList"; values: readonly string[]; caseSensitive: boolean }
  | { kind: "empty" };

export interface DimensionLeaf {
  field: string;
  source: DimensionSource;
  test: DimensionTest;
}

export const NUMERIC_OPERATIONS = [
  "EQUAL",
  "LESS_THAN",
  "LESS_THAN_OR_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_OR_EQUAL",
] as const;
export type NumericOperation = (typeof NUMERIC_OPERATIONS)[number];

export type MetricTest =
  | { kind: "numeric"; operation: NumericOperation; value: number }
  | { kind: "between"; from: number; to: number };

export interface MetricLeaf {
  metric: FactMetric;
  test: MetricTest;
}

export const DIMENSION_ORDER_TYPES = [
  "ALPHANUMERIC",
  "CASE_INSENSITIVE_ALPHANUMERIC",
  "NUMERIC",
] as const;
export type DimensionOrderType = (typeof DIMENSION_ORDER_TYPES)[number];

export type ReportOrder =
  | { kind: "metric"; metric: FactMetric; desc: boolean }
  | { kind: "dimension"; index: number; orderType: DimensionOrderType; desc: boolean };

export type MetricAggregation = "TOTAL" | "MINIMUM" | "MAXIMUM";

export interface ReportQuery {
  /** Response columns in order; a multi-range request ends with `dateRange`. */
  dimensions: readonly ReportDimension[];
  metrics: readonly ReportMetric[];
  dateRanges: readonly ReportDateRange[];
  dimensionFilter: FilterNode<DimensionLeaf> | undefined;
  metricFilter: FilterNode<MetricLeaf> | undefined;
  orderBys: readonly ReportOrder[];
  metricAggregations: readonly MetricAggregation[];
  keepEmptyRows: boolean;
  /** Echoed in the metadata; the property's currency when unset. */
  currencyCode: string | undefined;
  offset: number;
  limit: number;
}

/** The schema dimensions a dimension's source reads. */
export function sourceFields(source: DimensionSource): readonly string[] {
  switch (source.kind) {
    case "field":
    case "lowerCase":
    case "upperCase":
      return [source.field];
    case "concatenate":
      return source.fields;
    case "dateRange":
      return [];
  }
}

/** Every leaf of a filter expression, however deep. */
export function filterLeaves<Leaf>(node: FilterNode<Leaf> | undefined): Leaf[] {
  if (node === undefined) return [];
  switch (node.kind) {
    case "leaf":
      return [node.leaf];
    case "not":
      return filterLeaves(node.expression);
    default:
      return node.expressions.flatMap((expression) => filterLeaves(expression));
  }
}
