import { describe, expect, it } from "vitest";
import { dayNumber, formatDay } from "../synthetic/calendar.ts";
import { createSyntheticProperty, PROFILES } from "../synthetic/index.ts";
import { dailyTrafficProperty } from "./testing/fake-property.ts";
import { report, YESTERDAY } from "./testing/report-helpers.ts";

interface Metadata {
  subjectToThresholding?: boolean;
  samplingMetadatas?: { samplesReadCount: string; samplingSpaceSize: string }[];
}

const metadataOf = (response: { metadata: unknown }) => response.metadata as Metadata;

describe("sampling (ResponseMetaData.samplingMetadatas)", () => {
  const largeStore = createSyntheticProperty(PROFILES["large-store"]);
  const today = "2026-11-16";
  const sessionsReport = (dateRanges: readonly Record<string, string>[]) =>
    report({ metrics: [{ name: "sessions" }], dateRanges }, largeStore, today);

  it("leaves it out of a report under the property's threshold", () => {
    const response = sessionsReport([{ startDate: "2026-11-10", endDate: "2026-11-10" }]);
    expect(response.metadata).toEqual({ currencyCode: "GBP", timeZone: "Europe/London" });
  });

  it("gives one entry per date range once a range holds more sessions, as event counts", () => {
    const response = sessionsReport([
      { startDate: "2026-11-09", endDate: "2026-11-10" },
      { startDate: "2026-11-12", endDate: "2026-11-12" },
    ]);
    const sampling = metadataOf(response).samplingMetadatas ?? [];
    expect(sampling).toHaveLength(2);
    const [twoDays, oneDay] = sampling.map((entry) => ({
      read: Number(entry.samplesReadCount),
      space: Number(entry.samplingSpaceSize),
    }));
    // int64 fields are JSON strings (ga4-protocol.md §0).
    expect(typeof sampling[0]?.samplesReadCount).toBe("string");
    expect(twoDays?.read).toBeLessThan(twoDays?.space ?? 0);
    expect(twoDays?.read).toBeGreaterThan((twoDays?.space ?? 0) * 0.5);
    // The one-day range is under the threshold: its sample is all of its events.
    expect(oneDay?.read).toBe(oneDay?.space);
    // Events, not sessions: about two page views and a session_start per session.
    const sessions = Number(response.rows?.[0]?.metricValues?.[0]?.value);
    expect(twoDays?.space).toBeGreaterThan(sessions * 2.5);
  });

  it("keeps the numbers exact: the stand-in's sample happens to be a perfect one", () => {
    const days = [{ startDate: "2026-11-09", endDate: "2026-11-10" }];
    const both = Number(sessionsReport(days).rows?.[0]?.metricValues?.[0]?.value);
    const each = ["2026-11-09", "2026-11-10"].map((day) =>
      Number(
        sessionsReport([{ startDate: day, endDate: day }]).rows?.[0]?.metricValues?.[0]?.value,
      ),
    );
    expect(both).toBe((each[0] ?? 0) + (each[1] ?? 0));
  });

  it("samples every large-store report over two days of a year, and no one-day report", () => {
    const threshold = PROFILES["large-store"].samplingThresholdSessions ?? 0;
    const last = dayNumber("20261115");
    let previous = 0;
    for (let day = last - 365; day <= last; day++) {
      const sessions = largeStore
        .rowsForDay(formatDay(day))
        .reduce((sum, row) => sum + row.sessions, 0);
      expect(sessions).toBeLessThanOrEqual(threshold);
      if (previous > 0) expect(previous + sessions).toBeGreaterThan(threshold);
      previous = sessions;
    }
  });

  it("never samples a property without a threshold", () => {
    const response = report(
      {
        metrics: [{ name: "sessions" }],
        dateRanges: [{ startDate: "2020-01-01", endDate: "yesterday" }],
      },
      createSyntheticProperty(PROFILES["well-run-store"]),
      "2026-03-15",
    );
    expect(metadataOf(response).samplingMetadatas).toBeUndefined();
  });
});

describe("thresholding (ResponseMetaData.subjectToThresholding)", () => {
  it("says true for a property with thresholds, and is left out (false) otherwise", () => {
    const body = { metrics: [{ name: "sessions" }], dateRanges: YESTERDAY };
    expect(metadataOf(report(body, dailyTrafficProperty({ thresholded: true })))).toEqual({
      currencyCode: "USD",
      timeZone: "America/New_York",
      subjectToThresholding: true,
    });
    expect(metadataOf(report(body)).subjectToThresholding).toBeUndefined();
  });

  it("is off for every existing profile", () => {
    for (const profile of Object.values(PROFILES)) expect(profile.thresholded).toBeUndefined();
  });
});
