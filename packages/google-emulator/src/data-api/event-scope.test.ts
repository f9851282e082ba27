import { describe, expect, it } from "vitest";
import { createSyntheticProperty, PROFILES } from "../synthetic/index.ts";
import { fakeProperty } from "./testing/fake-property.ts";
import { report, table, YESTERDAY } from "./testing/report-helpers.ts";

const SESSION_START_ONLY = {
  filter: {
    fieldName: "eventName",
    stringFilter: { matchType: "EXACT", value: "session_start" },
  },
};

/** 10 google / organic sessions landing on /products: 4 viewed a second page, 2 bought. */
const searchVisits = () =>
  fakeProperty(() => [
    {
      sessionSource: "google",
      sessionMedium: "organic",
      landingPage: "/products",
      pageReferrer: "https://www.google.com/",
      sessions: 10,
      engagedSessions: 6,
      totalUsers: 9,
      keyEvents: 2,
      multiPageSessions: 4,
      pageViews: 19,
    },
    { sessionSource: "(direct)", sessions: 5, totalUsers: 5, engagedSessions: 2 },
  ]);

describe("event scope: pageReferrer", () => {
  it("counts a session that viewed a second page under the site's own URL as well", () => {
    const response = report(
      {
        dimensions: [{ name: "sessionSource" }, { name: "pageReferrer" }],
        metrics: [{ name: "sessions" }, { name: "engagedSessions" }, { name: "eventCount" }],
        dateRanges: YESTERDAY,
      },
      searchVisits(),
    );
    expect(table(response.rows)).toEqual([
      ["google", "https://www.google.com/", "10", "6", "20"],
      ["(direct)", "", "5", "2", "10"],
      // The 4 multi-page sessions' 9 later page views, then the purchase that followed them.
      ["google", "https://www.example.com/products", "4", "4", "11"],
    ]);
  });

  it("counts each session once, under its landing referrer, on session_start alone", () => {
    const response = report(
      {
        dimensions: [{ name: "sessionSource" }, { name: "pageReferrer" }],
        metrics: [{ name: "sessions" }, { name: "eventCount" }, { name: "keyEvents" }],
        dateRanges: YESTERDAY,
        dimensionFilter: SESSION_START_ONLY,
      },
      searchVisits(),
    );
    expect(table(response.rows)).toEqual([
      ["google", "https://www.google.com/", "10", "10", "0"],
      ["(direct)", "", "5", "5", "0"],
    ]);
  });

  it("counts a session once when a filter on pageReferrer matches several of its events", () => {
    const response = report(
      {
        dimensions: [{ name: "sessionSource" }],
        metrics: [{ name: "sessions" }, { name: "keyEvents" }],
        dateRanges: YESTERDAY,
        dimensionFilter: {
          filter: {
            fieldName: "pageReferrer",
            stringFilter: { matchType: "BEGINS_WITH", value: "https://" },
          },
        },
      },
      searchVisits(),
    );
    expect(table(response.rows)).toEqual([["google", "10", "2"]]);
  });

  it("leaves a report that reads neither eventName nor pageReferrer as it was", () => {
    const response = report(
      {
        dimensions: [{ name: "sessionSource" }],
        metrics: [{ name: "sessions" }, { name: "keyEvents" }, { name: "eventCount" }],
        dateRanges: YESTERDAY,
      },
      searchVisits(),
    );
    // eventCount: 10 session_start + 19 page_view + 2 purchase; 5 + 5 for the direct visits.
    expect(table(response.rows)).toEqual([
      ["google", "10", "2", "31"],
      ["(direct)", "5", "0", "10"],
    ]);
  });
});

describe("event scope: eventName", () => {
  it("has a row per event: sessions that logged it, its events and key events", () => {
    const response = report(
      {
        dimensions: [{ name: "eventName" }],
        metrics: [
          { name: "sessions" },
          { name: "eventCount" },
          { name: "keyEvents" },
          { name: "engagedSessions" },
        ],
        dateRanges: YESTERDAY,
        orderBys: [{ dimension: { dimensionName: "eventName" } }],
      },
      searchVisits(),
    );
    expect(table(response.rows)).toEqual([
      ["page_view", "15", "24", "0", "8"],
      ["purchase", "2", "2", "2", "2"],
      ["session_start", "15", "15", "0", "8"],
    ]);
  });

  it("splits page_view by referrer when both are columns, session_start by landing referrer", () => {
    const response = report(
      {
        dimensions: [{ name: "eventName" }, { name: "pageReferrer" }],
        metrics: [{ name: "sessions" }],
        dateRanges: YESTERDAY,
        dimensionFilter: {
          filter: { fieldName: "sessionSource", stringFilter: { value: "google" } },
        },
        orderBys: [
          { dimension: { dimensionName: "eventName" } },
          { dimension: { dimensionName: "pageReferrer" } },
        ],
      },
      searchVisits(),
    );
    expect(table(response.rows)).toEqual([
      ["page_view", "https://www.example.com/products", "4"],
      ["page_view", "https://www.google.com/", "10"],
      ["purchase", "https://www.example.com/products", "2"],
      ["session_start", "https://www.google.com/", "10"],
    ]);
  });

  it("filters on eventName with every match type, as on any dimension", () => {
    const sessions = (filter: Record<string, unknown>) =>
      table(
        report(
          {
            metrics: [{ name: "sessions" }],
            dateRanges: YESTERDAY,
            dimensionFilter: { filter: { fieldName: "eventName", ...filter } },
          },
          searchVisits(),
        ).rows,
      );
    expect(sessions({ inListFilter: { values: ["purchase"] } })).toEqual([["2"]]);
    expect(sessions({ stringFilter: { matchType: "ENDS_WITH", value: "_VIEW" } })).toEqual([
      ["15"],
    ]);
    expect(sessions({ stringFilter: { value: "first_open" } })).toEqual([]);
  });
});

describe("event scope on a real property", () => {
  const property = createSyntheticProperty(PROFILES["well-run-store"]);
  const week = [{ startDate: "2026-03-01", endDate: "2026-03-07" }];
  const total = (body: Record<string, unknown>) => {
    const response = report(
      { ...body, metrics: [{ name: "sessions" }], dateRanges: week, limit: 250000 },
      property,
      "2026-03-15",
    );
    return table(response.rows).reduce((sum, row) => sum + Number(row.at(-1)), 0);
  };

  it("double-counts sessions across pageReferrer rows, and not on session_start", () => {
    const trueTotal = total({});
    const byReferrer = { dimensions: [{ name: "sessionSource" }, { name: "pageReferrer" }] };
    expect(trueTotal).toBeGreaterThan(1000);
    expect(total(byReferrer)).toBeGreaterThan(trueTotal * 1.3);
    expect(total({ ...byReferrer, dimensionFilter: SESSION_START_ONLY })).toBe(trueTotal);
  });

  it("reads the site's own URL as the referrer of later page views", () => {
    const response = report(
      {
        dimensions: [{ name: "pageReferrer" }],
        metrics: [{ name: "sessions" }],
        dateRanges: week,
        dimensionFilter: {
          filter: { fieldName: "eventName", stringFilter: { value: "page_view" } },
        },
      },
      property,
      "2026-03-15",
    );
    const own = new URL(PROFILES["well-run-store"].defaultUri).origin;
    const referrers = table(response.rows).map((row) => row[0] ?? "");
    expect(referrers.some((referrer) => referrer.startsWith(`${own}/`))).toBe(true);
    expect(referrers).toContain("");
  });
});
