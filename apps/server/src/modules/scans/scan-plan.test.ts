import { type AuditRow, createAuditor, DIMENSIONS } from "@utmost/engine";
import { describe, expect, it } from "vitest";
import {
  createRowDecoder,
  isoDate,
  JOIN_DELIMITER,
  JOINED_PLAN,
  PLAIN_PLAN,
  type ScanPlan,
  scanDateRange,
  scanReportQuery,
} from "./scan-plan.ts";

const D = JOIN_DELIMITER;
const METRICS = [
  { name: "sessions", type: "TYPE_INTEGER" },
  { name: "keyEvents", type: "TYPE_INTEGER" },
];

function decoderFor(plan: ScanPlan) {
  const query = scanReportQuery({ startDay: 0, endDay: 0 }, plan);
  return createRowDecoder(
    query.dimensions.map((dimension) => ({ name: dimension.name })),
    METRICS,
  );
}

function reportRow(values: string[], sessions = "12", keyEvents = "3") {
  return {
    dimensionValues: values.map((value) => ({ value })),
    metricValues: [{ value: sessions }, { value: keyEvents }],
  };
}

/** A joined value in JOINED_PLAN's order. */
function joined(parts: Partial<Record<(typeof DIMENSIONS)[number], string>>): string {
  const column = JOINED_PLAN.columns[0];
  return (column?.dimensions ?? []).map((dimension) => parts[dimension] ?? "").join(D);
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

describe("the scan plan", () => {
  it("asks for every dimension the engine reads, once, in one joined column", () => {
    const query = scanReportQuery({ startDay: 20_000, endDay: 20_001 });
    expect(query.dimensions).toHaveLength(1);
    expect(query.dimensions[0]?.dimensionExpression?.concatenate?.dimensionNames?.sort()).toEqual(
      [...DIMENSIONS].sort(),
    );
    expect(query.dateRanges).toEqual([{ startDate: "2024-10-04", endDate: "2024-10-05" }]);
    expect(query.metrics).toEqual([{ name: "sessions" }, { name: "keyEvents" }]);
  });

  it("falls back to nine plain dimensions, date included", () => {
    const query = scanReportQuery({ startDay: 20_000, endDay: 20_000 }, PLAIN_PLAN);
    expect(query.dimensions).toHaveLength(9);
    expect(query.dimensions.every((dimension) => !dimension.dimensionExpression)).toBe(true);
    expect(query.dimensions.map((dimension) => dimension.name)).toContain("date");
  });

  it("covers the 90 days that end 2 days before today", () => {
    const range = scanDateRange(new Date("2026-11-16T23:59:00Z"));
    expect(isoDate(range.endDay)).toBe("2026-11-14");
    expect(isoDate(range.startDay)).toBe("2026-08-17");
    expect(range.endDay - range.startDay + 1).toBe(90);
  });
});

describe("createRowDecoder", () => {
  it("splits the joined column back into the engine's dimensions and reads the metrics", () => {
    const decoder = decoderFor(JOINED_PLAN);
    expect(decoder.decode(reportRow([joined(SESSION)]))).toEqual({
      ...SESSION,
      sessions: 12,
      keyEvents: 3,
    });
    expect(decoder.ambiguousRows).toBe(0);
  });

  it("builds every row with the keys in the engine's dimension order", () => {
    const row = decoderFor(JOINED_PLAN).decode(reportRow([joined(SESSION)]));
    expect(Object.keys(row)).toEqual([...DIMENSIONS, "sessions", "keyEvents"]);
  });

  it("keeps empty parts, and gives delimiters in the last part to that part", () => {
    const decoder = decoderFor(JOINED_PLAN);
    const row = decoder.decode(
      reportRow([joined({ ...SESSION, pageReferrer: "", sessionManualAdContent: `a${D}b` })]),
    );
    expect(row.pageReferrer).toBe("");
    expect(row.sessionManualAdContent).toBe(`a${D}b`);
    expect(decoder.ambiguousRows).toBe(1);
  });

  it("reads GA4's (other) row as (other) everywhere, without a date", () => {
    const row = decoderFor(JOINED_PLAN).decode(reportRow(["(other)"], "5000", "0"));
    expect(row.date).toBeUndefined();
    expect(row.sessionManualTerm).toBe("(other)");
    expect(row.sessionDefaultChannelGroup).toBe("(other)");
    expect(row.sessions).toBe(5000);
  });

  it("reads the plain plan's columns by their header names", () => {
    const row = decoderFor(PLAIN_PLAN).decode(
      reportRow([
        "20261103",
        "google",
        "cpc",
        "spring_sale",
        "Paid Search",
        "google",
        "cpc",
        "spring_sale",
        "/shoes",
      ]),
    );
    expect(row).toMatchObject({ date: "20261103", sessionDefaultChannelGroup: "Paid Search" });
    expect(row.sessionManualTerm).toBeUndefined();
    expect(row.pageReferrer).toBeUndefined();
  });

  it("refuses a metric that is not a count, and a column it does not know", () => {
    const decoder = decoderFor(JOINED_PLAN);
    expect(() => decoder.decode(reportRow([joined(SESSION)], "lots"))).toThrow(
      expect.objectContaining({ code: "GOOGLE_BAD_RESPONSE" }),
    );
    expect(() => createRowDecoder([{ name: "city" }], METRICS)).toThrow(
      expect.objectContaining({ code: "GOOGLE_BAD_RESPONSE" }),
    );
  });
});

describe("RowDecoder.feed", () => {
  const context = { siteHosts: ["www.example.com"], now: new Date("2026-11-20T00:00:00Z") };
  const rows = [
    reportRow([joined(SESSION)], "12", "3"),
    reportRow([joined({ ...SESSION, date: "20261104" })], "8", "0"),
    reportRow([joined({ ...SESSION, date: "20261105", sessionSource: "Google" })], "2", "1"),
    reportRow([joined({ ...SESSION, date: "2026-11-06" })], "1", "0"),
    reportRow([joined({ ...SESSION, sessionManualAdContent: `a${D}b` })], "4", "0"),
    reportRow([joined({ ...SESSION, sessionManualTerm: `x${D}y` })], "5", "0"),
    reportRow(["(other)"], "5000", "0"),
  ];

  it("audits the same as decoding each row whole, and looks each combination up once", () => {
    const decoder = decoderFor(JOINED_PLAN);
    const whole = createAuditor(context);
    for (const row of rows) whole.add(decoder.decode(row));

    const fed = createAuditor(context);
    const lookups: unknown[] = [];
    const added: AuditRow[] = [];
    const sink = {
      add: (row: AuditRow) => {
        added.push(row);
        fed.add(row);
      },
      combination: (values: Parameters<typeof fed.combination>[0]) => {
        lookups.push(values);
        return fed.combination(values);
      },
      addTo: fed.addTo,
    };
    const feeding = decoderFor(JOINED_PLAN);
    for (const row of rows) feeding.feed(row, sink);

    expect(fed.finish()).toEqual(whole.finish());
    // SESSION on two dates: one combination; the source in another case: a second. A date of
    // another form, values holding the delimiter (which do not split exactly) and (other) are
    // decoded whole.
    expect(lookups).toHaveLength(2);
    expect(added.map((row) => row.sessions)).toEqual([1, 4, 5, 5000]);
    expect(feeding.ambiguousRows).toBe(decoder.ambiguousRows);
  });
});
