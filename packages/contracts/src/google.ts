import { z } from "zod";

/**
 * Google's wire shapes: OAuth 2.0 + OpenID, the GA4 Admin API v1beta and the GA4 Data API v1beta
 * (shared/reference/ga4-protocol.md). The production client and the Google emulator both use them.
 *
 * Shapes we receive use `z.object`, which drops unknown keys instead of failing: Google adds
 * fields without notice, and a new field must not break a scan. Types are strict: int64 values
 * are strings, int32 values are numbers, metric values are strings (§0). Enums we receive are
 * plain strings for the same reason as unknown keys; the known values are listed beside them.
 * proto3 JSON omits empty arrays, `false`, `0` and `""` (§0), so such fields are optional, and
 * lists default to `[]` so inner code never checks for a missing key.
 */

/** An int64 as Google emits it (§0): a decimal string. */
const Int64StringSchema = z.string().regex(/^-?\d+$/, "must be an int64 decimal string");

/** An int64 as Google accepts it: a JSON number or a string (proto3 JSON mapping), sent as a string. */
const Int64InputSchema = z
  .union([Int64StringSchema, z.number().int()])
  .transform((value) => String(value));

/** Google's int32 fields are JSON numbers (§0). */
const Int32Schema = z.number().int();

// ---------------------------------------------------------------------------------------------
// OAuth 2.0 and OpenID Connect (§1)
// ---------------------------------------------------------------------------------------------

/** The scope that covers the Admin API and Data API reads (§1.2). */
export const GA4_READONLY_SCOPE = "https://www.googleapis.com/auth/analytics.readonly";

/** Token endpoint success body, for both code exchange and refresh (§1.5). */
export const GoogleTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().nonnegative(),
  /** Only on a code exchange with `access_type=offline`; normally absent from refreshes. */
  refresh_token: z.string().min(1).optional(),
  /** Space-delimited granted scopes; the user may have unticked some (§1.3). */
  scope: z.string().optional(),
  token_type: z.string(),
  id_token: z.string().optional(),
  refresh_token_expires_in: z.number().int().optional(),
});
export type GoogleTokenResponse = z.infer<typeof GoogleTokenResponseSchema>;

/** Token endpoint failure body: flat RFC 6749, not the API envelope (§1.7). */
export const GoogleTokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
  error_uri: z.string().optional(),
});
export type GoogleTokenError = z.infer<typeof GoogleTokenErrorSchema>;

/** The OpenID discovery document, the fields a client reads (§1.10). */
export const GoogleDiscoveryDocumentSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
  revocation_endpoint: z.url(),
  jwks_uri: z.url(),
  response_types_supported: z.array(z.string()),
  subject_types_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()).optional(),
  claims_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  grant_types_supported: z.array(z.string()).optional(),
});
export type GoogleDiscoveryDocument = z.infer<typeof GoogleDiscoveryDocumentSchema>;

/** OpenID UserInfo (§1.10); `sub` is the stable key, never the email. */
export const GoogleUserInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
  locale: z.string().optional(),
  hd: z.string().optional(),
});
export type GoogleUserInfo = z.infer<typeof GoogleUserInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Errors of the REST APIs (§0, §3.10)
// ---------------------------------------------------------------------------------------------

export const GOOGLE_ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";

/** One typed entry of `error.details`; only `@type` is common to all of them. */
export const GoogleErrorDetailSchema = z.looseObject({ "@type": z.string() });
export type GoogleErrorDetail = z.infer<typeof GoogleErrorDetailSchema>;

/** `google.rpc.ErrorInfo`, whose `reason` tells e.g. ACCESS_TOKEN_SCOPE_INSUFFICIENT apart. */
export const GoogleErrorInfoSchema = z.object({
  "@type": z.literal(GOOGLE_ERROR_INFO_TYPE),
  reason: z.string(),
  domain: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type GoogleErrorInfo = z.infer<typeof GoogleErrorInfoSchema>;

/** `{"error": {code, message, status, details?}}`, a `google.rpc.Status` as REST JSON. */
export const GoogleApiErrorResponseSchema = z.object({
  error: z.object({
    code: Int32Schema,
    message: z.string(),
    /** The canonical code name, e.g. PERMISSION_DENIED, RESOURCE_EXHAUSTED. */
    status: z.string(),
    details: z.array(GoogleErrorDetailSchema).optional(),
  }),
});
export type GoogleApiErrorResponse = z.infer<typeof GoogleApiErrorResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GA4 Admin API v1beta (§2)
// ---------------------------------------------------------------------------------------------

export const GA4_PROPERTY_TYPES = [
  "PROPERTY_TYPE_UNSPECIFIED",
  "PROPERTY_TYPE_ORDINARY",
  "PROPERTY_TYPE_SUBPROPERTY",
  "PROPERTY_TYPE_ROLLUP",
] as const;

export const GA4_DATA_STREAM_TYPES = [
  "WEB_DATA_STREAM",
  "ANDROID_APP_DATA_STREAM",
  "IOS_APP_DATA_STREAM",
] as const;

/** `properties/{id}` (§2.1). */
export const PropertySummarySchema = z.object({
  property: z.string().regex(/^properties\/\d+$/),
  displayName: z.string().default(""),
  propertyType: z.string().optional(),
  parent: z.string().optional(),
  canEdit: z.boolean().optional(),
});
export type PropertySummary = z.infer<typeof PropertySummarySchema>;

export const AccountSummarySchema = z.object({
  name: z.string(),
  account: z.string(),
  displayName: z.string().default(""),
  /** Absent when the account has no properties (proto3 omits empty lists). */
  propertySummaries: z.array(PropertySummarySchema).default([]),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** `GET /v1beta/accountSummaries` (§2.1); a user with no accounts gets `{}`. */
export const ListAccountSummariesResponseSchema = z.object({
  accountSummaries: z.array(AccountSummarySchema).default([]),
  /** Absent on the last page. */
  nextPageToken: z.string().optional(),
});
export type ListAccountSummariesResponse = z.infer<typeof ListAccountSummariesResponseSchema>;

/** `GET /v1beta/properties/{id}` (§2.2). */
export const PropertySchema = z.object({
  name: z.string().regex(/^properties\/\d+$/),
  propertyType: z.string().optional(),
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
  parent: z.string().optional(),
  displayName: z.string().default(""),
  industryCategory: z.string().optional(),
  /** IANA zone; the day boundary of every report. */
  timeZone: z.string().optional(),
  currencyCode: z.string().optional(),
  /** GOOGLE_ANALYTICS_STANDARD or GOOGLE_ANALYTICS_360: decides the quota limits (§3.8). */
  serviceLevel: z.string().optional(),
  deleteTime: z.string().optional(),
  expireTime: z.string().optional(),
  account: z.string().optional(),
});
export type Property = z.infer<typeof PropertySchema>;

/** One data stream (§2.3); `defaultUri` may carry a scheme, or be absent when empty. */
export const DataStreamSchema = z.object({
  name: z.string(),
  type: z.string().optional(),
  displayName: z.string().optional(),
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
  webStreamData: z
    .object({
      measurementId: z.string().optional(),
      firebaseAppId: z.string().optional(),
      defaultUri: z.string().optional(),
    })
    .optional(),
  androidAppStreamData: z
    .object({ firebaseAppId: z.string().optional(), packageName: z.string().optional() })
    .optional(),
  iosAppStreamData: z
    .object({ firebaseAppId: z.string().optional(), bundleId: z.string().optional() })
    .optional(),
});
export type DataStream = z.infer<typeof DataStreamSchema>;

/** `GET /v1beta/properties/{id}/dataStreams` (§2.3). */
export const ListDataStreamsResponseSchema = z.object({
  dataStreams: z.array(DataStreamSchema).default([]),
  nextPageToken: z.string().optional(),
});
export type ListDataStreamsResponse = z.infer<typeof ListDataStreamsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GA4 Data API v1beta: the RunReportRequest subset we send (§3.1, §3.2)
// ---------------------------------------------------------------------------------------------

export const StringFilterMatchTypeSchema = z.enum([
  "EXACT",
  "BEGINS_WITH",
  "ENDS_WITH",
  "CONTAINS",
  "FULL_REGEXP",
  "PARTIAL_REGEXP",
]);
export type StringFilterMatchType = z.infer<typeof StringFilterMatchTypeSchema>;

export const NumericFilterOperationSchema = z.enum([
  "EQUAL",
  "LESS_THAN",
  "LESS_THAN_OR_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_OR_EQUAL",
]);
export type NumericFilterOperation = z.infer<typeof NumericFilterOperationSchema>;

export const MetricAggregationSchema = z.enum(["TOTAL", "MINIMUM", "MAXIMUM", "COUNT"]);
export type MetricAggregation = z.infer<typeof MetricAggregationSchema>;

export const StringFilterSchema = z.object({
  matchType: StringFilterMatchTypeSchema,
  value: z.string(),
  caseSensitive: z.boolean().optional(),
});
export type StringFilter = z.infer<typeof StringFilterSchema>;

export const InListFilterSchema = z.object({
  /** "Must be non-empty." */
  values: z.array(z.string()).min(1),
  caseSensitive: z.boolean().optional(),
});
export type InListFilter = z.infer<typeof InListFilterSchema>;

/** `{int64Value: "10"}` or `{doubleValue: 1.5}`. */
export const NumericValueSchema = z.union([
  z.object({ int64Value: Int64StringSchema }),
  z.object({ doubleValue: z.number() }),
]);
export type NumericValue = z.infer<typeof NumericValueSchema>;

export const NumericFilterSchema = z.object({
  operation: NumericFilterOperationSchema,
  value: NumericValueSchema,
});
export type NumericFilter = z.infer<typeof NumericFilterSchema>;

/** Matches empty values such as "(not set)" and "" (§3.2). */
export const EmptyFilterSchema = z.strictObject({});
export type EmptyFilter = z.infer<typeof EmptyFilterSchema>;

const FILTER_KINDS = ["stringFilter", "inListFilter", "numericFilter", "emptyFilter"] as const;

/** A field and exactly one kind of filter on it (the proto's oneof). */
export const FilterSchema = z
  .object({
    fieldName: z.string().min(1),
    stringFilter: StringFilterSchema.optional(),
    inListFilter: InListFilterSchema.optional(),
    numericFilter: NumericFilterSchema.optional(),
    emptyFilter: EmptyFilterSchema.optional(),
  })
  .refine((filter) => FILTER_KINDS.filter((kind) => filter[kind] !== undefined).length === 1, {
    message: `a filter sets exactly one of ${FILTER_KINDS.join(", ")}`,
  });
export type Filter = z.infer<typeof FilterSchema>;

export interface FilterExpressionList {
  expressions: FilterExpression[];
}

/** A oneof: exactly one of `andGroup`, `orGroup`, `notExpression`, `filter` (§3.2). */
export interface FilterExpression {
  andGroup?: FilterExpressionList;
  orGroup?: FilterExpressionList;
  notExpression?: FilterExpression;
  filter?: Filter;
}

const EXPRESSION_KINDS = ["andGroup", "orGroup", "notExpression", "filter"] as const;

export const FilterExpressionSchema: z.ZodType<FilterExpression> = z.lazy(() =>
  z
    .object({
      andGroup: FilterExpressionListSchema.optional(),
      orGroup: FilterExpressionListSchema.optional(),
      notExpression: FilterExpressionSchema.optional(),
      filter: FilterSchema.optional(),
    })
    .refine(
      (expression) =>
        EXPRESSION_KINDS.filter((kind) => expression[kind] !== undefined).length === 1,
      { message: `a filter expression sets exactly one of ${EXPRESSION_KINDS.join(", ")}` },
    ),
);

const FilterExpressionListSchema: z.ZodType<FilterExpressionList> = z.lazy(() =>
  z.object({ expressions: z.array(FilterExpressionSchema) }),
);

export const DateRangeSchema = z.object({
  /** YYYY-MM-DD, NdaysAgo, yesterday or today, in the property's time zone. */
  startDate: z.string().min(1),
  endDate: z.string().min(1),
  name: z.string().optional(),
});
export type DateRange = z.infer<typeof DateRangeSchema>;

export const OrderBySchema = z
  .object({
    desc: z.boolean().optional(),
    metric: z.object({ metricName: z.string().min(1) }).optional(),
    dimension: z
      .object({
        dimensionName: z.string().min(1),
        orderType: z.enum(["ALPHANUMERIC", "CASE_INSENSITIVE_ALPHANUMERIC", "NUMERIC"]).optional(),
      })
      .optional(),
  })
  .refine((orderBy) => (orderBy.metric === undefined) !== (orderBy.dimension === undefined), {
    message: "an order sets exactly one of metric, dimension",
  });
export type OrderBy = z.infer<typeof OrderBySchema>;

/**
 * `POST /v1beta/properties/{id}:runReport` body, the fields Utmost sends. `limit` and `offset` are
 * int64: accepted as a number or a string, always sent as a string (§0).
 */
/**
 * A dimension computed from others (§3.1): one of `lowerCase`, `upperCase` or `concatenate`. The
 * dimension then needs a name of its own, which the response's header carries.
 */
export const DimensionExpressionSchema = z
  .object({
    lowerCase: z.object({ dimensionName: z.string().min(1) }).optional(),
    upperCase: z.object({ dimensionName: z.string().min(1) }).optional(),
    concatenate: z
      .object({
        dimensionNames: z.array(z.string().min(1)).min(1),
        /** Placed between the values; a value that contains it is not told apart (§3.1). */
        delimiter: z.string().optional(),
      })
      .optional(),
  })
  .refine(
    (expression) =>
      [expression.lowerCase, expression.upperCase, expression.concatenate].filter(
        (member) => member !== undefined,
      ).length === 1,
    { message: "a dimension expression sets exactly one of lowerCase, upperCase, concatenate" },
  );
export type DimensionExpression = z.infer<typeof DimensionExpressionSchema>;

export const RunReportRequestSchema = z.object({
  /** Up to 9 (§3.1); an expression counts as one. */
  dimensions: z
    .array(
      z.object({
        name: z.string().min(1),
        dimensionExpression: DimensionExpressionSchema.optional(),
      }),
    )
    .max(9),
  /** Up to 10 (§3.1). */
  metrics: z
    .array(z.object({ name: z.string().min(1) }))
    .min(1)
    .max(10),
  /** Up to 4 (§3.1). */
  dateRanges: z.array(DateRangeSchema).min(1).max(4),
  dimensionFilter: FilterExpressionSchema.optional(),
  orderBys: z.array(OrderBySchema).optional(),
  /** "`limit` must be positive"; at most 250,000 rows come back whatever is asked (§3.1). */
  limit: Int64InputSchema.refine(
    (value) => BigInt(value) > 0n,
    "limit must be positive",
  ).optional(),
  offset: Int64InputSchema.refine(
    (value) => BigInt(value) >= 0n,
    "offset must not be negative",
  ).optional(),
  keepEmptyRows: z.boolean().optional(),
  returnPropertyQuota: z.boolean().optional(),
  metricAggregations: z.array(MetricAggregationSchema).optional(),
});
export type RunReportRequest = z.infer<typeof RunReportRequestSchema>;
export type RunReportRequestInput = z.input<typeof RunReportRequestSchema>;

// ---------------------------------------------------------------------------------------------
// GA4 Data API v1beta: RunReportResponse (§3.3)
// ---------------------------------------------------------------------------------------------

export const GA4_METRIC_TYPES = [
  "METRIC_TYPE_UNSPECIFIED",
  "TYPE_INTEGER",
  "TYPE_FLOAT",
  "TYPE_SECONDS",
  "TYPE_MILLISECONDS",
  "TYPE_MINUTES",
  "TYPE_HOURS",
  "TYPE_STANDARD",
  "TYPE_CURRENCY",
  "TYPE_FEET",
  "TYPE_MILES",
  "TYPE_METERS",
  "TYPE_KILOMETERS",
] as const;

export const RUN_REPORT_KIND = "analyticsData#runReport";

export const DimensionHeaderSchema = z.object({ name: z.string() });
export type DimensionHeader = z.infer<typeof DimensionHeaderSchema>;

export const MetricHeaderSchema = z.object({
  name: z.string(),
  /** Absent only for METRIC_TYPE_UNSPECIFIED, the enum's zero value. */
  type: z.string().optional(),
});
export type MetricHeader = z.infer<typeof MetricHeaderSchema>;

/** Values are strings whatever the metric type, parsed with `metricHeaders[].type` (§0). */
export const ReportRowSchema = z.object({
  dimensionValues: z.array(z.object({ value: z.string() })).default([]),
  metricValues: z.array(z.object({ value: z.string() })).default([]),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

function isValueList(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const item of list) {
    if (typeof item !== "object" || item === null || typeof item.value !== "string") return false;
  }
  return true;
}

/**
 * A report's rows, up to 250,000 of them: the same rules as `ReportRowSchema`, checked in one
 * plain loop over the parsed JSON, which is kept instead of copied (a schema per row cost a scan
 * about a sixth of its time; docs/performance.md). Missing value lists become empty ones.
 */
export const ReportRowsSchema = z.custom<ReportRow[]>((rows) => {
  if (!Array.isArray(rows)) return false;
  for (const row of rows) {
    if (typeof row !== "object" || row === null) return false;
    if (row.dimensionValues === undefined) row.dimensionValues = [];
    else if (!isValueList(row.dimensionValues)) return false;
    if (row.metricValues === undefined) row.metricValues = [];
    else if (!isValueList(row.metricValues)) return false;
  }
  return true;
}, "Expected report rows: objects with lists of { value: string }");

/** "Quota consumed by this request" / "Quota remaining after this request"; 0 is omitted. */
export const QuotaStatusSchema = z.object({
  consumed: Int32Schema.optional(),
  remaining: Int32Schema.optional(),
});
export type QuotaStatus = z.infer<typeof QuotaStatusSchema>;

export const PropertyQuotaSchema = z.object({
  tokensPerDay: QuotaStatusSchema.optional(),
  tokensPerHour: QuotaStatusSchema.optional(),
  concurrentRequests: QuotaStatusSchema.optional(),
  serverErrorsPerProjectPerHour: QuotaStatusSchema.optional(),
  potentiallyThresholdedRequestsPerHour: QuotaStatusSchema.optional(),
  tokensPerProjectPerHour: QuotaStatusSchema.optional(),
});
export type PropertyQuota = z.infer<typeof PropertyQuotaSchema>;

export const ResponseMetadataSchema = z.object({
  /** Present only when true: some rows were rolled into "(other)" (§3.9). */
  dataLossFromOtherRow: z.boolean().optional(),
  currencyCode: z.string().optional(),
  timeZone: z.string().optional(),
  emptyReason: z.string().optional(),
  subjectToThresholding: z.boolean().optional(),
  samplingMetadatas: z
    .array(
      z.object({
        samplesReadCount: Int64StringSchema.optional(),
        samplingSpaceSize: Int64StringSchema.optional(),
      }),
    )
    .optional(),
});
export type ResponseMetadata = z.infer<typeof ResponseMetadataSchema>;

export const RunReportResponseSchema = z.object({
  dimensionHeaders: z.array(DimensionHeaderSchema).default([]),
  metricHeaders: z.array(MetricHeaderSchema).default([]),
  /** Absent when the report is empty. */
  rows: ReportRowsSchema.default([]),
  totals: z.array(ReportRowSchema).optional(),
  maximums: z.array(ReportRowSchema).optional(),
  minimums: z.array(ReportRowSchema).optional(),
  /** Rows in the whole result, independent of `limit`/`offset`; may be absent when 0. */
  rowCount: Int32Schema.nonnegative().optional(),
  metadata: ResponseMetadataSchema.optional(),
  /** Only when the request set `returnPropertyQuota`. */
  propertyQuota: PropertyQuotaSchema.optional(),
  kind: z.literal(RUN_REPORT_KIND).optional(),
});
export type RunReportResponse = z.infer<typeof RunReportResponseSchema>;
