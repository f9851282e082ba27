/**
 * Hand-built synthetic properties for the Data API and Admin API tests: a few fact rows a day
 * whose sums are easy to work out by hand, independent of the real generator.
 */
import type { FactRow, PropertyProfile, SyntheticProperty } from "../../synthetic/types.ts";

/** The property's current day in the tests; data exists up to 2026-03-14. */
export const TODAY = "2026-03-15";

export function profile(overrides: Partial<PropertyProfile> = {}): PropertyProfile {
  return {
    key: "test-store",
    propertyId: "300000001",
    displayName: "Test Store",
    defaultUri: "https://www.example.com",
    timeZone: "America/New_York",
    currencyCode: "USD",
    serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
    createTime: "2025-06-01T09:00:00Z",
    seed: 1,
    dailySessions: 30,
    dailyRows: 5,
    injectedErrors: [],
    ...overrides,
  };
}

/**
 * A fact row of direct traffic to the home page, with `overrides` on top. Unless given, every
 * session viewed one page (no multi-page sessions) and `eventCount` follows from the rest.
 */
export function fact(overrides: Partial<FactRow> = {}): FactRow {
  const sessions = overrides.sessions ?? 1;
  const keyEvents = overrides.keyEvents ?? 0;
  const multiPageSessions = overrides.multiPageSessions ?? 0;
  const pageViews = overrides.pageViews ?? sessions + multiPageSessions;
  return {
    date: "20260314",
    sessionSource: "(direct)",
    sessionMedium: "(none)",
    sessionCampaignName: "(not set)",
    sessionCampaignId: "(not set)",
    sessionDefaultChannelGroup: "Direct",
    sessionManualSource: "(direct)",
    sessionManualMedium: "(none)",
    sessionManualCampaignName: "(not set)",
    sessionManualCampaignId: "(not set)",
    sessionManualTerm: "(not set)",
    sessionManualAdContent: "(not set)",
    landingPage: "/",
    landingPagePlusQueryString: "/",
    pageReferrer: "",
    hostName: "www.example.com",
    deviceCategory: "desktop",
    sessions,
    keyEvents,
    totalUsers: 1,
    engagedSessions: 1,
    eventCount: sessions + pageViews + keyEvents,
    multiPageSessions,
    pageViews,
    ...overrides,
  };
}

export interface FakeProperty extends SyntheticProperty {
  /** Every day `rowsForDay` was asked for, in order. */
  readonly requestedDays: string[];
}

/**
 * A property whose rows on day `date` (YYYYMMDD) are `rowsOf(date)`, each stamped with the day.
 * Days before `createTime` are empty, as the generator's are.
 */
export function fakeProperty(
  rowsOf: (date: string) => readonly Partial<FactRow>[],
  overrides: Partial<PropertyProfile> = {},
): FakeProperty {
  const requestedDays: string[] = [];
  const propertyProfile = profile(overrides);
  const firstDay = propertyProfile.createTime.slice(0, 10).replaceAll("-", "");
  return {
    profile: propertyProfile,
    requestedDays,
    rowsForDay(date) {
      requestedDays.push(date);
      if (date < firstDay) return [];
      return rowsOf(date).map((row) => fact({ ...row, date }));
    },
  };
}

/** Five kinds of traffic, the same every day. */
export const DAILY_TRAFFIC: readonly Partial<FactRow>[] = [
  {
    sessionSource: "google",
    sessionMedium: "organic",
    sessionDefaultChannelGroup: "Organic Search",
    sessionManualSource: "(not set)",
    sessionManualMedium: "(not set)",
    landingPage: "/products",
    landingPagePlusQueryString: "/products",
    sessions: 10,
    keyEvents: 1,
    totalUsers: 8,
    engagedSessions: 6,
  },
  {
    sessionSource: "newsletter",
    sessionMedium: "email",
    sessionCampaignName: "spring_sale",
    sessionDefaultChannelGroup: "Email",
    sessionManualSource: "newsletter",
    sessionManualMedium: "email",
    sessionManualCampaignName: "spring_sale",
    landingPage: "/sale",
    landingPagePlusQueryString: "/sale?utm_source=newsletter&utm_medium=email",
    sessions: 5,
    keyEvents: 2,
    totalUsers: 5,
    engagedSessions: 4,
  },
  {
    sessionSource: "facebook",
    sessionMedium: "Social",
    sessionCampaignName: "spring_sale",
    sessionDefaultChannelGroup: "Organic Social",
    sessionManualSource: "facebook",
    sessionManualMedium: "Social",
    sessionManualCampaignName: "spring_sale",
    landingPage: "/sale",
    landingPagePlusQueryString: "/sale?utm_source=facebook&utm_medium=Social",
    deviceCategory: "mobile",
    sessions: 3,
    keyEvents: 0,
    totalUsers: 3,
    engagedSessions: 1,
  },
  { sessions: 7, keyEvents: 1, totalUsers: 6, engagedSessions: 5 },
  {
    sessionSource: "google",
    sessionMedium: "cpc",
    sessionCampaignName: "Brand",
    sessionDefaultChannelGroup: "Paid Search",
    sessionManualSource: "google",
    sessionManualMedium: "cpc",
    sessionManualCampaignName: "Brand",
    sessionManualTerm: "",
    landingPage: "/",
    landingPagePlusQueryString: "/?gclid=abc",
    sessions: 4,
    keyEvents: 0,
    totalUsers: 4,
    engagedSessions: 3,
  },
];

export function dailyTrafficProperty(overrides: Partial<PropertyProfile> = {}): FakeProperty {
  return fakeProperty(() => DAILY_TRAFFIC, overrides);
}
