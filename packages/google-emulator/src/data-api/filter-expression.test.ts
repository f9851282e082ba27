import { describe, expect, it } from "vitest";
import { firstColumn, rejection, report, YESTERDAY } from "./testing/report-helpers.ts";

/** The sessionSourceMedium values of the rows a dimensionFilter keeps, biggest first. */
function kept(dimensionFilter: Record<string, unknown>): string[] {
  return firstColumn(
    report({
      dimensions: [{ name: "sessionSourceMedium" }],
      metrics: [{ name: "sessions" }],
      dateRanges: YESTERDAY,
      dimensionFilter,
    }),
  );
}

function onField(fieldName: string, filter: Record<string, unknown>): Record<string, unknown> {
  return { filter: { fieldName, ...filter } };
}

function stringFilter(
  fieldName: string,
  matchType: string,
  value: string,
  caseSensitive?: boolean,
) {
  return onField(fieldName, { stringFilter: { matchType, value, caseSensitive } });
}

const ALL = [
  "google / organic",
  "(direct) / (none)",
  "newsletter / email",
  "google / cpc",
  "facebook / Social",
];

describe("dimensionFilter string filters", () => {
  it("matches EXACT without regard to case unless caseSensitive", () => {
    expect(kept(stringFilter("sessionMedium", "EXACT", "SOCIAL"))).toEqual(["facebook / Social"]);
    expect(kept(stringFilter("sessionMedium", "EXACT", "social", true))).toEqual([]);
    expect(kept(stringFilter("sessionMedium", "EXACT", "Social", true))).toEqual([
      "facebook / Social",
    ]);
  });

  it("treats an unspecified matchType as EXACT", () => {
    expect(kept(onField("sessionSource", { stringFilter: { value: "Google" } }))).toEqual([
      "google / organic",
      "google / cpc",
    ]);
  });

  it("matches BEGINS_WITH, ENDS_WITH and CONTAINS", () => {
    expect(kept(stringFilter("sessionSource", "BEGINS_WITH", "goo"))).toEqual([
      "google / organic",
      "google / cpc",
    ]);
    expect(kept(stringFilter("landingPagePlusQueryString", "ENDS_WITH", "=EMAIL"))).toEqual([
      "newsletter / email",
    ]);
    expect(kept(stringFilter("landingPagePlusQueryString", "CONTAINS", "utm_"))).toEqual([
      "newsletter / email",
      "facebook / Social",
    ]);
    expect(kept(stringFilter("sessionSourceMedium", "CONTAINS", " / c"))).toEqual(["google / cpc"]);
  });

  it("matches FULL_REGEXP against the whole value and PARTIAL_REGEXP anywhere", () => {
    expect(kept(stringFilter("sessionMedium", "FULL_REGEXP", "e?mail|cpc"))).toEqual([
      "newsletter / email",
      "google / cpc",
    ]);
    expect(kept(stringFilter("sessionMedium", "FULL_REGEXP", "mail"))).toEqual([]);
    expect(kept(stringFilter("sessionMedium", "PARTIAL_REGEXP", "mail"))).toEqual([
      "newsletter / email",
    ]);
    // The auditor's "medium not lower case" query (ga4-protocol.md §3.2).
    expect(kept(stringFilter("sessionMedium", "PARTIAL_REGEXP", "[A-Z]", true))).toEqual([
      "facebook / Social",
    ]);
    expect(kept(stringFilter("sessionMedium", "PARTIAL_REGEXP", "[A-Z]"))).toHaveLength(5);
    expect(kept(stringFilter("sessionMedium", "FULL_REGEXP", "(?i)SOCIAL", true))).toEqual([
      "facebook / Social",
    ]);
  });

  it("refuses an invalid regular expression and RE2's unsupported syntax", () => {
    for (const pattern of ["(unclosed", "a)|(b", "foo(?=bar)", "(a)\\1"]) {
      expect(
        rejection({
          metrics: [{ name: "sessions" }],
          dateRanges: YESTERDAY,
          dimensionFilter: stringFilter("sessionSource", "PARTIAL_REGEXP", pattern),
        }).message,
      ).toBe(
        `Invalid regular expression ${JSON.stringify(pattern)} in the filter on sessionSource.`,
      );
    }
  });
});

describe("dimensionFilter other filters", () => {
  it("matches inListFilter values, case-insensitively by default", () => {
    const inList = (values: string[], caseSensitive?: boolean) =>
      kept(onField("sessionMedium", { inListFilter: { values, caseSensitive } }));
    expect(inList(["EMAIL", "cpc"])).toEqual(["newsletter / email", "google / cpc"]);
    expect(inList(["EMAIL", "cpc"], true)).toEqual(["google / cpc"]);
  });

  it("matches emptyFilter on both '' and '(not set)'", () => {
    expect(kept(onField("sessionManualTerm", { emptyFilter: {} }))).toEqual(ALL);
    expect(kept(onField("sessionCampaignName", { emptyFilter: {} }))).toEqual([
      "google / organic",
      "(direct) / (none)",
    ]);
  });

  it("filters on dimensions that are not columns of the report", () => {
    expect(kept(stringFilter("deviceCategory", "EXACT", "mobile"))).toEqual(["facebook / Social"]);
  });
});

describe("dimensionFilter groups", () => {
  it("combines andGroup, orGroup and notExpression at any depth", () => {
    const google = stringFilter("sessionSource", "EXACT", "google");
    const campaign = { notExpression: onField("sessionCampaignName", { emptyFilter: {} }) };
    expect(kept({ andGroup: { expressions: [google, campaign] } })).toEqual(["google / cpc"]);
    expect(kept({ orGroup: { expressions: [google, campaign] } })).toEqual([
      "google / organic",
      "newsletter / email",
      "google / cpc",
      "facebook / Social",
    ]);
    expect(
      kept({
        notExpression: {
          orGroup: {
            expressions: [
              { andGroup: { expressions: [google, campaign] } },
              stringFilter("sessionMedium", "BEGINS_WITH", "("),
            ],
          },
        },
      }),
    ).toEqual(["google / organic", "newsletter / email", "facebook / Social"]);
  });

  it("refuses empty groups and empty expressions", () => {
    const body = (dimensionFilter: unknown) => ({
      metrics: [{ name: "sessions" }],
      dateRanges: YESTERDAY,
      dimensionFilter,
    });
    expect(rejection(body({ andGroup: { expressions: [] } })).message).toBe(
      "andGroup must contain at least one expression.",
    );
    expect(rejection(body({})).message).toBe(
      "A FilterExpression must set one of andGroup, orGroup, notExpression or filter.",
    );
    expect(rejection(body({ filter: { fieldName: "sessionSource" } })).message).toBe(
      "The filter on sessionSource must set one of stringFilter, inListFilter, numericFilter, betweenFilter or emptyFilter.",
    );
    expect(
      rejection(body(onField("sessionSource", { inListFilter: { values: [] } }))).message,
    ).toBe("The inListFilter on sessionSource must have at least one value.");
  });
});

describe("filters in the wrong place", () => {
  const base = {
    dimensions: [{ name: "sessionSource" }],
    metrics: [{ name: "sessions" }],
    dateRanges: YESTERDAY,
  };
  const greaterThan = { numericFilter: { operation: "GREATER_THAN", value: { int64Value: "1" } } };

  it("refuses a metric in dimensionFilter and a dimension in metricFilter", () => {
    expect(rejection({ ...base, dimensionFilter: onField("sessions", greaterThan) }).message).toBe(
      "Metric sessions cannot be used in dimensionFilter. Filter on metrics with metricFilter.",
    );
    expect(
      rejection({ ...base, metricFilter: stringFilter("sessionSource", "EXACT", "google") })
        .message,
    ).toBe(
      "Dimension sessionSource cannot be used in metricFilter. Filter on dimensions with dimensionFilter.",
    );
  });

  it("refuses filter kinds of the other side", () => {
    expect(
      rejection({ ...base, dimensionFilter: onField("sessionSource", greaterThan) }).message,
    ).toBe("sessionSource is a dimension: numericFilter applies to metrics, in metricFilter.");
    expect(
      rejection({ ...base, metricFilter: onField("sessions", { emptyFilter: {} }) }).message,
    ).toBe("sessions is a metric: emptyFilter applies to dimensions, in dimensionFilter.");
  });

  it("refuses a metricFilter on a metric the request does not have", () => {
    expect(rejection({ ...base, metricFilter: onField("keyEvents", greaterThan) }).message).toBe(
      "Metric keyEvents is used in metricFilter but is not one of the request's metrics.",
    );
  });

  it("refuses an unknown field with Google's message", () => {
    expect(
      rejection({ ...base, dimensionFilter: stringFilter("city", "EXACT", "Paris") }).message,
    ).toBe(
      "Field city is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema ",
    );
  });

  it("refuses a numericFilter without an operation", () => {
    expect(
      rejection({
        ...base,
        metricFilter: onField("sessions", { numericFilter: { value: { int64Value: "1" } } }),
      }).message,
    ).toBe("The numericFilter on sessions must set an operation.");
  });
});
