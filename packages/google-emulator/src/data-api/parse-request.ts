/**
 * RunReportRequest (ga4-protocol.md §3.1) -> ReportQuery, or the 400 INVALID_ARGUMENT Google
 * gives. Features GA4 has but the stand-in does not compute (cohorts, comparisons, metric
 * expressions, pivot ordering, the COUNT aggregation) are refused by name rather than answered
 * with a report that would be wrong.
 */
import type { FactMetric } from "../synthetic/types.ts";
import { incompatiblePair, incompatibleRequest } from "./compatibility.ts";
import { resolveDay } from "./dates.ts";
import { readDimensionFilter, readMetricFilter } from "./filter-expression.ts";
import {
  DIMENSION_ORDER_TYPES,
  type DimensionLeaf,
  type DimensionSource,
  type FilterNode,
  filterLeaves,
  type MetricAggregation,
  type MetricLeaf,
  type ReportDateRange,
  type ReportDimension,
  type ReportMetric,
  type ReportOrder,
  type ReportQuery,
  sourceFields,
} from "./report-query.ts";
import {
  child,
  enumValue,
  type Fields,
  RequestRejected,
  readBool,
  readEnum,
  readInt64,
  readMessage,
  readOneof,
  readRepeated,
  readString,
  reject,
  stringAt,
} from "./request-fields.ts";
import {
  DATE_RANGE_DIMENSION,
  isItemDimension,
  isMetric,
  isSchemaDimension,
  notAValid,
} from "./schema.ts";

/** Limits from §3.1 / §3.7. */
export const MAX_DIMENSIONS = 9;
export const MAX_METRICS = 10;
export const MAX_DATE_RANGES = 4;
export const DEFAULT_LIMIT = 10_000;
export const MAX_LIMIT = 250_000;

const REQUEST_FIELDS = [
  "property",
  "dimensions",
  "metrics",
  "dateRanges",
  "dimensionFilter",
  "metricFilter",
  "offset",
  "limit",
  "metricAggregations",
  "orderBys",
  "currencyCode",
  "cohortSpec",
  "keepEmptyRows",
  "returnPropertyQuota",
  "comparisons",
];

const UNSUPPORTED = "The Utmost Google emulator does not support";

/** `today` is the property's current day (see dates.ts). */
export function parseRunReportRequest(body: unknown, today: number): ReportQuery {
  // An empty POST body is an empty message, as on Google's front end.
  const request = readMessage(body ?? {}, "", "RunReportRequest", REQUEST_FIELDS);
  // `property` is bound from the URL path (§3); a copy in the body does not change it.
  readString(request, "property", "");
  readBool(request, "returnPropertyQuota", "");
  rejectUnsupported(request);

  const { dimensions, metrics, dimensionFilter, metricFilter, schemaDimensions } =
    readReportFields(request);
  const item = [...schemaDimensions].find(isItemDimension);
  if (item !== undefined) reject(`${UNSUPPORTED} item-scoped dimensions such as ${item}.`);
  const dateRanges = readDateRanges(request, today);
  const columns = [...dimensions];
  // Several ranges: every row says which range it counts (§3.1), at the end unless requested.
  if (dateRanges.length > 1 && !dimensions.some((d) => d.source.kind === "dateRange")) {
    columns.push({ name: DATE_RANGE_DIMENSION, source: { kind: "dateRange" } });
  }

  const offset = readInt64(request, "offset", "");
  if (offset < 0) reject(`offset must not be negative; got ${offset}.`);
  const limit = readInt64(request, "limit", "");
  if (limit < 0) reject(`limit must be positive; got ${limit}.`);

  const currencyCode = readString(request, "currencyCode", "") || undefined;
  if (currencyCode !== undefined && !/^[A-Z]{3}$/.test(currencyCode)) {
    reject(`currencyCode must be an ISO 4217 code such as "USD"; got "${currencyCode}".`);
  }

  return {
    dimensions: columns,
    metrics,
    dateRanges,
    dimensionFilter,
    metricFilter,
    orderBys: readOrderBys(request, columns, metrics),
    metricAggregations: readMetricAggregations(request),
    keepEmptyRows: readBool(request, "keepEmptyRows", ""),
    currencyCode,
    offset,
    // proto3 cannot tell 0 from unset, so 0 is the default (§0); past the maximum it is coerced.
    limit: limit === 0 ? DEFAULT_LIMIT : Math.min(limit, MAX_LIMIT),
  };
}

/** What runReport and checkCompatibility both read: the fields of a report and their filters. */
export interface ReportFields {
  dimensions: ReportDimension[];
  metrics: ReportMetric[];
  dimensionFilter: FilterNode<DimensionLeaf> | undefined;
  metricFilter: FilterNode<MetricLeaf> | undefined;
  /** Every schema dimension the report reads, through an expression or a filter included. */
  schemaDimensions: ReadonlySet<string>;
}

/**
 * Reads dimensions, metrics and both filters, and refuses them together when GA4 cannot put
 * them in one report (compatibility.ts). A dimensionFilter may name any schema dimension, not
 * only the requested ones (docs/google-open-questions.md).
 */
export function readReportFields(request: Fields): ReportFields {
  const dimensions = readDimensions(request);
  const metrics = readMetrics(request);
  const resolveDimension = (name: string): DimensionSource | undefined => {
    const requested = dimensions.find((dimension) => dimension.name === name);
    if (requested) return requested.source;
    if (name === DATE_RANGE_DIMENSION) return { kind: "dateRange" };
    return isSchemaDimension(name) ? { kind: "field", field: name } : undefined;
  };
  const dimensionFilter =
    request.dimensionFilter === undefined
      ? undefined
      : readDimensionFilter(request.dimensionFilter, "dimension_filter", resolveDimension);
  const metricFilter =
    request.metricFilter === undefined
      ? undefined
      : readMetricFilter(
          request.metricFilter,
          "metric_filter",
          new Set(metrics.map((m) => m.name)),
          (name) => resolveDimension(name) !== undefined,
        );
  const schemaDimensions = new Set(dimensions.flatMap((d) => sourceFields(d.source)));
  for (const leaf of filterLeaves(dimensionFilter)) {
    for (const field of sourceFields(leaf.source)) schemaDimensions.add(field);
  }
  const pair = incompatiblePair(
    schemaDimensions,
    metrics.map((m) => m.name),
  );
  if (pair) throw new RequestRejected(incompatibleRequest(pair));
  return { dimensions, metrics, dimensionFilter, metricFilter, schemaDimensions };
}

function rejectUnsupported(request: Fields): void {
  if (request.cohortSpec !== undefined) {
    const cohortSpec = readMessage(request.cohortSpec, "cohort_spec", "CohortSpec", [
      "cohorts",
      "cohortsRange",
      "cohortReportSettings",
    ]);
    if (Object.keys(cohortSpec).length > 0) reject(`${UNSUPPORTED} cohort reports (cohortSpec).`);
  }
  if (readRepeated(request, "comparisons", "", "Comparison").length > 0) {
    reject(`${UNSUPPORTED} comparisons.`);
  }
}

/**
 * data.proto, Dimension.name: "Dimension names that you choose must match the regular
 * expression `^[a-zA-Z0-9_]$`." Read as one or more of those characters: the proto's own example
 * name is `countryAndCity`.
 */
const EXPRESSION_NAME = /^[a-zA-Z0-9_]+$/;

function readDimensions(request: Fields): ReportDimension[] {
  const items = readRepeated(request, "dimensions", "", "Dimension");
  if (items.length > MAX_DIMENSIONS) {
    reject(
      `Requests are allowed up to ${MAX_DIMENSIONS} dimensions; this request has ${items.length}.`,
    );
  }
  const messages = items.map((item, i) =>
    readMessage(item, `dimensions[${i}]`, "Dimension", ["name", "dimensionExpression"]),
  );
  // An expression reads dimensions of the request itself (data.proto, ConcatenateExpression and
  // CaseExpression: "The name must refer back to a name in dimensions field of the request.").
  const plain = new Set(
    messages.flatMap((fields, i) =>
      fields.dimensionExpression === undefined
        ? [readString(fields, "name", `dimensions[${i}]`) ?? ""]
        : [],
    ),
  );
  const dimensions = messages.map((fields, i): ReportDimension => {
    const path = `dimensions[${i}]`;
    const name = readString(fields, "name", path) ?? "";
    if (fields.dimensionExpression === undefined) {
      if (name === DATE_RANGE_DIMENSION) return { name, source: { kind: "dateRange" } };
      if (!isSchemaDimension(name)) reject(notAValid("dimension", name));
      return { name, source: { kind: "field", field: name } };
    }
    if (!EXPRESSION_NAME.test(name) || isSchemaDimension(name) || name === DATE_RANGE_DIMENSION) {
      reject(
        `A dimension with a dimensionExpression needs a name of its own made of letters, digits and underscores; got "${name}".`,
      );
    }
    return {
      name,
      source: readDimensionExpression(
        fields.dimensionExpression,
        child(path, "dimensionExpression"),
        (referenced, at) => requestDimension(referenced, at, name, plain),
      ),
    };
  });
  rejectDuplicates(
    dimensions.map((d) => d.name),
    "dimension",
  );
  return dimensions;
}

/** A name inside a dimensionExpression: a schema dimension requested on its own in `plain`. */
function requestDimension(
  value: unknown,
  path: string,
  expressionName: string,
  plain: ReadonlySet<string>,
): string {
  const name = stringAt(value ?? "", path);
  if (!isSchemaDimension(name)) reject(notAValid("dimension", name));
  if (!plain.has(name)) {
    reject(
      `The dimensionExpression of ${expressionName} names ${name}, which is not in the dimensions of the request. The names in a dimensionExpression must refer back to names in the dimensions field of the request.`,
    );
  }
  return name;
}

type NameReader = (value: unknown, path: string) => string;

function readDimensionExpression(
  value: unknown,
  path: string,
  dimensionName: NameReader,
): DimensionSource {
  const fields = readMessage(value, path, "DimensionExpression", [
    "lowerCase",
    "upperCase",
    "concatenate",
  ]);
  const member = readOneof(fields, path, "one_expression", [
    "lowerCase",
    "upperCase",
    "concatenate",
  ]);
  switch (member) {
    case "lowerCase":
    case "upperCase": {
      const casePath = child(path, member);
      const expression = readMessage(
        fields[member],
        casePath,
        "DimensionExpression.CaseExpression",
        ["dimensionName"],
      );
      return {
        kind: member,
        field: dimensionName(expression.dimensionName, child(casePath, "dimensionName")),
      };
    }
    case "concatenate": {
      const concatPath = child(path, "concatenate");
      const expression = readMessage(
        fields.concatenate,
        concatPath,
        "DimensionExpression.ConcatenateExpression",
        ["dimensionNames", "delimiter"],
      );
      const names = readRepeated(expression, "dimensionNames", concatPath, "TYPE_STRING");
      if (names.length === 0) reject("A concatenate expression needs at least one dimension name.");
      return {
        kind: "concatenate",
        fields: names.map((name, i) =>
          dimensionName(name, `${child(concatPath, "dimensionNames")}[${i}]`),
        ),
        delimiter: readString(expression, "delimiter", concatPath) ?? "",
      };
    }
    default:
      return reject("A dimensionExpression must set one of lowerCase, upperCase or concatenate.");
  }
}

function readMetrics(request: Fields): ReportMetric[] {
  const items = readRepeated(request, "metrics", "", "Metric");
  if (items.length > MAX_METRICS) {
    reject(`Requests are allowed up to ${MAX_METRICS} metrics; this request has ${items.length}.`);
  }
  const metrics = items.map((item, i): ReportMetric => {
    const path = `metrics[${i}]`;
    const fields = readMessage(item, path, "Metric", ["name", "expression", "invisible"]);
    const name = readString(fields, "name", path) ?? "";
    if (readString(fields, "expression", path)) reject(`${UNSUPPORTED} metric expressions.`);
    if (!isMetric(name)) reject(notAValid("metric", name));
    return { name, invisible: readBool(fields, "invisible", path) };
  });
  rejectDuplicates(
    metrics.map((m) => m.name),
    "metric",
  );
  return metrics;
}

function rejectDuplicates(names: readonly string[], kind: string): void {
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) reject(`The ${kind} ${duplicate} is requested more than once.`);
}

const RESERVED_RANGE_PREFIXES = ["date_range_", "RESERVED_"];

function readDateRanges(request: Fields, today: number): ReportDateRange[] {
  const items = readRepeated(request, "dateRanges", "", "DateRange");
  if (items.length === 0) reject("A report needs at least one date range (dateRanges).");
  if (items.length > MAX_DATE_RANGES) {
    reject(
      `Requests are allowed up to ${MAX_DATE_RANGES} date ranges; this request has ${items.length}.`,
    );
  }
  const ranges = items.map((item, i): ReportDateRange => {
    const path = `date_ranges[${i}]`;
    const fields = readMessage(item, path, "DateRange", ["startDate", "endDate", "name"]);
    const bound = (field: "startDate" | "endDate"): number => {
      const text = readString(fields, field, path) ?? "";
      const day = resolveDay(text, today);
      if (day === undefined) {
        reject(
          `Invalid ${field} "${text}" in dateRanges[${i}]: use YYYY-MM-DD, NdaysAgo, yesterday or today.`,
        );
      }
      return day;
    };
    const startDay = bound("startDate");
    const endDay = bound("endDate");
    if (startDay > endDay) reject(`In dateRanges[${i}] the startDate is after the endDate.`);
    const given = readString(fields, "name", path) ?? "";
    if (RESERVED_RANGE_PREFIXES.some((prefix) => given.startsWith(prefix))) {
      reject(`Date range name "${given}" cannot begin with "date_range_" or "RESERVED_".`);
    }
    return { name: given || `date_range_${i}`, startDay, endDay };
  });
  rejectDuplicates(
    ranges.map((r) => r.name),
    "date range name",
  );
  return ranges;
}

function readOrderBys(
  request: Fields,
  columns: readonly ReportDimension[],
  metrics: readonly ReportMetric[],
): ReportOrder[] {
  return readRepeated(request, "orderBys", "", "OrderBy").map((item, i): ReportOrder => {
    const path = `order_bys[${i}]`;
    const fields = readMessage(item, path, "OrderBy", ["metric", "dimension", "pivot", "desc"]);
    const desc = readBool(fields, "desc", path);
    const member = readOneof(fields, path, "one_order_by", ["metric", "dimension", "pivot"]);
    if (member === "metric") {
      const metricPath = child(path, "metric");
      const metric = readMessage(fields.metric, metricPath, "OrderBy.MetricOrderBy", [
        "metricName",
      ]);
      const name = readString(metric, "metricName", metricPath) ?? "";
      if (!isMetric(name)) reject(notAValid("metric", name));
      if (!metrics.some((m) => m.name === name)) {
        reject(`orderBys[${i}] orders by ${name}, which is not one of the request's metrics.`);
      }
      return { kind: "metric", metric: name satisfies FactMetric, desc };
    }
    if (member === "dimension") {
      const dimensionPath = child(path, "dimension");
      const dimension = readMessage(fields.dimension, dimensionPath, "OrderBy.DimensionOrderBy", [
        "dimensionName",
        "orderType",
      ]);
      const name = readString(dimension, "dimensionName", dimensionPath) ?? "";
      const index = columns.findIndex((column) => column.name === name);
      if (index < 0) {
        if (!isSchemaDimension(name) && name !== DATE_RANGE_DIMENSION)
          reject(notAValid("dimension", name));
        reject(`orderBys[${i}] orders by ${name}, which is not one of the request's dimensions.`);
      }
      const orderType = readEnum(
        dimension,
        "orderType",
        dimensionPath,
        "OrderBy.DimensionOrderBy.OrderType",
        ["ORDER_TYPE_UNSPECIFIED", ...DIMENSION_ORDER_TYPES],
      );
      return {
        kind: "dimension",
        index,
        orderType:
          orderType === undefined || orderType === "ORDER_TYPE_UNSPECIFIED"
            ? "ALPHANUMERIC"
            : orderType,
        desc,
      };
    }
    if (member === "pivot") reject(`${UNSUPPORTED} pivot ordering.`);
    return reject(`orderBys[${i}] must set a metric or a dimension to order by.`);
  });
}

function readMetricAggregations(request: Fields): MetricAggregation[] {
  const aggregations = readRepeated(request, "metricAggregations", "", "MetricAggregation").map(
    (item, i) =>
      enumValue(item, `metric_aggregations[${i}]`, "MetricAggregation", [
        "METRIC_AGGREGATION_UNSPECIFIED",
        "TOTAL",
        "MINIMUM",
        "MAXIMUM",
        "COUNT",
      ]),
  );
  const supported: MetricAggregation[] = [];
  for (const aggregation of aggregations) {
    if (aggregation === "COUNT") reject(`${UNSUPPORTED} the COUNT metric aggregation.`);
    if (aggregation === "METRIC_AGGREGATION_UNSPECIFIED") {
      reject("metricAggregations cannot contain METRIC_AGGREGATION_UNSPECIFIED.");
    }
    if (!supported.includes(aggregation)) supported.push(aggregation);
  }
  return supported;
}
