import { describe, expect, it } from "vitest";
import { rejection, report, YESTERDAY } from "./testing/report-helpers.ts";

const SCHEMA_LINK =
  "For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema ";

const valid = {
  dimensions: [{ name: "sessionSource" }],
  metrics: [{ name: "sessions" }],
  dateRanges: YESTERDAY,
};

function messageOf(body: unknown): string {
  const error = rejection(body);
  expect(error.code).toBe(400);
  expect(error.status).toBe("INVALID_ARGUMENT");
  return error.message;
}

describe("runReport request validation", () => {
  it("names an unknown dimension or metric in Google's words, trailing space included", () => {
    expect(messageOf({ ...valid, dimensions: [{ name: "pagePath" }] })).toBe(
      `Field pagePath is not a valid dimension. ${SCHEMA_LINK}`,
    );
    expect(messageOf({ ...valid, metrics: [{ name: "pageViews" }] })).toBe(
      `Field pageViews is not a valid metric. ${SCHEMA_LINK}`,
    );
    expect(messageOf({ ...valid, dimensions: [{ name: "sessions" }] })).toBe(
      `Field sessions is not a valid dimension. ${SCHEMA_LINK}`,
    );
    expect(messageOf({ ...valid, orderBys: [{ metric: { metricName: "conversions" } }] })).toBe(
      `Field conversions is not a valid metric. ${SCHEMA_LINK}`,
    );
  });

  it("allows up to 9 dimensions and 10 metrics", () => {
    const names = [
      "date",
      "sessionSource",
      "sessionMedium",
      "sessionCampaignName",
      "sessionCampaignId",
    ];
    const more = [
      "sessionDefaultChannelGroup",
      "landingPage",
      "hostName",
      "deviceCategory",
      "pageReferrer",
    ];
    const dimensions = [...names, ...more].map((name) => ({ name }));
    expect(() => report({ ...valid, dimensions: dimensions.slice(0, 9) })).not.toThrow();
    expect(messageOf({ ...valid, dimensions })).toBe(
      "Requests are allowed up to 9 dimensions; this request has 10.",
    );
    const metrics = Array.from({ length: 11 }, () => ({ name: "sessions" }));
    expect(messageOf({ ...valid, metrics })).toBe(
      "Requests are allowed up to 10 metrics; this request has 11.",
    );
  });

  it("refuses a field requested twice", () => {
    expect(messageOf({ ...valid, metrics: [{ name: "sessions" }, { name: "sessions" }] })).toBe(
      "The metric sessions is requested more than once.",
    );
  });

  it("needs 1 to 4 date ranges of valid dates, start before end, names not reserved", () => {
    expect(messageOf({ ...valid, dateRanges: [] })).toBe(
      "A report needs at least one date range (dateRanges).",
    );
    expect(messageOf({ ...valid, dateRanges: Array.from({ length: 5 }, () => YESTERDAY[0]) })).toBe(
      "Requests are allowed up to 4 date ranges; this request has 5.",
    );
    for (const bad of ["2026-02-30", "2026-3-1", "last week", "-1daysAgo", ""]) {
      expect(messageOf({ ...valid, dateRanges: [{ startDate: bad, endDate: "today" }] })).toBe(
        `Invalid startDate "${bad}" in dateRanges[0]: use YYYY-MM-DD, NdaysAgo, yesterday or today.`,
      );
    }
    expect(
      messageOf({ ...valid, dateRanges: [{ startDate: "yesterday", endDate: "7daysAgo" }] }),
    ).toBe("In dateRanges[0] the startDate is after the endDate.");
    for (const name of ["date_range_0", "RESERVED_x"]) {
      expect(
        messageOf({ ...valid, dateRanges: [{ startDate: "yesterday", endDate: "today", name }] }),
      ).toBe(`Date range name "${name}" cannot begin with "date_range_" or "RESERVED_".`);
    }
  });

  it("takes int64 offset and limit as numbers or strings, and refuses negative ones", () => {
    expect(report({ ...valid, limit: "2", offset: "1" }).rows).toHaveLength(2);
    expect(report({ ...valid, limit: 2, offset: 1 }).rows).toHaveLength(2);
    // proto3 cannot tell 0 from unset: limit 0 is the default 10,000.
    expect(report({ ...valid, limit: 0 }).rows).toHaveLength(4);
    expect(messageOf({ ...valid, limit: -1 })).toBe("limit must be positive; got -1.");
    expect(messageOf({ ...valid, offset: "-3" })).toBe("offset must not be negative; got -3.");
  });

  it("answers malformed JSON values the way Google's front end does", () => {
    const error = rejection({ ...valid, limit: "ten" });
    expect(error).toEqual({
      code: 400,
      status: "INVALID_ARGUMENT",
      message: `Invalid value at 'limit' (TYPE_INT64), "ten"`,
      details: [
        {
          "@type": "type.googleapis.com/google.rpc.BadRequest",
          fieldViolations: [
            { field: "limit", description: `Invalid value at 'limit' (TYPE_INT64), "ten"` },
          ],
        },
      ],
    });
    expect(messageOf({ ...valid, offset: 1.5 })).toBe(
      "Invalid value at 'offset' (TYPE_INT64), 1.5",
    );
    expect(messageOf({ ...valid, keepEmptyRows: "yes" })).toBe(
      `Invalid value at 'keep_empty_rows' (TYPE_BOOL), "yes"`,
    );
    expect(messageOf({ ...valid, metricAggregations: ["SUM"] })).toBe(
      `Invalid value at 'metric_aggregations[0]' (type.googleapis.com/google.analytics.data.v1beta.MetricAggregation), "SUM"`,
    );
    expect(messageOf([valid])).toBe(
      'Invalid JSON payload received. Unknown name "": Root element must be a message.',
    );
  });

  it("refuses unknown fields and accepts proto field names", () => {
    expect(messageOf({ ...valid, pivots: [] })).toBe(
      'Invalid JSON payload received. Unknown name "pivots": Cannot find field.',
    );
    expect(messageOf({ ...valid, dimensions: [{ name: "date", alias: "day" }] })).toBe(
      `Invalid JSON payload received. Unknown name "alias" at 'dimensions[0]': Cannot find field.`,
    );
    const snake = report({
      dimensions: [{ name: "sessionSource" }],
      metrics: [{ name: "sessions" }],
      date_ranges: [{ start_date: "yesterday", end_date: "yesterday" }],
      metric_aggregations: ["TOTAL"],
      property: "properties/300000001",
      return_property_quota: true,
    });
    expect(snake.rowCount).toBe(4);
    expect(snake.totals).toHaveLength(1);
  });

  it("treats JSON null as an unset field", () => {
    expect(report({ ...valid, dimensionFilter: null, limit: null }).rowCount).toBe(4);
  });

  it("refuses GA4 features the stand-in does not compute, by name", () => {
    expect(
      messageOf({ ...valid, cohortSpec: { cohorts: [{ dimension: "firstSessionDate" }] } }),
    ).toBe("The Utmost Google emulator does not support cohort reports (cohortSpec).");
    expect(messageOf({ ...valid, comparisons: [{ comparison: "comparisons/1" }] })).toBe(
      "The Utmost Google emulator does not support comparisons.",
    );
    expect(
      messageOf({ ...valid, metrics: [{ name: "ratio", expression: "sessions/totalUsers" }] }),
    ).toBe("The Utmost Google emulator does not support metric expressions.");
    expect(messageOf({ ...valid, orderBys: [{ pivot: { metricName: "sessions" } }] })).toBe(
      "The Utmost Google emulator does not support pivot ordering.",
    );
    expect(messageOf({ ...valid, metricAggregations: ["COUNT"] })).toBe(
      "The Utmost Google emulator does not support the COUNT metric aggregation.",
    );
    // An empty cohortSpec asks for nothing.
    expect(report({ ...valid, cohortSpec: {}, comparisons: [] }).rowCount).toBe(4);
  });

  it("orders only by fields of the request, through one member of the oneof", () => {
    expect(
      messageOf({ ...valid, orderBys: [{ dimension: { dimensionName: "sessionMedium" } }] }),
    ).toBe("orderBys[0] orders by sessionMedium, which is not one of the request's dimensions.");
    expect(messageOf({ ...valid, orderBys: [{ metric: { metricName: "keyEvents" } }] })).toBe(
      "orderBys[0] orders by keyEvents, which is not one of the request's metrics.",
    );
    expect(
      messageOf({
        ...valid,
        orderBys: [
          { metric: { metricName: "sessions" }, dimension: { dimensionName: "sessionSource" } },
        ],
      }),
    ).toBe(
      "Invalid JSON payload received. Oneof field 'one_order_by' is already set. Cannot set 'dimension'",
    );
    expect(messageOf({ ...valid, orderBys: [{ desc: true }] })).toBe(
      "orderBys[0] must set a metric or a dimension to order by.",
    );
  });

  it("checks dimension expressions", () => {
    expect(
      messageOf({
        ...valid,
        dimensions: [{ name: "x", dimensionExpression: { lowerCase: { dimensionName: "city" } } }],
      }),
    ).toBe(`Field city is not a valid dimension. ${SCHEMA_LINK}`);
    expect(
      messageOf({
        ...valid,
        dimensions: [
          {
            name: "sessionMedium",
            dimensionExpression: { upperCase: { dimensionName: "sessionMedium" } },
          },
        ],
      }),
    ).toBe(
      'A dimension with a dimensionExpression needs a name of its own made of letters, digits and underscores; got "sessionMedium".',
    );
  });

  it("refuses an invalid currencyCode", () => {
    expect(messageOf({ ...valid, currencyCode: "usd" })).toBe(
      'currencyCode must be an ISO 4217 code such as "USD"; got "usd".',
    );
  });
});
