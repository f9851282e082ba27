/**
 * FilterExpression (ga4-protocol.md §3.2): reading one from a request, and turning it into a
 * predicate. A dimensionFilter holds only dimension filters (string, in-list, empty) and runs on
 * fact rows before aggregation; a metricFilter holds only metric filters (numeric, between) and
 * runs on aggregated rows, like SQL's HAVING.
 */
import { FACT_METRICS, type FactMetric, type FactRow } from "../synthetic/types.ts";
import type { Extractor } from "./dimension-values.ts";
import type {
  DimensionLeaf,
  DimensionSource,
  DimensionTest,
  FilterNode,
  MetricLeaf,
  MetricTest,
} from "./report-query.ts";
import { MATCH_TYPES, NUMERIC_OPERATIONS } from "./report-query.ts";
import {
  child,
  type Fields,
  readBool,
  readDouble,
  readEnum,
  readInt64,
  readMessage,
  readOneof,
  readRepeated,
  readString,
  reject,
  stringAt,
} from "./request-fields.ts";
import { isMetric, notAValid } from "./schema.ts";

type LeafReader<Leaf> = (filter: Fields, path: string) => Leaf;

/** FilterExpression is a oneof of these (§3.2). */
const EXPRESSION_MEMBERS = ["andGroup", "orGroup", "notExpression", "filter"] as const;

function readExpression<Leaf>(
  value: unknown,
  path: string,
  readLeaf: LeafReader<Leaf>,
): FilterNode<Leaf> {
  const fields = readMessage(value, path, "FilterExpression", EXPRESSION_MEMBERS);
  const member = readOneof(fields, path, "expr", EXPRESSION_MEMBERS);
  switch (member) {
    case "andGroup":
    case "orGroup": {
      const groupPath = child(path, member);
      const group = readMessage(fields[member], groupPath, "FilterExpressionList", ["expressions"]);
      const expressions = readRepeated(group, "expressions", groupPath, "FilterExpression");
      if (expressions.length === 0) reject(`${member} must contain at least one expression.`);
      return {
        kind: member === "andGroup" ? "and" : "or",
        expressions: expressions.map((expression, i) =>
          readExpression(expression, `${child(groupPath, "expressions")}[${i}]`, readLeaf),
        ),
      };
    }
    case "notExpression":
      return {
        kind: "not",
        expression: readExpression(fields.notExpression, child(path, "notExpression"), readLeaf),
      };
    case "filter": {
      const filterPath = child(path, "filter");
      const filter = readMessage(fields.filter, filterPath, "Filter", [
        "fieldName",
        ...FILTER_KINDS,
      ]);
      return { kind: "leaf", leaf: readLeaf(filter, filterPath) };
    }
    default:
      return reject(
        "A FilterExpression must set one of andGroup, orGroup, notExpression or filter.",
      );
  }
}

const FILTER_KINDS = [
  "stringFilter",
  "inListFilter",
  "numericFilter",
  "betweenFilter",
  "emptyFilter",
] as const;

function readFilterKind(
  filter: Fields,
  path: string,
  fieldName: string,
): (typeof FILTER_KINDS)[number] {
  const kind = readOneof(filter, path, "one_filter", FILTER_KINDS);
  if (kind === undefined) {
    reject(
      `The filter on ${fieldName} must set one of stringFilter, inListFilter, numericFilter, betweenFilter or emptyFilter.`,
    );
  }
  return kind;
}

function readFieldName(filter: Fields, path: string): string {
  const name = readString(filter, "fieldName", path);
  if (!name) reject("A filter must name its field (fieldName).");
  return name;
}

/** Resolves a name used in a dimensionFilter: a requested dimension or any schema dimension. */
export type DimensionResolver = (name: string) => DimensionSource | undefined;

export function readDimensionFilter(
  value: unknown,
  path: string,
  resolve: DimensionResolver,
): FilterNode<DimensionLeaf> {
  return readExpression(value, path, (filter, filterPath) => {
    const field = readFieldName(filter, filterPath);
    const source = resolve(field);
    if (source === undefined) {
      if (isMetric(field)) {
        reject(
          `Metric ${field} cannot be used in dimensionFilter. Filter on metrics with metricFilter.`,
        );
      }
      reject(notAValid("dimension", field));
    }
    const kind = readFilterKind(filter, filterPath, field);
    const kindPath = child(filterPath, kind);
    return { field, source, test: readDimensionTest(kind, filter[kind], kindPath, field) };
  });
}

function readDimensionTest(
  kind: (typeof FILTER_KINDS)[number],
  value: unknown,
  path: string,
  field: string,
): DimensionTest {
  switch (kind) {
    case "stringFilter": {
      const fields = readMessage(value, path, "Filter.StringFilter", [
        "matchType",
        "value",
        "caseSensitive",
      ]);
      // Google's own samples send a bare {value}: an unspecified match type is an exact match.
      const matchType =
        readEnum(fields, "matchType", path, "Filter.StringFilter.MatchType", [
          "MATCH_TYPE_UNSPECIFIED",
          ...MATCH_TYPES,
        ]) ?? "MATCH_TYPE_UNSPECIFIED";
      const test: DimensionTest = {
        kind: "string",
        matchType: matchType === "MATCH_TYPE_UNSPECIFIED" ? "EXACT" : matchType,
        value: readString(fields, "value", path) ?? "",
        caseSensitive: readBool(fields, "caseSensitive", path),
      };
      if (test.matchType === "FULL_REGEXP" || test.matchType === "PARTIAL_REGEXP") {
        compilePattern(test.value, test.matchType === "FULL_REGEXP", test.caseSensitive, field);
      }
      return test;
    }
    case "inListFilter": {
      const fields = readMessage(value, path, "Filter.InListFilter", ["values", "caseSensitive"]);
      const values = readRepeated(fields, "values", path, "TYPE_STRING").map((item, i) =>
        stringAt(item, `${child(path, "values")}[${i}]`),
      );
      if (values.length === 0) reject(`The inListFilter on ${field} must have at least one value.`);
      return {
        kind: "inList",
        values,
        caseSensitive: readBool(fields, "caseSensitive", path),
      };
    }
    case "emptyFilter":
      readMessage(value, path, "Filter.EmptyFilter", []);
      return { kind: "empty" };
    default:
      return reject(`${field} is a dimension: ${kind} applies to metrics, in metricFilter.`);
  }
}

/** Reads a metricFilter; its fields must be metrics of the request (visible or not). */
export function readMetricFilter(
  value: unknown,
  path: string,
  requested: ReadonlySet<FactMetric>,
  isDimension: (name: string) => boolean,
): FilterNode<MetricLeaf> {
  return readExpression(value, path, (filter, filterPath) => {
    const field = readFieldName(filter, filterPath);
    if (!isMetric(field)) {
      if (isDimension(field)) {
        reject(
          `Dimension ${field} cannot be used in metricFilter. Filter on dimensions with dimensionFilter.`,
        );
      }
      reject(notAValid("metric", field));
    }
    if (!requested.has(field)) {
      reject(`Metric ${field} is used in metricFilter but is not one of the request's metrics.`);
    }
    const kind = readFilterKind(filter, filterPath, field);
    const kindPath = child(filterPath, kind);
    return { metric: field, test: readMetricTest(kind, filter[kind], kindPath, field) };
  });
}

function readMetricTest(
  kind: (typeof FILTER_KINDS)[number],
  value: unknown,
  path: string,
  field: string,
): MetricTest {
  switch (kind) {
    case "numericFilter": {
      const fields = readMessage(value, path, "Filter.NumericFilter", ["operation", "value"]);
      const operation = readEnum(fields, "operation", path, "Filter.NumericFilter.Operation", [
        "OPERATION_UNSPECIFIED",
        ...NUMERIC_OPERATIONS,
      ]);
      if (operation === undefined || operation === "OPERATION_UNSPECIFIED") {
        reject(`The numericFilter on ${field} must set an operation.`);
      }
      return {
        kind: "numeric",
        operation,
        value: readNumericValue(fields.value, child(path, "value"), field),
      };
    }
    case "betweenFilter": {
      const fields = readMessage(value, path, "Filter.BetweenFilter", ["fromValue", "toValue"]);
      return {
        kind: "between",
        from: readNumericValue(fields.fromValue, child(path, "fromValue"), field),
        to: readNumericValue(fields.toValue, child(path, "toValue"), field),
      };
    }
    default:
      return reject(`${field} is a metric: ${kind} applies to dimensions, in dimensionFilter.`);
  }
}

function readNumericValue(value: unknown, path: string, field: string): number {
  if (value === undefined) reject(`The filter on ${field} is missing a value.`);
  const fields = readMessage(value, path, "NumericValue", ["int64Value", "doubleValue"]);
  const member = readOneof(fields, path, "one_value", ["int64Value", "doubleValue"]);
  if (member === "int64Value") return readInt64(fields, "int64Value", path);
  if (member === "doubleValue") return readDouble(fields, "doubleValue", path) ?? 0;
  return reject(`The filter on ${field} needs an int64Value or a doubleValue.`);
}

const LOOKAROUND = /\(\?<?[=!]/;
const BACKREFERENCE = /\\[1-9]|\\k</;

/**
 * Compiles a FULL_REGEXP / PARTIAL_REGEXP value. GA4 uses RE2 (§3.2, unverified); JavaScript's
 * dialect is close, so RE2's leading `(?i)` and `(?P<name>` are translated and the Perl features
 * RE2 refuses (lookaround, backreferences) are refused here too rather than quietly working.
 */
export function compilePattern(
  pattern: string,
  full: boolean,
  caseSensitive: boolean,
  field: string,
): RegExp {
  let source = pattern.replaceAll("(?P<", "(?<");
  let flags = caseSensitive ? "" : "i";
  if (source.startsWith("(?i)")) {
    source = source.slice(4);
    flags = "i";
  }
  const invalid = (): never =>
    reject(`Invalid regular expression ${JSON.stringify(pattern)} in the filter on ${field}.`);
  if (LOOKAROUND.test(source) || BACKREFERENCE.test(source)) invalid();
  try {
    // Checked alone first: wrapping an unbalanced pattern such as `a)|(b` would make it valid.
    new RegExp(source, flags);
    return new RegExp(full ? `^(?:${source})$` : source, flags);
  } catch {
    return invalid();
  }
}

/** How many leaves of a filter are regular expressions, for the token cost. */
export function countRegexFilters(node: FilterNode<DimensionLeaf> | undefined): number {
  if (node === undefined) return 0;
  switch (node.kind) {
    case "and":
    case "or":
      return node.expressions.reduce((sum, expression) => sum + countRegexFilters(expression), 0);
    case "not":
      return countRegexFilters(node.expression);
    case "leaf": {
      const { test } = node.leaf;
      return test.kind === "string" && test.matchType.endsWith("_REGEXP") ? 1 : 0;
    }
  }
}

export type RowPredicate = (row: FactRow, range: number) => boolean;

/** The most distinct values one leaf remembers its answer for; the rest are tested each time. */
const MEMO_LIMIT = 100_000;

function valueTest(test: DimensionTest, field: string): (value: string) => boolean {
  switch (test.kind) {
    case "empty":
      return (value) => value === "" || value === "(not set)";
    case "inList": {
      const fold = (value: string) => (test.caseSensitive ? value : value.toLowerCase());
      const values = new Set(test.values.map(fold));
      return (value) => values.has(fold(value));
    }
    case "string": {
      const { matchType, caseSensitive } = test;
      if (matchType === "FULL_REGEXP" || matchType === "PARTIAL_REGEXP") {
        const regex = compilePattern(test.value, matchType === "FULL_REGEXP", caseSensitive, field);
        return (value) => regex.test(value);
      }
      const wanted = caseSensitive ? test.value : test.value.toLowerCase();
      const fold = (value: string) => (caseSensitive ? value : value.toLowerCase());
      switch (matchType) {
        case "EXACT":
          return (value) => fold(value) === wanted;
        case "BEGINS_WITH":
          return (value) => fold(value).startsWith(wanted);
        case "ENDS_WITH":
          return (value) => fold(value).endsWith(wanted);
        case "CONTAINS":
          return (value) => fold(value).includes(wanted);
      }
    }
  }
}

function memoised(test: (value: string) => boolean): (value: string) => boolean {
  const answers = new Map<string, boolean>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined) {
      answer = test(value);
      if (answers.size < MEMO_LIMIT) answers.set(value, answer);
    }
    return answer;
  };
}

export function compileDimensionFilter(
  node: FilterNode<DimensionLeaf>,
  extractorFor: (source: DimensionSource) => Extractor,
): RowPredicate {
  switch (node.kind) {
    case "and": {
      const parts = node.expressions.map((e) => compileDimensionFilter(e, extractorFor));
      return (row, range) => parts.every((part) => part(row, range));
    }
    case "or": {
      const parts = node.expressions.map((e) => compileDimensionFilter(e, extractorFor));
      return (row, range) => parts.some((part) => part(row, range));
    }
    case "not": {
      const inner = compileDimensionFilter(node.expression, extractorFor);
      return (row, range) => !inner(row, range);
    }
    case "leaf": {
      const extract = extractorFor(node.leaf.source);
      const { test: leafTest, field } = node.leaf;
      // Fact values repeat across days and rows, so a regex's answer for a value is reused; the
      // other tests cost less than the lookup.
      const isRegex = leafTest.kind === "string" && leafTest.matchType.endsWith("_REGEXP");
      const test = isRegex ? memoised(valueTest(leafTest, field)) : valueTest(leafTest, field);
      return (row, range) => test(extract(row, range));
    }
  }
}

/** Aggregated metric values, indexed like FACT_METRICS. */
export type MetricValues = ArrayLike<number>;

export function compileMetricFilter(
  node: FilterNode<MetricLeaf>,
): (values: MetricValues) => boolean {
  switch (node.kind) {
    case "and": {
      const parts = node.expressions.map(compileMetricFilter);
      return (values) => parts.every((part) => part(values));
    }
    case "or": {
      const parts = node.expressions.map(compileMetricFilter);
      return (values) => parts.some((part) => part(values));
    }
    case "not": {
      const inner = compileMetricFilter(node.expression);
      return (values) => !inner(values);
    }
    case "leaf": {
      const index = FACT_METRICS.indexOf(node.leaf.metric);
      const compare = numericTest(node.leaf.test);
      return (values) => compare(values[index] ?? 0);
    }
  }
}

function numericTest(test: MetricTest): (value: number) => boolean {
  if (test.kind === "between") return (value) => value >= test.from && value <= test.to;
  const target = test.value;
  switch (test.operation) {
    case "EQUAL":
      return (value) => value === target;
    case "LESS_THAN":
      return (value) => value < target;
    case "LESS_THAN_OR_EQUAL":
      return (value) => value <= target;
    case "GREATER_THAN":
      return (value) => value > target;
    case "GREATER_THAN_OR_EQUAL":
      return (value) => value >= target;
  }
}
