import { describe, expect, it } from "vitest";
import { dayNumber, formatDay } from "./calendar.ts";
import {
  createSyntheticProperty,
  FACT_DIMENSIONS,
  type FactRow,
  PROFILE_KEYS,
  PROFILES,
  type PropertyProfile,
  TEST_PROFILES,
} from "./index.ts";

const CHANNELS = new Set([
  "Direct",
  "Cross-network",
  "Paid Shopping",
  "Paid Search",
  "Paid Social",
  "Paid Video",
  "Display",
  "Paid Other",
  "Organic Shopping",
  "Organic Social",
  "Organic Video",
  "Organic Search",
  "Referral",
  "Email",
  "Affiliates",
  "Audio",
  "SMS",
  "Mobile Push Notifications",
  "Unassigned",
]);

/** The manual dimension each UTM parameter fills (ga4-protocol.md §4.1, §6.1). */
const MANUAL_OF = {
  utm_source: "sessionManualSource",
  utm_medium: "sessionManualMedium",
  utm_campaign: "sessionManualCampaignName",
  utm_id: "sessionManualCampaignId",
  utm_term: "sessionManualTerm",
  utm_content: "sessionManualAdContent",
} as const;

/** `count` days ending on `last` (YYYYMMDD), oldest first. */
function daysUntil(last: string, count: number): string[] {
  const end = dayNumber(last);
  return Array.from({ length: count }, (_, i) => formatDay(end - count + 1 + i));
}

/** The UTM values a landing URL carries, read independently of the generator: first one wins. */
function landingUtms(landing: string): Map<string, string> {
  const utms = new Map<string, string>();
  const at = landing.indexOf("?");
  if (at < 0) return utms;
  for (const pair of landing.slice(at + 1).split("&")) {
    const [name = "", ...rest] = pair.split("=");
    if (!(name in MANUAL_OF) || utms.has(name)) continue;
    utms.set(name, decodeURIComponent(rest.join("=").replaceAll("+", " ")));
  }
  return utms;
}

function realismProblems(row: FactRow, date: string, host: string): string[] {
  const problems: string[] = [];
  const fail = (what: string) => problems.push(`${what}: ${JSON.stringify(row)}`);
  for (const dimension of FACT_DIMENSIONS) {
    if (typeof row[dimension] !== "string") fail(`${dimension} is not a string`);
    if (dimension !== "pageReferrer" && row[dimension] === "") fail(`${dimension} is empty`);
  }
  if (row.date !== date) fail("date is not the day asked for");
  if (row.hostName !== host) fail("hostName is not the site's host");
  if (!["desktop", "mobile", "tablet"].includes(row.deviceCategory)) fail("deviceCategory");
  if (!CHANNELS.has(row.sessionDefaultChannelGroup)) fail("unknown channel group");
  if (row.pageReferrer !== "" && !/^https?:\/\/[^/]+\//.test(row.pageReferrer)) {
    fail("pageReferrer is neither empty nor a full URL");
  }
  if (!Number.isInteger(row.sessions) || row.sessions < 1) fail("sessions");
  if (!Number.isInteger(row.engagedSessions) || row.engagedSessions < 0) fail("engagedSessions");
  if (row.engagedSessions > row.sessions) fail("more engaged sessions than sessions");
  if (!Number.isInteger(row.keyEvents) || row.keyEvents < 0) fail("keyEvents");
  if (row.keyEvents > row.sessions) fail("more key events than sessions");
  if (!Number.isInteger(row.totalUsers) || row.totalUsers < 1) fail("totalUsers");
  if (row.totalUsers > row.sessions) fail("more users than sessions");
  if (!Number.isInteger(row.multiPageSessions) || row.multiPageSessions < 0) fail("multi-page");
  // A multi-page session is engaged ("2 or more screen views"); a key event follows a later page.
  if (row.multiPageSessions > row.engagedSessions) fail("multi-page sessions not engaged");
  if (row.keyEvents > row.multiPageSessions) fail("a key event on a one-page session");
  if (row.pageViews < row.sessions + row.multiPageSessions) fail("too few page views");
  if (row.eventCount !== row.sessions + row.pageViews + row.keyEvents) fail("eventCount");
  const landing = row.landingPagePlusQueryString;
  if (!landing.startsWith("/")) fail("landing is not a path");
  if (landing.split("?")[0] !== row.landingPage) fail("landingPage is not the landing's path");
  const utms = landingUtms(landing);
  for (const [param, dimension] of Object.entries(MANUAL_OF)) {
    const written = utms.get(param);
    const expected = written === undefined || written === "" ? "(not set)" : written;
    if (row[dimension] !== expected) fail(`${dimension} does not match ${param} in the landing`);
  }
  const autoTagged = /[?&]gclid=/.test(landing);
  if (!autoTagged && utms.size > 0) {
    // Without auto-tagging, GA4's session dimensions are the UTMs (§6.3).
    if (row.sessionSource !== row.sessionManualSource) fail("source differs from the UTM");
    if (row.sessionMedium !== row.sessionManualMedium) fail("medium differs from the UTM");
  }
  if (autoTagged && (row.sessionSource !== "google" || row.sessionMedium !== "cpc")) {
    fail("an auto-tagged click is not google / cpc");
  }
  if (row.sessionSource === "(direct)" && row.sessionDefaultChannelGroup !== "Direct") {
    fail("(direct) outside Direct");
  }
  return problems;
}

describe("rowsForDay", () => {
  const profile = PROFILES["well-run-store"];

  it("gives the same rows in the same order for the same profile and day", () => {
    const first = createSyntheticProperty(profile).rowsForDay("20260310");
    const again = createSyntheticProperty({ ...profile }).rowsForDay("20260310");
    expect(first.length).toBeGreaterThan(0);
    expect(again).toEqual(first);
  });

  it("gives other rows on another day, and another seed gives other rows", () => {
    const property = createSyntheticProperty(profile);
    const reseeded = createSyntheticProperty({ ...profile, seed: profile.seed + 1 });
    const day = property.rowsForDay("20260310");
    expect(property.rowsForDay("20260311")).not.toEqual(day);
    expect(reseeded.rowsForDay("20260310")).not.toEqual(day);
  });

  it("keeps no state between calls: a day asked for again is unchanged", () => {
    const property = createSyntheticProperty(profile);
    const before = property.rowsForDay("20260310");
    for (const date of daysUntil("20260309", 5)) property.rowsForDay(date);
    expect(property.rowsForDay("20260310")).toEqual(before);
  });

  it("has no rows before the property's creation day in its time zone", () => {
    // 02:00 UTC on 1 March is still 28 February in Los Angeles.
    const late: PropertyProfile = {
      ...profile,
      createTime: "2025-03-01T02:00:00Z",
      timeZone: "America/Los_Angeles",
    };
    const property = createSyntheticProperty(late);
    expect(property.rowsForDay("20250227")).toEqual([]);
    expect(property.rowsForDay("20240101")).toEqual([]);
    expect(property.rowsForDay("20250228").length).toBeGreaterThan(0);
  });

  it("gives a profile without a plan of its own a clean shop", () => {
    const property = createSyntheticProperty({ ...profile, key: "test-shop", injectedErrors: [] });
    const rows = property.rowsForDay("20260310");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.sessionSource)).not.toContain("paypal.com");
  });

  it("rejects a date that is not YYYYMMDD", () => {
    const property = createSyntheticProperty(profile);
    expect(() => property.rowsForDay("2026-03-10")).toThrow(RangeError);
    expect(() => property.rowsForDay("20260230")).toThrow(RangeError);
  });

  it.each([
    ...PROFILE_KEYS.map((key) => [key, PROFILES[key]] as const),
    ["hostile-text", TEST_PROFILES["hostile-text"]] as const,
  ])("%s writes rows as GA4 reports them", (key, profile) => {
    const property = createSyntheticProperty(profile);
    const host = new URL(profile.defaultUri).host;
    const days = key === "huge-publisher" ? daysUntil("20261115", 1) : daysUntil("20261115", 7);
    const problems: string[] = [];
    for (const date of days) {
      for (const row of property.rowsForDay(date))
        problems.push(...realismProblems(row, date, host));
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it.each(PROFILE_KEYS.filter((key) => key !== "huge-publisher").map((key) => [key]))(
    "%s comes close to its daily sessions and rows over four weeks",
    (key) => {
      const profile = PROFILES[key];
      const property = createSyntheticProperty(profile);
      const days = daysUntil("20261115", 28);
      let sessions = 0;
      let rows = 0;
      for (const date of days) {
        const dayRows = property.rowsForDay(date);
        rows += dayRows.length;
        for (const row of dayRows) sessions += row.sessions;
      }
      expect(sessions / days.length).toBeGreaterThan(profile.dailySessions * 0.85);
      expect(sessions / days.length).toBeLessThan(profile.dailySessions * 1.15);
      expect(rows / days.length).toBeGreaterThan(profile.dailyRows * 0.8);
      expect(rows / days.length).toBeLessThan(profile.dailyRows * 1.2);
    },
  );

  it.each(PROFILE_KEYS.filter((key) => key !== "huge-publisher").map((key) => [key]))(
    "%s has 35-60% multi-page sessions and about two pages a session",
    (key) => {
      const property = createSyntheticProperty(PROFILES[key]);
      let sessions = 0;
      let multiPage = 0;
      let pageViews = 0;
      for (const date of daysUntil("20261115", 28)) {
        for (const row of property.rowsForDay(date)) {
          sessions += row.sessions;
          multiPage += row.multiPageSessions;
          pageViews += row.pageViews;
        }
      }
      expect(multiPage / sessions).toBeGreaterThan(0.35);
      expect(multiPage / sessions).toBeLessThan(0.6);
      expect(pageViews / sessions).toBeGreaterThan(1.6);
      expect(pageViews / sessions).toBeLessThan(3);
    },
  );
});
