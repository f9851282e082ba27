import { describe, expect, it } from "vitest";
import { runReport } from "./run-report.ts";
import { dailyTrafficProperty, fakeProperty, TODAY } from "./testing/fake-property.ts";
import { firstColumn, report, table, YESTERDAY } from "./testing/report-helpers.ts";

describe("runReport response", () => {
  it("answers in Google's JSON shape, metric values as strings", () => {
    const result = runReport(
      {
        dimensions: [{ name: "sessionSource" }],
        metrics: [{ name: "sessions" }, { name: "keyEvents" }],
        dateRanges: YESTERDAY,
      },
      { property: dailyTrafficProperty(), today: TODAY },
    );
    expect(result).toEqual({
      ok: true,
      tokenCost: 3,
      response: {
        dimensionHeaders: [{ name: "sessionSource" }],
        metricHeaders: [
          { name: "sessions", type: "TYPE_INTEGER" },
          { name: "keyEvents", type: "TYPE_INTEGER" },
        ],
        rows: [
          {
            dimensionValues: [{ value: "google" }],
            metricValues: [{ value: "14" }, { value: "1" }],
          },
          {
            dimensionValues: [{ value: "(direct)" }],
            metricValues: [{ value: "7" }, { value: "1" }],
          },
          {
            dimensionValues: [{ value: "newsletter" }],
            metricValues: [{ value: "5" }, { value: "2" }],
          },
          {
            dimensionValues: [{ value: "facebook" }],
            metricValues: [{ value: "3" }, { value: "0" }],
          },
        ],
        rowCount: 4,
        metadata: { currencyCode: "USD", timeZone: "America/New_York" },
        kind: "analyticsData#runReport",
      },
    });
  });

  it("omits rows and rowCount when nothing matches, and dataLossFromOtherRow when false", () => {
    const response = report({
      dimensions: [{ name: "sessionSource" }],
      metrics: [{ name: "sessions" }],
      dateRanges: [{ startDate: "today", endDate: "today" }],
    });
    expect(response).toEqual({
      dimensionHeaders: [{ name: "sessionSource" }],
      metricHeaders: [{ name: "sessions", type: "TYPE_INTEGER" }],
      metadata: { currencyCode: "USD", timeZone: "America/New_York" },
      kind: "analyticsData#runReport",
      tokenCost: 1,
    });
  });

  it("has no dimensionHeaders without dimensions, and one row of totals", () => {
    const response = report({ metrics: [{ name: "sessions" }], dateRanges: YESTERDAY });
    expect(response.dimensionHeaders).toBeUndefined();
    expect(response.rows).toEqual([{ metricValues: [{ value: "29" }] }]);
  });

  it("echoes a requested currencyCode, else the property's", () => {
    const body = { metrics: [{ name: "sessions" }], dateRanges: YESTERDAY };
    expect(report({ ...body, currencyCode: "EUR" }).metadata.currencyCode).toBe("EUR");
    expect(report(body, dailyTrafficProperty({ currencyCode: "JPY" })).metadata.currencyCode).toBe(
      "JPY",
    );
  });

  it("keeps an empty dimension value as an explicit empty string", () => {
    const response = report({
      dimensions: [{ name: "sessionManualTerm" }],
      metrics: [{ name: "sessions" }],
      dateRanges: YESTERDAY,
      orderBys: [{ dimension: { dimensionName: "sessionManualTerm" } }],
    });
    expect(response.rows?.[0]).toEqual({
      dimensionValues: [{ value: "" }],
      metricValues: [{ value: "4" }],
    });
  });
});

describe("runReport aggregation", () => {
  it("sums every metric over the days of the range", () => {
    const response = report({
      dimensions: [{ name: "sessionMedium" }],
      metrics: [
        { name: "sessions" },
        { name: "keyEvents" },
        { name: "totalUsers" },
        { name: "engagedSessions" },
      ],
      dateRanges: [{ startDate: "2026-03-12", endDate: "2026-03-14" }],
    });
    expect(table(response.rows)).toEqual([
      ["organic", "30", "3", "24", "18"],
      ["(none)", "21", "3", "18", "15"],
      ["email", "15", "6", "15", "12"],
      ["cpc", "12", "0", "12", "9"],
      ["Social", "9", "0", "9", "3"],
    ]);
  });

  it("derives sessionSourceMedium and sessionManualSourceMedium as 'source / medium'", () => {
    const response = report({
      dimensions: [{ name: "sessionSourceMedium" }, { name: "sessionManualSourceMedium" }],
      metrics: [{ name: "sessions" }],
      dateRanges: YESTERDAY,
    });
    expect(table(response.rows)).toEqual([
      ["google / organic", "(not set) / (not set)", "10"],
      ["(direct) / (none)", "(direct) / (none)", "7"],
      ["newsletter / email", "newsletter / email", "5"],
      ["google / cpc", "google / cpc", "4"],
      ["facebook / Social", "facebook / Social", "3"],
    ]);
  });

  it("drops rows whose metrics are all zero unless keepEmptyRows", () => {
    const property = fakeProperty(() => [
      { sessionSource: "a", sessions: 2 },
      { sessionSource: "b", sessions: 0, keyEvents: 0 },
    ]);
    const body = {
      dimensions: [{ name: "sessionSource" }],
      metrics: [{ name: "sessions" }, { name: "keyEvents" }],
      dateRanges: YESTERDAY,
    };
    expect(firstColumn(report(body, property))).toEqual(["a"]);
    expect(firstColumn(report({ ...body, keepEmptyRows: true }, property))).toEqual(["a", "b"]);
  });

  it("builds lowerCase, upperCase and concatenate dimension expressions", () => {
    const response = report({
      dimensions: [
        { name: "medium", dimensionExpression: { lowerCase: { dimensionName: "sessionMedium" } } },
        {
          name: "pair",
          dimensionExpression: {
            concatenate: { dimensionNames: ["sessionSource", "deviceCategory"], delimiter: "|" },
          },
        },
        { name: "upper", dimensionExpression: { upperCase: { dimensionName: "sessionSource" } } },
        // An expression reads dimensions of the request itself, wherever they are listed.
        { name: "sessionMedium" },
        { name: "sessionSource" },
        { name: "deviceCategory" },
      ],
      metrics: [{ name: "sessions" }],
      dateRanges: YESTERDAY,
      dimensionFilter: {
        filter: { fieldName: "medium", stringFilter: { value: "social", caseSensitive: true } },
      },
    });
    expect(response.dimensionHeaders).toEqual([
      { name: "medium" },
      { name: "pair" },
      { name: "upper" },
      { name: "sessionMedium" },
      { name: "sessionSource" },
      { name: "deviceCategory" },
    ]);
    expect(table(response.rows)).toEqual([
      ["social", "facebook|mobile", "FACEBOOK", "Social", "facebook", "mobile", "3"],
    ]);
  });

  it("leaves invisible metrics out of the response but orders by them", () => {
    const response = report({
      dimensions: [{ name: "sessionSource" }],
      metrics: [{ name: "sessions" }, { name: "keyEvents", invisible: true }],
      dateRanges: YESTERDAY,
      orderBys: [{ metric: { metricName: "keyEvents" }, desc: true }],
    });
    expect(response.metricHeaders).toEqual([{ name: "sessions", type: "TYPE_INTEGER" }]);
    // google and (direct) tie on keyEvents and fall back to their values: "(" sorts before "g".
    expect(table(response.rows)).toEqual([
      ["newsletter", "5"],
      ["(direct)", "7"],
      ["google", "14"],
      ["facebook", "3"],
    ]);
  });
});

describe("runReport date ranges", () => {
  const byDate = { dimensions: [{ name: "date" }], metrics: [{ name: "sessions" }] };

  it("resolves yesterday and NdaysAgo against the property's today", () => {
    const response = report({
      ...byDate,
      dateRanges: [{ startDate: "2daysAgo", endDate: "yesterday" }],
    });
    expect(table(response.rows)).toEqual([
      ["20260313", "29"],
      ["20260314", "29"],
    ]);
    const later = report(
      { ...byDate, dateRanges: [{ startDate: "yesterday", endDate: "yesterday" }] },
      dailyTrafficProperty(),
      "2026-04-02",
    );
    expect(firstColumn(later)).toEqual(["20260401"]);
  });

  it("has no data for today or later", () => {
    const response = report({
      ...byDate,
      dateRanges: [{ startDate: "2026-03-14", endDate: "2026-03-20" }],
    });
    expect(firstColumn(response)).toEqual(["20260314"]);
  });

  it("has no data before the property was created", () => {
    const property = dailyTrafficProperty({ createTime: "2026-03-13T10:00:00Z" });
    const response = report(
      { ...byDate, dateRanges: [{ startDate: "2020-01-01", endDate: "yesterday" }] },
      property,
    );
    expect(firstColumn(response)).toEqual(["20260313", "20260314"]);
    // Only the creation day's eve onwards is read, not six years of empty days.
    expect(property.requestedDays).toEqual(["20260312", "20260313", "20260314"]);
  });

  it("adds a dateRange column to multi-range reports, named or date_range_N", () => {
    const response = report({
      dimensions: [{ name: "sessionMedium" }],
      metrics: [{ name: "sessions" }],
      dateRanges: [
        { startDate: "yesterday", endDate: "yesterday", name: "current" },
        { startDate: "3daysAgo", endDate: "2daysAgo" },
      ],
      dimensionFilter: {
        filter: { fieldName: "sessionMedium", inListFilter: { values: ["email", "cpc"] } },
      },
      metricAggregations: ["TOTAL"],
    });
    expect(response.dimensionHeaders).toEqual([{ name: "sessionMedium" }, { name: "dateRange" }]);
    expect(table(response.rows)).toEqual([
      ["email", "date_range_1", "10"],
      ["cpc", "date_range_1", "8"],
      ["email", "current", "5"],
      ["cpc", "current", "4"],
    ]);
    expect(table(response.totals)).toEqual([
      ["RESERVED_TOTAL", "current", "9"],
      ["RESERVED_TOTAL", "date_range_1", "18"],
    ]);
  });

  it("counts a day in every range it falls in, and reads it once", () => {
    const property = dailyTrafficProperty();
    const response = report(
      {
        metrics: [{ name: "sessions" }],
        dateRanges: [
          { startDate: "2daysAgo", endDate: "yesterday" },
          { startDate: "yesterday", endDate: "yesterday" },
        ],
      },
      property,
    );
    expect(table(response.rows)).toEqual([
      ["date_range_0", "58"],
      ["date_range_1", "29"],
    ]);
    expect(property.requestedDays).toEqual(["20260313", "20260314"]);
  });

  it("puts a requested dateRange column where it was asked for", () => {
    const response = report({
      dimensions: [{ name: "dateRange" }, { name: "deviceCategory" }],
      metrics: [{ name: "sessions" }],
      dateRanges: [{ startDate: "yesterday", endDate: "yesterday", name: "last_day" }],
    });
    expect(table(response.rows)).toEqual([
      ["last_day", "desktop", "26"],
      ["last_day", "mobile", "3"],
    ]);
  });
});

describe("runReport ordering", () => {
  const values = ["100", "25", "b", "X", "A", "z", "2", "é", "😀", "\uffee"];
  const property = fakeProperty(() =>
    values.map((value, i) => ({ sessionCampaignName: value, sessions: i + 1 })),
  );
  const ordered = (orderBy: Record<string, unknown>) =>
    firstColumn(
      report(
        {
          dimensions: [{ name: "sessionCampaignName" }],
          metrics: [{ name: "sessions" }],
          dateRanges: YESTERDAY,
          orderBys: [orderBy],
        },
        property,
      ),
    );

  it("orders ALPHANUMERIC by Unicode code point", () => {
    expect(
      ordered({ dimension: { dimensionName: "sessionCampaignName", orderType: "ALPHANUMERIC" } }),
    ).toEqual(["100", "2", "25", "A", "X", "b", "z", "é", "\uffee", "😀"]);
  });

  it("orders CASE_INSENSITIVE_ALPHANUMERIC by the lower-cased values", () => {
    expect(
      ordered({
        dimension: {
          dimensionName: "sessionCampaignName",
          orderType: "CASE_INSENSITIVE_ALPHANUMERIC",
        },
        desc: true,
      }),
    ).toEqual(["😀", "\uffee", "é", "z", "X", "b", "A", "25", "2", "100"]);
  });

  it("orders NUMERIC with non-numeric values equal and below every number", () => {
    const numeric = ordered({
      dimension: { dimensionName: "sessionCampaignName", orderType: "NUMERIC" },
    });
    expect(numeric.slice(-3)).toEqual(["2", "25", "100"]);
    // Equal under NUMERIC, the non-numeric values fall back to their alphanumeric order.
    expect(numeric.slice(0, 7)).toEqual(["A", "X", "b", "z", "é", "\uffee", "😀"]);
  });

  it("orders by a metric ascending or descending", () => {
    expect(ordered({ metric: { metricName: "sessions" } }).slice(0, 3)).toEqual(["100", "25", "b"]);
    expect(ordered({ metric: { metricName: "sessions" }, desc: true }).slice(0, 3)).toEqual([
      "\uffee",
      "😀",
      "é",
    ]);
  });

  it("breaks ties by the dimension values, first metric descending by default", () => {
    const tied = fakeProperty(() => [
      { sessionSource: "c", sessions: 1 },
      { sessionSource: "a", sessions: 1 },
      { sessionSource: "b", sessions: 5 },
    ]);
    const body = {
      dimensions: [{ name: "sessionSource" }],
      metrics: [{ name: "sessions" }],
      dateRanges: YESTERDAY,
    };
    expect(firstColumn(report(body, tied))).toEqual(["b", "a", "c"]);
  });
});

describe("runReport paging", () => {
  const property = fakeProperty(() =>
    Array.from({ length: 57 }, (_, i) => ({
      landingPage: `/page/${i % 19}`,
      sessions: (i % 5) + 1,
      deviceCategory: i % 3 === 0 ? "mobile" : "desktop",
    })),
  );
  const body = {
    dimensions: [{ name: "landingPage" }, { name: "deviceCategory" }],
    metrics: [{ name: "sessions" }],
    dateRanges: [{ startDate: "7daysAgo", endDate: "yesterday" }],
  };

  it("slices one ordered result: concatenated pages equal one big page", () => {
    const whole = report(body, property);
    expect(whole.rowCount).toBe(whole.rows?.length);
    const pages: string[][] = [];
    for (let offset = 0; offset < (whole.rowCount ?? 0); offset += 7) {
      const page = report({ ...body, offset: String(offset), limit: "7" }, property);
      expect(page.rowCount).toBe(whole.rowCount);
      pages.push(...table(page.rows));
    }
    expect(pages).toEqual(table(whole.rows));
  });

  it("computes the report once and serves later pages from the cache at the same cost", () => {
    const fresh = fakeProperty(() => [{ sessions: 3 }, { sessionSource: "x", sessions: 2 }]);
    const first = report({ ...body, limit: 1 }, fresh);
    const daysRead = fresh.requestedDays.length;
    const second = report({ ...body, limit: 1, offset: 1 }, fresh);
    expect(fresh.requestedDays.length).toBe(daysRead);
    expect(second.tokenCost).toBe(first.tokenCost);
    expect(second.rowCount).toBe(first.rowCount);
  });

  it("returns no rows past the end, with the rowCount still set", () => {
    const page = report({ ...body, offset: 1000 }, property);
    expect(page.rows).toBeUndefined();
    expect(page.rowCount).toBe(report(body, property).rowCount);
  });

  it("caps limit at 250,000 rows a request", () => {
    const wide = fakeProperty(() =>
      Array.from({ length: 250_010 }, (_, i) => ({ landingPagePlusQueryString: `/p?id=${i}` })),
    );
    const page = report(
      {
        dimensions: [{ name: "landingPagePlusQueryString" }],
        metrics: [{ name: "sessions" }],
        dateRanges: YESTERDAY,
        limit: "1000000",
      },
      wide,
    );
    expect(page.rows).toHaveLength(250_000);
    expect(page.rowCount).toBe(250_010);
  });
});

describe("runReport (other) row", () => {
  const property = dailyTrafficProperty({ cardinalityLimit: 3 });

  it("keeps the top rows by the first metric and folds the rest into (other)", () => {
    const response = report(
      {
        dimensions: [{ name: "sessionSource" }, { name: "sessionMedium" }],
        metrics: [{ name: "sessions" }, { name: "keyEvents" }],
        dateRanges: YESTERDAY,
      },
      property,
    );
    expect(table(response.rows)).toEqual([
      ["(other)", "(other)", "12", "2"],
      ["google", "organic", "10", "1"],
      ["(direct)", "(none)", "7", "1"],
    ]);
    expect(response.metadata.dataLossFromOtherRow).toBe(true);
    expect(response.rowCount).toBe(3);
  });

  it("keeps the first seen among rows that tie at the boundary", () => {
    const tied = fakeProperty(
      () => [
        { sessionSource: "a", sessions: 5 },
        { sessionSource: "b", sessions: 2 },
        { sessionSource: "c", sessions: 2 },
        { sessionSource: "d", sessions: 2 },
      ],
      { cardinalityLimit: 3 },
    );
    const response = report(
      {
        dimensions: [{ name: "sessionSource" }],
        metrics: [{ name: "sessions" }],
        dateRanges: YESTERDAY,
      },
      tied,
    );
    expect(table(response.rows)).toEqual([
      ["a", "5"],
      ["(other)", "4"],
      ["b", "2"],
    ]);
  });

  it("folds each date range on its own, keeping the range's name", () => {
    const response = report(
      {
        dimensions: [{ name: "sessionSource" }],
        metrics: [{ name: "sessions" }],
        dateRanges: [
          { startDate: "yesterday", endDate: "yesterday", name: "last" },
          { startDate: "2daysAgo", endDate: "2daysAgo", name: "before" },
        ],
        metricAggregations: ["TOTAL"],
      },
      property,
    );
    expect(table(response.rows)).toEqual([
      ["google", "before", "14"],
      ["google", "last", "14"],
      ["(other)", "before", "8"],
      ["(other)", "last", "8"],
      ["(direct)", "before", "7"],
      ["(direct)", "last", "7"],
    ]);
    expect(table(response.totals)).toEqual([
      ["RESERVED_TOTAL", "last", "29"],
      ["RESERVED_TOTAL", "before", "29"],
    ]);
  });

  it("does not fold when the rows fit the limit", () => {
    const response = report(
      {
        dimensions: [{ name: "deviceCategory" }],
        metrics: [{ name: "sessions" }],
        dateRanges: YESTERDAY,
      },
      property,
    );
    expect(response.metadata).toEqual({ currencyCode: "USD", timeZone: "America/New_York" });
  });
});

describe("runReport metric aggregations and metricFilter", () => {
  it("computes totals, minimums and maximums over every row, not only the page", () => {
    const response = report({
      dimensions: [{ name: "sessionSource" }],
      metrics: [{ name: "sessions" }, { name: "keyEvents" }],
      dateRanges: YESTERDAY,
      metricAggregations: ["TOTAL", "MAXIMUM", "MINIMUM"],
      limit: 1,
    });
    expect(table(response.rows)).toEqual([["google", "14", "1"]]);
    expect(table(response.totals)).toEqual([["RESERVED_TOTAL", "29", "4"]]);
    expect(table(response.maximums)).toEqual([["RESERVED_MAX", "14", "2"]]);
    expect(table(response.minimums)).toEqual([["RESERVED_MIN", "3", "0"]]);
  });

  it("filters aggregated rows, like SQL's HAVING", () => {
    const response = report({
      dimensions: [{ name: "sessionSource" }],
      metrics: [{ name: "sessions" }],
      dateRanges: [{ startDate: "3daysAgo", endDate: "yesterday" }],
      // No source has more than 14 sessions a day: only sums over the three days pass 20.
      metricFilter: {
        filter: {
          fieldName: "sessions",
          numericFilter: { operation: "GREATER_THAN", value: { int64Value: "20" } },
        },
      },
      metricAggregations: ["TOTAL"],
    });
    expect(table(response.rows)).toEqual([
      ["google", "42"],
      ["(direct)", "21"],
    ]);
    expect(table(response.totals)).toEqual([["RESERVED_TOTAL", "63"]]);
  });

  it("supports betweenFilter, doubleValue and nested metric expressions", () => {
    const response = report({
      dimensions: [{ name: "sessionSource" }],
      metrics: [{ name: "sessions" }, { name: "keyEvents" }],
      dateRanges: YESTERDAY,
      metricFilter: {
        orGroup: {
          expressions: [
            {
              filter: {
                fieldName: "sessions",
                betweenFilter: { fromValue: { int64Value: 3 }, toValue: { doubleValue: 5.5 } },
              },
            },
            {
              notExpression: {
                filter: {
                  fieldName: "keyEvents",
                  numericFilter: { operation: "LESS_THAN_OR_EQUAL", value: { int64Value: "1" } },
                },
              },
            },
          ],
        },
      },
    });
    expect(firstColumn(response)).toEqual(["newsletter", "facebook"]);
  });
});

describe("runReport token cost", () => {
  it("grows with the rows scanned, the days and regex filters", () => {
    const body = {
      metrics: [{ name: "sessions" }],
      dateRanges: [{ startDate: "30daysAgo", endDate: "yesterday" }],
    };
    // 30 days of 5 rows: 1 + ceil(150 / 100,000) + ceil(30 / 30).
    expect(report(body).tokenCost).toBe(3);
    expect(
      report({ ...body, dateRanges: [{ startDate: "31daysAgo", endDate: "yesterday" }] }).tokenCost,
    ).toBe(4);
    const regex = {
      ...body,
      dimensionFilter: {
        filter: {
          fieldName: "sessionSource",
          stringFilter: { matchType: "PARTIAL_REGEXP", value: "g" },
        },
      },
    };
    expect(report(regex).tokenCost).toBe(5);
  });
});
