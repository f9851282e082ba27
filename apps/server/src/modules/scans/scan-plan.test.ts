import {
  type AuditRow,
  createAuditor,
  DIMENSIONS,
  VIEW_DIMENSIONS,
  VIEWS,
  type View,
} from "@utmost/engine";
import { describe, expect, it } from "vitest";
import { ViewRecorder } from "./scan-checkpoint.ts";
import {
  createRowDecoder,
  DecodeCache,
  isoDate,
  SCAN_VIEWS,
  scanDateRange,
  VIEW_FILTERS,
  viewReportQuery,
} from "./scan-plan.ts";

const METRICS = [
  { name: "sessions", type: "TYPE_INTEGER" },
  { name: "keyEvents", type: "TYPE_INTEGER" },
];

function decoderFor(view: View) {
  return createRowDecoder(
    view,
    VIEW_DIMENSIONS[view].map((name) => ({ name })),
    METRICS,
  );
}

function reportRow(values: string[], sessions = "12", keyEvents = "3") {
  return {
    dimensionValues: values.map((value) => ({ value })),
    metricValues: [{ value: sessions }, { value: keyEvents }],
  };
}

const SESSION = {
  date: "20261103",
  sessionDefaultChannelGroup: "Paid Search",
  pageReferrer: "https://www.google.com/",
  landingPagePlusQueryString: "/shoes?utm_source=google",
  sessionSource: "google",
  sessionMedium: "cpc",
  sessionCampaignName: "spring_sale",
  sessionManualSource: "google",
  sessionManualMedium: "cpc",
  sessionManualCampaignName: "spring_sale",
  sessionManualCampaignId: "cmp-42",
  sessionManualTerm: "running shoes",
  sessionManualAdContent: "banner_a",
} as const;

/** A report row of `view` for SESSION (with changes). */
function viewRow(view: View, changes: Partial<Record<keyof typeof SESSION, string>> = {}) {
  const values = { ...SESSION, ...changes };
  return reportRow(VIEW_DIMENSIONS[view].map((dimension) => values[dimension]));
}

describe("the scan plan", () => {
  it("asks each view's report for at most 9 plain dimensions, and every dimension once", () => {
    const asked = new Set<string>();
    for (const view of SCAN_VIEWS) {
      const query = viewReportQuery(view, { startDay: 20_000, endDay: 20_001 });
      expect(query.dimensions.length).toBeLessThanOrEqual(9);
      expect(query.dimensions.every((dimension) => !dimension.dimensionExpression)).toBe(true);
      expect(query.metrics).toEqual(
        view === "referrers"
          ? [{ name: "sessions" }]
          : [{ name: "sessions" }, { name: "keyEvents" }],
      );
      expect(query.dateRanges).toEqual([{ startDate: "2024-10-04", endDate: "2024-10-05" }]);
      for (const dimension of query.dimensions) asked.add(dimension.name);
    }
    expect([...asked].sort()).toEqual([...DIMENSIONS].sort());
    expect(SCAN_VIEWS[0]).toBe("sessions");
    expect([...SCAN_VIEWS].sort()).toEqual([...VIEWS].sort());
  });

  it("keeps every session in the ledger, and counts referrers on session_start only", () => {
    expect(viewReportQuery("sessions", { startDay: 1, endDay: 1 }).dimensionFilter).toBeUndefined();
    expect(JSON.stringify(VIEW_FILTERS.referrers)).toContain(
      '{"filter":{"fieldName":"eventName","stringFilter":{"matchType":"EXACT","value":"session_start"}}}',
    );
    // The details report: sessions with utm_id, utm_term or utm_content, or a source without a
    // campaign.
    const details = JSON.stringify(VIEW_FILTERS.details);
    for (const name of [
      "sessionManualCampaignId",
      "sessionManualTerm",
      "sessionManualAdContent",
      "sessionManualCampaignName",
    ]) {
      expect(details).toContain(name);
    }
  });

  it("covers the 90 days that end 2 days before today", () => {
    const range = scanDateRange(new Date("2026-11-16T23:59:00Z"));
    expect(isoDate(range.endDay)).toBe("2026-11-14");
    expect(isoDate(range.startDay)).toBe("2026-08-17");
    expect(range.endDay - range.startDay + 1).toBe(90);
  });
});

describe("createRowDecoder", () => {
  it("reads each view's columns by their header names, and the metrics", () => {
    expect(decoderFor("sessions").decode(viewRow("sessions"))).toEqual({
      date: "20261103",
      sessionSource: "google",
      sessionMedium: "cpc",
      sessionCampaignName: "spring_sale",
      sessionDefaultChannelGroup: "Paid Search",
      sessionManualSource: "google",
      sessionManualMedium: "cpc",
      sessionManualCampaignName: "spring_sale",
      landingPagePlusQueryString: "/shoes?utm_source=google",
      sessions: 12,
      keyEvents: 3,
    });
    const details = decoderFor("details").decode(viewRow("details"));
    expect(details).toMatchObject({
      sessionManualTerm: "running shoes",
      sessionManualCampaignId: "cmp-42",
    });
    expect(details.date).toBeUndefined();
    expect(decoderFor("referrers").decode(viewRow("referrers")).pageReferrer).toBe(
      "https://www.google.com/",
    );
  });

  it("reads GA4's (other) row as (other), and a date of another form as none", () => {
    const decoder = decoderFor("sessions");
    const other = decoder.decode(
      reportRow(
        VIEW_DIMENSIONS.sessions.map(() => "(other)"),
        "5000",
      ),
    );
    expect(other.date).toBeUndefined();
    expect(other.sessionSource).toBe("(other)");
    expect(decoder.decode(viewRow("sessions", { date: "2026-11-03" })).date).toBeUndefined();
  });

  it("refuses a metric that is not a count, and a column it does not know", () => {
    const decoder = decoderFor("sessions");
    expect(() =>
      decoder.decode(
        reportRow(
          VIEW_DIMENSIONS.sessions.map(() => "x"),
          "lots",
        ),
      ),
    ).toThrow(expect.objectContaining({ code: "GOOGLE_BAD_RESPONSE" }));
    expect(() => createRowDecoder("sessions", [{ name: "city" }], METRICS)).toThrow(
      expect.objectContaining({ code: "GOOGLE_BAD_RESPONSE" }),
    );
    expect(() => createRowDecoder("sessions", [{ name: "utmostSession" }], METRICS)).toThrow(
      expect.objectContaining({ code: "GOOGLE_BAD_RESPONSE" }),
    );
  });
});

describe("RowDecoder.feed", () => {
  const context = { siteHosts: ["www.example.com"], now: new Date("2026-11-20T00:00:00Z") };
  const options = { views: VIEW_DIMENSIONS };
  const rows: [View, ReturnType<typeof reportRow>][] = [
    ["sessions", viewRow("sessions")],
    ["sessions", viewRow("sessions", { date: "20261104" })],
    ["sessions", viewRow("sessions", { sessionSource: "Google" })],
    ["details", viewRow("details")],
    ["details", viewRow("details", { sessionManualTerm: "Running Shoes" })],
    ["referrers", viewRow("referrers")],
  ];

  it("audits the same as adding each decoded row, and looks each combination up once", () => {
    const whole = createAuditor(context, undefined, options);
    const decoders = new Map(VIEWS.map((view) => [view, decoderFor(view)]));
    for (const [view, row] of rows) whole.add(decoders.get(view)?.decode(row) as AuditRow, view);

    const fed = createAuditor(context, undefined, options);
    const lookups: unknown[] = [];
    const sink = {
      add: fed.add,
      combination: (values: Parameters<typeof fed.combination>[0], view?: View) => {
        lookups.push(values);
        return fed.combination(values, view);
      },
      addTo: fed.addTo,
    };
    const feeding = new Map(VIEWS.map((view) => [view, decoderFor(view)]));
    for (const [view, row] of rows) feeding.get(view)?.feed(row, sink);

    expect(fed.finish()).toEqual(whole.finish());
    // SESSION on two dates is one combination of the ledger.
    expect(lookups).toHaveLength(5);
  });

  it("writes a combination's values once, then its number, and each row's date and metrics", () => {
    const auditor = createAuditor(context, undefined, options);
    const cache = new DecodeCache();
    const decoder = createRowDecoder(
      "sessions",
      VIEW_DIMENSIONS.sessions.map((name) => ({ name })),
      METRICS,
      cache,
    );
    const first = new ViewRecorder();
    decoder.feed(viewRow("sessions"), auditor, first);
    decoder.feed(viewRow("sessions", { sessionSource: "Google" }), auditor, first);
    const second = new ViewRecorder();
    decoder.feed(viewRow("sessions", { date: "20261104" }), auditor, second);

    expect(first.combinations).toEqual([
      [
        0,
        "google",
        "cpc",
        "spring_sale",
        "Paid Search",
        "google",
        "cpc",
        "spring_sale",
        "/shoes?utm_source=google",
      ],
      [
        1,
        "Google",
        "cpc",
        "spring_sale",
        "Paid Search",
        "google",
        "cpc",
        "spring_sale",
        "/shoes?utm_source=google",
      ],
    ]);
    expect(first.record().rows).toEqual(Float64Array.of(0, 20261103, 12, 3, 1, 20261103, 12, 3));
    // Met before: the number only.
    expect(second.record()).toEqual({
      combinations: [],
      rows: Float64Array.of(0, 20261104, 12, 3),
    });
    expect(cache.nextId).toBe(2);
  });
});
