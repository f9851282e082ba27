import { describe, expect, it } from "vitest";
import { readBatchRunReportsRequest } from "./batch-run-reports.ts";
import { checkCompatibility } from "./check-compatibility.ts";
import { incompatiblePair } from "./compatibility.ts";
import { MAX_LIMIT, parseRunReportRequest } from "./parse-request.ts";
import { rejection, report, YESTERDAY } from "./testing/report-helpers.ts";

/**
 * Every request Google's documentation refuses, refused with Google's 400 INVALID_ARGUMENT.
 * Each test quotes the sentence it holds the stand-in to, from googleapis/googleapis
 * `google/analytics/data/v1beta/data.proto` and `analytics_data_api.proto` (snapshot f8291d2b,
 * Aug 2026) or the Data API pages named beside it. Wording Google does not document is listed in
 * docs/google-open-questions.md.
 */

const valid = {
  dimensions: [{ name: "sessionSource" }],
  metrics: [{ name: "sessions" }],
  dateRanges: YESTERDAY,
};

function refusal(body: unknown): string {
  const error = rejection(body);
  expect(error.code).toBe(400);
  expect(error.status).toBe("INVALID_ARGUMENT");
  return error.message;
}

const named = (...names: string[]) => names.map((name) => ({ name }));

/** What the product sends (apps/server scans): all of it must stay compatible. */
const PRODUCT_DIMENSIONS = [
  "date",
  "sessionSource",
  "sessionMedium",
  "sessionCampaignName",
  "sessionCampaignId",
  "sessionDefaultChannelGroup",
  "sessionManualSource",
  "sessionManualMedium",
  "sessionManualCampaignName",
  "sessionManualCampaignId",
  "sessionManualTerm",
  "sessionManualAdContent",
  "landingPage",
  "landingPagePlusQueryString",
  "pageReferrer",
  "hostName",
  "deviceCategory",
  "eventName",
];
const PRODUCT_METRICS = ["sessions", "keyEvents", "totalUsers", "engagedSessions"];

const INCOMPATIBLE_MESSAGE =
  "Please remove keyEvents to make the request compatible for example. The request's dimensions & metrics are incompatible. To learn more, see https://ga-dev-tools.web.app/ga4/dimensions-metrics-explorer/";

describe("runReport field limits", () => {
  it('Dimension: "Requests are allowed up to 9 dimensions."', () => {
    const nine = named(...PRODUCT_DIMENSIONS.slice(0, 9));
    expect(() => report({ ...valid, dimensions: nine })).not.toThrow();
    expect(refusal({ ...valid, dimensions: named(...PRODUCT_DIMENSIONS.slice(0, 10)) })).toMatch(
      /^Requests are allowed up to 9 dimensions/,
    );
  });

  it('Metric: "Requests are allowed up to 10 metrics."', () => {
    // Ten distinct metrics do not exist in the stand-in, so the count is checked first.
    const eleven = Array.from({ length: 11 }, () => ({ name: "sessions" }));
    expect(refusal({ ...valid, metrics: eleven })).toMatch(
      /^Requests are allowed up to 10 metrics/,
    );
  });

  it('DateRange: "Requests are allowed up to 4 date ranges."', () => {
    const range = YESTERDAY[0];
    expect(() => report({ ...valid, dateRanges: [range, range, range, range] })).not.toThrow();
    expect(refusal({ ...valid, dateRanges: [range, range, range, range, range] })).toMatch(
      /^Requests are allowed up to 4 date ranges/,
    );
  });
});

describe("dimension expressions", () => {
  it('ConcatenateExpression.dimension_names: "The names must refer back to names in the dimensions field of the request."', () => {
    const pair = {
      name: "sourceDevice",
      dimensionExpression: {
        concatenate: { dimensionNames: ["sessionSource", "deviceCategory"], delimiter: "|" },
      },
    };
    expect(refusal({ ...valid, dimensions: [{ name: "sessionSource" }, pair] })).toBe(
      "The dimensionExpression of sourceDevice names deviceCategory, which is not in the dimensions of the request. The names in a dimensionExpression must refer back to names in the dimensions field of the request.",
    );
    const allThere = report({
      ...valid,
      dimensions: [pair, { name: "sessionSource" }, { name: "deviceCategory" }],
    });
    expect(allThere.dimensionHeaders?.map((header) => header.name)).toEqual([
      "sourceDevice",
      "sessionSource",
      "deviceCategory",
    ]);
  });

  it('CaseExpression.dimension_name: "The name must refer back to a name in dimensions field of the request."', () => {
    for (const kind of ["lowerCase", "upperCase"]) {
      const cased = {
        name: "medium",
        dimensionExpression: { [kind]: { dimensionName: "sessionMedium" } },
      };
      expect(refusal({ ...valid, dimensions: [cased] })).toMatch(
        /^The dimensionExpression of medium names sessionMedium, which is not in the dimensions of the request\./,
      );
      expect(() =>
        report({ ...valid, dimensions: [cased, { name: "sessionMedium" }] }),
      ).not.toThrow();
    }
  });

  it("refuses an expression that names another expression rather than a requested dimension", () => {
    const lower = {
      name: "lower",
      dimensionExpression: { lowerCase: { dimensionName: "sessionSource" } },
    };
    const upper = { name: "upper", dimensionExpression: { upperCase: { dimensionName: "lower" } } };
    expect(refusal({ ...valid, dimensions: [{ name: "sessionSource" }, lower, upper] })).toMatch(
      /^Field lower is not a valid dimension\./,
    );
  });

  it('Dimension.name: "Dimension names that you choose must match the regular expression `^[a-zA-Z0-9_]$`."', () => {
    const expression = { lowerCase: { dimensionName: "sessionSource" } };
    for (const name of ["source lower", "source-lower", "", "källa"]) {
      expect(
        refusal({
          ...valid,
          dimensions: [{ name: "sessionSource" }, { name, dimensionExpression: expression }],
        }),
      ).toBe(
        `A dimension with a dimensionExpression needs a name of its own made of letters, digits and underscores; got "${name}".`,
      );
    }
    expect(() =>
      report({
        ...valid,
        dimensions: [
          { name: "sessionSource" },
          { name: "source_2", dimensionExpression: expression },
        ],
      }),
    ).not.toThrow();
  });
});

describe("orderBys, offset and limit", () => {
  it('MetricOrderBy.metric_name: "A metric name in the request to order by."', () => {
    expect(refusal({ ...valid, orderBys: [{ metric: { metricName: "keyEvents" } }] })).toBe(
      "orderBys[0] orders by keyEvents, which is not one of the request's metrics.",
    );
  });

  it('DimensionOrderBy.dimension_name: "A dimension name in the request to order by."', () => {
    expect(
      refusal({ ...valid, orderBys: [{ dimension: { dimensionName: "sessionMedium" } }] }),
    ).toBe("orderBys[0] orders by sessionMedium, which is not one of the request's dimensions.");
  });

  it('offset: "The row count of the start row. The first row is counted as row 0."', () => {
    expect(refusal({ ...valid, offset: "-1" })).toBe("offset must not be negative; got -1.");
    expect(report({ ...valid, offset: "0" }).rows?.length).toBeGreaterThan(0);
  });

  it('limit: "`limit` must be positive."', () => {
    expect(refusal({ ...valid, limit: "-5" })).toBe("limit must be positive; got -5.");
  });

  it('limit: "The API returns a maximum of 250,000 rows per request, no matter how many you ask for."', () => {
    const query = parseRunReportRequest({ ...valid, limit: "1000000" }, 0);
    expect(query.limit).toBe(MAX_LIMIT);
    expect(MAX_LIMIT).toBe(250_000);
  });
});

describe("batchRunReports", () => {
  it('BatchRunReportsRequest.requests: "Each batch request is allowed up to 5 requests."', () => {
    const five = readBatchRunReportsRequest(
      { requests: Array.from({ length: 5 }, () => valid) },
      "1",
    );
    expect(five.ok).toBe(true);
    const six = readBatchRunReportsRequest(
      { requests: Array.from({ length: 6 }, () => valid) },
      "1",
    );
    expect(six).toEqual({
      ok: false,
      error: {
        code: 400,
        status: "INVALID_ARGUMENT",
        message: "Each batch request is allowed up to 5 requests.",
      },
    });
  });

  it('BatchRunReportsRequest.property: "The property within RunReportRequest may either be unspecified or consistent with this property."', () => {
    const consistent = readBatchRunReportsRequest(
      { requests: [valid, { ...valid, property: "properties/123" }] },
      "123",
    );
    expect(consistent.ok).toBe(true);
    const other = readBatchRunReportsRequest(
      { requests: [valid, { ...valid, property: "properties/999" }] },
      "123",
    );
    expect(other).toEqual({
      ok: false,
      error: {
        code: 400,
        status: "INVALID_ARGUMENT",
        message:
          'requests[1].property is "properties/999", not the batch\'s "properties/123". The property within each RunReportRequest may either be unspecified or consistent with the batch\'s property.',
      },
    });
  });

  it("reads the batch as a BatchRunReportsRequest, unknown fields refused", () => {
    const result = readBatchRunReportsRequest({ requests: [valid], report: {} }, "1");
    expect(result.ok ? undefined : result.error.message).toBe(
      'Invalid JSON payload received. Unknown name "report": Cannot find field.',
    );
  });
});

describe("dimension and metric compatibility", () => {
  it('announcement 2022-12-01: "Item-scoped dimensions like itemName are becoming incompatible with event-scoped metrics like eventCount."', () => {
    // Its list of those metrics names `conversions`, GA4's former name for keyEvents.
    expect(incompatiblePair(["itemName"], ["eventCount"])).toEqual({
      dimension: "itemName",
      metric: "eventCount",
    });
    const error = rejection({
      ...valid,
      dimensions: named("itemName"),
      metrics: named("keyEvents"),
    });
    expect(error).toEqual({ code: 400, status: "INVALID_ARGUMENT", message: INCOMPATIBLE_MESSAGE });
  });

  it('"Item-scoped dimensions will still be compatible with … user-based metrics like activeUsers, and session-based metrics like sessions."', () => {
    expect(
      incompatiblePair(["itemId", "itemName"], ["sessions", "totalUsers", "engagedSessions"]),
    ).toBe(undefined);
    // Compatible, but the synthetic data has no items.
    expect(refusal({ ...valid, dimensions: named("itemName") })).toBe(
      "The Utmost Google emulator does not support item-scoped dimensions such as itemName.",
    );
  });

  it("counts a dimensionFilter's fields, requested or not", () => {
    const onItems = {
      ...valid,
      metrics: named("keyEvents"),
      dimensionFilter: { filter: { fieldName: "itemId", stringFilter: { value: "SKU-1" } } },
    };
    expect(rejection(onItems).message).toBe(INCOMPATIBLE_MESSAGE);
  });

  it("keeps everything the product sends compatible, filters on any of its dimensions included", () => {
    expect(incompatiblePair(PRODUCT_DIMENSIONS, PRODUCT_METRICS)).toBe(undefined);
    const served = PRODUCT_DIMENSIONS.filter((name) => name !== "eventName");
    for (let start = 0; start < served.length; start += 9) {
      const response = report({
        dimensions: named(...served.slice(start, start + 9)),
        metrics: named(...PRODUCT_METRICS),
        dateRanges: YESTERDAY,
        dimensionFilter: {
          andGroup: {
            expressions: served.map((fieldName) => ({
              notExpression: { filter: { fieldName, stringFilter: { value: "no such value" } } },
            })),
          },
        },
      });
      expect(response.kind).toBe("analyticsData#runReport");
    }
  });
});

describe("checkCompatibility", () => {
  type Answer = {
    dimensionCompatibilities?: { dimensionMetadata: { apiName: string }; compatibility: string }[];
    metricCompatibilities?: { metricMetadata: { apiName: string }; compatibility: string }[];
  };
  const answer = (body: unknown): Answer => {
    const result = checkCompatibility(body);
    if (!result.ok) throw new Error(result.error.message);
    return result.response as Answer;
  };
  const byName = (response: Answer) =>
    Object.fromEntries([
      ...(response.dimensionCompatibilities ?? []).map((c) => [
        c.dimensionMetadata.apiName,
        c.compatibility,
      ]),
      ...(response.metricCompatibilities ?? []).map((c) => [
        c.metricMetadata.apiName,
        c.compatibility,
      ]),
    ]);

  it('"This compatibility method lists dimensions and metrics that can be added to a report request and maintain compatibility."', () => {
    const compatibility = byName(
      answer({ dimensions: named("itemName"), metrics: named("sessions") }),
    );
    expect(compatibility.keyEvents).toBe("INCOMPATIBLE");
    expect(compatibility.sessions).toBe("COMPATIBLE");
    expect(compatibility.totalUsers).toBe("COMPATIBLE");
    expect(compatibility.sessionSource).toBe("COMPATIBLE");

    const withKeyEvents = byName(answer({ metrics: named("keyEvents") }));
    expect(withKeyEvents.itemName).toBe("INCOMPATIBLE");
    expect(withKeyEvents.itemId).toBe("INCOMPATIBLE");
    for (const name of [
      ...PRODUCT_DIMENSIONS.filter((d) => d !== "eventName"),
      ...PRODUCT_METRICS,
    ]) {
      expect(withKeyEvents[name], name).toBe("COMPATIBLE");
    }
  });

  it("answers with DimensionMetadata and MetricMetadata as getMetadata has them", () => {
    const response = answer({ dimensions: named("sessionSource"), metrics: named("sessions") });
    expect(
      response.dimensionCompatibilities?.find(
        (c) => c.dimensionMetadata.apiName === "sessionSource",
      ),
    ).toEqual({
      dimensionMetadata: {
        apiName: "sessionSource",
        uiName: "Session source",
        description: "The source that initiated a session on your website or app.",
        category: "Traffic source",
      },
      compatibility: "COMPATIBLE",
    });
    expect(response.metricCompatibilities?.[0]).toEqual({
      metricMetadata: expect.objectContaining({ apiName: "sessions", type: "TYPE_INTEGER" }),
      compatibility: "COMPATIBLE",
    });
  });

  it('compatibilityFilter: "Filters the dimensions and metrics in the response to just this compatibility."', () => {
    const incompatible = answer({
      metrics: named("keyEvents"),
      compatibilityFilter: "INCOMPATIBLE",
    });
    expect(incompatible).toEqual({
      dimensionCompatibilities: [
        expect.objectContaining({
          dimensionMetadata: expect.objectContaining({ apiName: "itemId" }),
        }),
        expect.objectContaining({
          dimensionMetadata: expect.objectContaining({ apiName: "itemName" }),
        }),
      ],
    });
    const compatible = byName(
      answer({ metrics: named("keyEvents"), compatibilityFilter: "COMPATIBLE" }),
    );
    expect(Object.values(compatible).every((c) => c === "COMPATIBLE")).toBe(true);
    expect(compatible.itemName).toBe(undefined);
  });

  it('"This method fails if the request\'s dimensions and metrics are incompatible."', () => {
    const result = checkCompatibility({
      dimensions: named("itemName"),
      metrics: named("keyEvents"),
    });
    expect(result).toEqual({
      ok: false,
      error: { code: 400, status: "INVALID_ARGUMENT", message: INCOMPATIBLE_MESSAGE },
    });
  });

  it("reads a CheckCompatibilityRequest: Google's field rules, unknown fields refused", () => {
    const unknown = checkCompatibility({ metrics: named("sessions"), dateRanges: YESTERDAY });
    expect(unknown.ok ? undefined : unknown.error.message).toBe(
      'Invalid JSON payload received. Unknown name "dateRanges": Cannot find field.',
    );
    const bad = checkCompatibility({ dimensions: named("sessionSorce") });
    expect(bad.ok ? undefined : bad.error.message).toMatch(
      /^Field sessionSorce is not a valid dimension\./,
    );
  });
});
