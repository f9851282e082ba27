import { DIMENSIONS } from "@utmost/engine";
import { describe, expect, it } from "vitest";
import {
  createRowDecoder,
  isoDate,
  JOIN_DELIMITER,
  SCAN_COLUMNS,
  scanDateRange,
  scanReportQuery,
} from "./scan-plan.ts";

const D = JOIN_DELIMITER;

function decoderForPlan() {
  const query = scanReportQuery({ startDay: 0, endDay: 0 });
  return createRowDecoder(
    query.dimensions.map((dimension) => ({ name: dimension.name })),
    [
      { name: "sessions", type: "TYPE_INTEGER" },
      { name: "keyEvents", type: "TYPE_INTEGER" },
    ],
  );
}

function reportRow(values: string[], sessions = "12", keyEvents = "3") {
  return {
    dimensionValues: values.map((value) => ({ value })),
    metricValues: [{ value: sessions }, { value: keyEvents }],
  };
}

const PLAIN = [
  "google",
  "cpc",
  "spring_sale",
  "google",
  "cpc",
  "spring_sale",
  "/shoes?utm_source=google",
];

describe("the scan plan", () => {
  it("asks for every dimension the engine reads, once, in 9 columns", () => {
    const query = scanReportQuery({ startDay: 20_000, endDay: 20_001 });
    expect(query.dimensions).toHaveLength(9);
    expect(SCAN_COLUMNS.flatMap((column) => column.dimensions).sort()).toEqual(
      [...DIMENSIONS].sort(),
    );
    expect(query.dateRanges).toEqual([{ startDate: "2024-10-04", endDate: "2024-10-05" }]);
    expect(query.metrics).toEqual([{ name: "sessions" }, { name: "keyEvents" }]);
  });

  it("covers the 90 days that end 2 days before today", () => {
    const range = scanDateRange(new Date("2026-11-16T23:59:00Z"));
    expect(isoDate(range.endDay)).toBe("2026-11-14");
    expect(isoDate(range.startDay)).toBe("2026-08-17");
    expect(range.endDay - range.startDay + 1).toBe(90);
  });
});

describe("createRowDecoder", () => {
  it("splits joined columns back into the engine's dimensions and reads the metrics", () => {
    const decoder = decoderForPlan();
    const row = decoder.decode(
      reportRow([
        ...PLAIN,
        `20261103${D}Paid Search${D}cmp-42`,
        `https://www.google.com/${D}running shoes${D}banner_a`,
      ]),
    );
    expect(row).toEqual({
      sessionSource: "google",
      sessionMedium: "cpc",
      sessionCampaignName: "spring_sale",
      sessionDefaultChannelGroup: "Paid Search",
      sessionManualSource: "google",
      sessionManualMedium: "cpc",
      sessionManualCampaignName: "spring_sale",
      sessionManualCampaignId: "cmp-42",
      sessionManualTerm: "running shoes",
      sessionManualAdContent: "banner_a",
      landingPagePlusQueryString: "/shoes?utm_source=google",
      pageReferrer: "https://www.google.com/",
      date: "20261103",
      sessions: 12,
      keyEvents: 3,
    });
    expect(decoder.ambiguousRows).toBe(0);
  });

  it("builds every row with the keys in the engine's dimension order", () => {
    const row = decoderForPlan().decode(reportRow([...PLAIN, `20261103${D}x${D}y`, `${D}${D}`]));
    expect(Object.keys(row)).toEqual([...DIMENSIONS, "sessions", "keyEvents"]);
  });

  it("keeps empty parts and gives the delimiter in a last part to that part", () => {
    const decoder = decoderForPlan();
    const row = decoder.decode(reportRow([...PLAIN, `20261103${D}Email${D}a${D}b`, `${D}${D}`]));
    expect(row.sessionManualCampaignId).toBe(`a${D}b`);
    expect(row.pageReferrer).toBe("");
    expect(row.sessionManualTerm).toBe("");
    expect(row.sessionManualAdContent).toBe("");
    expect(decoder.ambiguousRows).toBe(0);
  });

  it("counts a row whose utm_term holds the delimiter as ambiguous", () => {
    const decoder = decoderForPlan();
    decoder.decode(reportRow([...PLAIN, `20261103${D}Email${D}x`, `(not set)${D}a${D}b${D}c`]));
    expect(decoder.ambiguousRows).toBe(1);
  });

  it("reads GA4's (other) row as (other) everywhere, without a date", () => {
    const row = decoderForPlan().decode(reportRow(Array(9).fill("(other)"), "5000", "0"));
    expect(row.date).toBeUndefined();
    expect(row.sessionManualTerm).toBe("(other)");
    expect(row.sessionDefaultChannelGroup).toBe("(other)");
    expect(row.sessions).toBe(5000);
  });

  it("refuses a metric that is not a count", () => {
    const decoder = decoderForPlan();
    expect(() => decoder.decode(reportRow([...PLAIN, "x", "y"], "lots"))).toThrow(
      expect.objectContaining({ code: "GOOGLE_BAD_RESPONSE" }),
    );
  });
});
